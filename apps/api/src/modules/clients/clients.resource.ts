import {
  canChangeBadge,
  type Client,
  CLIENT_MESSAGES,
  CLIENT_STATUS,
  clientCreateBody,
  clientsMeta,
  clientUpdateBody,
  clientYearLabels,
  formatDate,
  MSG,
  todayInTunis,
} from '@app/domain';
import { eq, ilike, sql } from 'drizzle-orm';
import { fkIn, idIn } from '../../lib/crud/list-query';
import { alias } from 'drizzle-orm/pg-core';
import { expiringFor } from '../loyalty';
import { z } from 'zod';
import { dateTimeField, flag01Field, moneyField, orEmpty } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { sharedLoad } from '../../lib/crud/shared-load';
import { users } from '../../lib/auth/accounts.table';
import { clientActivities, clientCategories, clientCircuits, clientTypes } from '../../lib/clients/classification.table';
import { badges } from '../../lib/clients/badges.table';
import { assertZoneChief, chefNameLike, clientsScope, keepOwnClient } from '../../lib/clients/client-ownership';
import { clients as c } from '../../lib/clients/clients.table';
import { afterClientWrite, assertMayChangeBadge } from './clients.writes';

const chef = alias(users, 'chef');
/** The expiring points and their date come from one read of the page's lots. */
const expiring = sharedLoad(expiringFor);
const numberField = { read: (v: unknown) => (v == null ? null : Number(v)), schema: z.number() };
const chefName = sql<string>`nullif(trim(${chef.firstname} || ' ' || ${chef.lastname}), '')`;
/** POINTS_FID_N counts for the current year only (Africa/Tunis); another year reads as 0. */
const pointsThisYear = sql<number>`(case when ${c.pointsYear} = extract(year from now() at time zone 'Africa/Tunis') then ${c.pointsFidN} else 0 end)`;
const seniorityDays = sql<number>`((now() at time zone 'Africa/Tunis')::date - ${c.inscription})`;
/** The current year of Tunis (export headers). */
const year = () => Number(todayInTunis().slice(0, 4));
/** Read once, as the server starts (the export headers of a server running across New Year keep the old year). */
const yearLabels = clientYearLabels(year());

export const clientsResource = defineResource<Client>()({
  meta: clientsMeta,
  tag: 'clients',
  wholeCount: 'clients',
  actions: { read: 'clients:read', write: 'clients:write' },
  table: c,
  idColumn: c.id,
  body: clientCreateBody,
  updateBody: clientUpdateBody,
  joins: [
    { table: clientTypes, on: eq(clientTypes.id, c.typeClientId), kind: 'left' },
    { table: clientCircuits, on: eq(clientCircuits.id, c.circuitId), kind: 'left' },
    { table: clientActivities, on: eq(clientActivities.id, c.activityId), kind: 'left' },
    { table: clientCategories, on: eq(clientCategories.id, c.categoryId), kind: 'left' },
    { table: badges, on: eq(badges.id, c.badgeId), kind: 'left' },
    { table: chef, on: eq(chef.id, c.chefZoneId), kind: 'left' },
  ],
  // A zone chief sees and changes his own clients, everywhere.
  scope: clientsScope,
  prepare: async (values, { user, mode, id, db }) => {
    keepOwnClient(user, values, mode);
    if ('chefZoneId' in values) {
      // A chief set before the rule (the ERP, an older version) may stay as it is; a change must name a zone chief.
      const [current] = mode === 'update' && id ? await db.select({ chef: c.chefZoneId }).from(c).where(eq(c.id, id)) : [];
      if (!current || current.chef !== values.chefZoneId) await assertZoneChief(db, values.chefZoneId as number | null);
    }
    if ('badgeId' in values && !canChangeBadge(user.role)) {
      const [current] = mode === 'update' && id ? await db.select({ badgeId: c.badgeId }).from(c).where(eq(c.id, id)) : [];
      assertMayChangeBadge(user, current?.badgeId ?? null, values.badgeId);
      // Unchanged: not written at all, so a stale form cannot put back a badge changed meanwhile.
      delete values.badgeId;
    }
  },
  afterWrite: afterClientWrite,
  fields: [
    // The 19 list columns first, in the spec's order (they are the export's columns too).
    { api: 'CODE_CLIENT', column: c.code, search: true, sort: 'text', export: { width: 1 } },
    { api: 'NAME', column: c.name, search: true, sort: 'text', export: { width: 2 } },
    { api: 'GSM', column: c.gsm, search: true, sort: true, export: { width: 1, format: orEmpty } },
    { api: 'GSM_SYS', column: c.gsmSys, sort: true, export: { width: 1, format: orEmpty } },
    { api: 'GSM_FID', column: c.gsmFid, sort: true, export: { width: 1, format: orEmpty } },
    {
      api: 'CHEF_ZONE_NAME',
      column: chefName,
      schema: z.string().nullable(),
      search: chefNameLike,
      sort: sql`public.sort_key(${chefName})`,
      export: { width: 1.5, format: orEmpty },
    },
    {
      api: 'BADGE_NAME',
      column: badges.name,
      search: (p) => fkIn(c.badgeId, sql`select ${badges.id} from ${badges} where ${ilike(badges.name, p)}`),
      sort: 'text',
      export: { width: 1, format: orEmpty },
    },
    { api: 'ANCIENNETE', column: seniorityDays, schema: z.number().int(), sort: seniorityDays, export: { header: 'Ancienneté (jours)', width: 1 } },
    { api: 'POINTS_FID', column: c.pointsFid, sort: true, export: { width: 1 } },
    { api: 'POINTS_FID_N', column: pointsThisYear, schema: z.number().int(), sort: pointsThisYear, export: { header: yearLabels.POINTS_FID_N, width: 1 } },
    { api: 'REMISE_GLOBAL', column: c.remiseGlobal, ...moneyField, sort: true, export: { width: 1 } },
    { api: 'REMISE_N', column: c.remiseN, ...moneyField, sort: true, export: { header: yearLabels.REMISE_N, width: 1 } },
    { api: 'REMISE_N_1', column: c.remiseN1, ...moneyField, sort: true, export: { header: yearLabels.REMISE_N_1, width: 1 } },
    { api: 'CA_N_1', column: c.caN1, ...moneyField, sort: true, export: { header: yearLabels.CA_N_1, width: 1 } },
    { api: 'RISTOURNE_SOLDE_N_1', column: c.ristourneSoldeN1, ...moneyField, sort: true, export: { header: yearLabels.RISTOURNE_SOLDE_N_1, width: 1 } },
    { api: 'RISTOURNE_N_1', column: c.ristourneN1, ...moneyField, sort: true, export: { header: yearLabels.RISTOURNE_N_1, width: 1 } },
    { api: 'RISTOURNE_RESTE', column: c.ristourneReste, ...moneyField, sort: true, export: { width: 1 } },
    { api: 'INSCRIPTION', column: c.inscription, sort: true, export: { width: 1, format: (v) => formatDate(v as string) } },
    { api: 'LASTUSE', column: c.lastUse, ...dateTimeField, sort: true, export: { width: 1, format: (v) => formatDate(v as string) } },
    // The rest of the form (steps 1, 2, 3) and the detail page.
    { api: 'TVA', column: c.tva },
    { api: 'RNE', column: c.rne },
    { api: 'PATENT', column: c.patent },
    { api: 'ADDRESS', column: c.address },
    { api: 'TYPE_CLIENT_ID', column: c.typeClientId },
    { api: 'TYPE_CLIENT_NAME', column: clientTypes.name },
    { api: 'CIRCUIT', column: c.circuitId },
    { api: 'CIRCUIT_NAME', column: clientCircuits.name },
    { api: 'ACTIVITE', column: c.activityId },
    { api: 'ACTIVITE_NAME', column: clientActivities.name },
    { api: 'CATEGORY', column: c.categoryId },
    { api: 'CATEGORY_NAME', column: clientCategories.name },
    { api: 'BADGES_ID', column: c.badgeId },
    { api: 'CHEF_ZONE_ID', column: c.chefZoneId },
    { api: 'CODE_CHEF_ZONE', column: chef.codeChefZone },
    {
      api: 'USERS',
      schema: z.array(z.number().int()),
      load: async (db, ids) => {
        const rows = await db.select({ id: users.id, clientId: users.clientId }).from(users).where(idIn(users.clientId, ids)).orderBy(users.id);
        const out = new Map<number, number[]>();
        for (const r of rows) out.set(r.clientId!, [...(out.get(r.clientId!) ?? []), r.id]);
        return out;
      },
      read: (v) => v ?? [],
    },
    // The detail's « Points expirant sous 30 jours », from the client's lots.
    {
      api: 'POINTS_EXPIRANT',
      schema: z.number().int(),
      load: async (db, ids) => new Map([...(await expiring(db, ids))].map(([id, e]) => [id, e.points])),
      read: (v) => v ?? 0,
    },
    {
      api: 'DATE_EXPIRATION',
      schema: z.string().nullable(),
      load: async (db, ids) => new Map([...(await expiring(db, ids))].map(([id, e]) => [id, e.lastDay])),
      read: (v) => v ?? null,
    },
    { api: 'IS_ACTIVE', column: c.isActive, ...flag01Field, sort: true },
    { api: 'STATUS', column: c.status, sort: true, export: { width: 1, format: (v) => CLIENT_STATUS.label(v as number) } },
    { api: 'NUM_SIRET', column: c.numSiret },
    { api: 'C_FACTURE', column: c.cFacture },
    { api: 'C_PAYEUR', column: c.cPayeur },
    { api: 'C_GROUP', column: c.cGroup },
    { api: 'C_RISQUE', column: c.cRisque },
    { api: 'TAXE', column: c.taxe },
    { api: 'PERCENTAGE', column: c.percentage, ...numberField },
    { api: 'PAIEMENT', column: c.paiement },
    { api: 'REGLEMENT', column: c.reglement },
    { api: 'DELAI_RECUPERATION', column: c.delaiRecuperation },
    { api: 'ENCOURS_COMMERCIAL', column: c.encoursCommercial, ...numberField },
    { api: 'CODE_COMPTABLE', column: c.codeComptable },
    { api: 'SECTION', column: c.section },
    { api: 'ENCOURS_AUTORISE', column: c.encoursAutorise, ...numberField },
    { api: 'REPRESENTANT_1', column: c.representant1 },
    { api: 'REPRESENTANT_2', column: c.representant2 },
    { api: 'OBSERVATIONS', column: c.observations },
    { api: 'GOUVERNORAT', column: c.gouvernorat },
    { api: 'REGION', column: c.region },
    { api: 'DESTINATION', column: c.destination },
    { api: 'CITY', column: c.city },
    { api: 'POSTAL_CODE', column: c.postalCode },
    { api: 'FAX', column: c.fax },
    { api: 'Latitude', column: c.latitude, ...numberField },
    { api: 'Longitude', column: c.longitude, ...numberField },
    { api: 'ADD_LIVRAISON', column: c.addLivraison },
    { api: 'MODE_LIVRAISON', column: c.modeLivraison },
    { api: 'DELAI_LIVRAISON', column: c.delaiLivraison },
    { api: 'SITE', column: c.site },
    { api: 'EMAIL', column: c.email },
    { api: 'RISTOURNE_CONSUMED', column: c.ristourneConsumed, ...moneyField },
  ],
  unique: { clients_code_unique: { field: 'CODE_CLIENT', message: CLIENT_MESSAGES.codeExists } },
  inUseMessage: MSG.inUse('ce client a encore des utilisateurs, des points ou des commandes'),
  media: { names: { image: 'image' } },
});
