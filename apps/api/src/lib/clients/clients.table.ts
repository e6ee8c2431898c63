import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../auth/accounts.table';
import { clientActivities, clientCategories, clientCircuits, clientTypes } from './classification.table';
import { badges } from './badges.table';

const money = (name: string) => numeric(name, { precision: 14, scale: 3 }).notNull().default('0');
const code = (name: string, length = 50) => varchar(name, { length });

/**
 * Business clients: identity (step 1), commercial terms (step 2), delivery
 * (step 3), and the figures the list shows. The figures are columns kept by the writes that change
 * them (points by the ledger, turnover and rebates by the later sync and rewards work), so the list
 * sorts and pages on them in SQL at 100,000 clients.
 */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    // Step 1: identity
    code: varchar('code_client', { length: 30 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    tva: code('tva'),
    rne: code('rne'),
    patent: code('patent'),
    address: varchar('address', { length: 255 }),
    // Nullable although both forms require them: clients from the ERP may come with gaps.
    typeClientId: integer('type_client_id').references(() => clientTypes.id, { onDelete: 'restrict' }),
    gsm: varchar('gsm', { length: 20 }),
    circuitId: integer('circuit_id').references(() => clientCircuits.id, { onDelete: 'restrict' }),
    activityId: integer('activity_id').references(() => clientActivities.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id').references(() => clientCategories.id, { onDelete: 'restrict' }),
    badgeId: integer('badge_id').references(() => badges.id, { onDelete: 'restrict' }),
    chefZoneId: integer('chef_zone_id').references(() => users.id, { onDelete: 'restrict' }),
    isActive: smallint('is_active').notNull().default(1),
    /** 0 En cours, 1 Validé, 2 Refusé (@app/domain CLIENT_STATUS). */
    status: smallint('status').notNull().default(0),
    // Step 2: commercial terms
    numSiret: code('num_siret'),
    cFacture: code('c_facture'),
    cPayeur: code('c_payeur'),
    cGroup: code('c_group'),
    cRisque: code('c_risque'),
    taxe: code('taxe'),
    percentage: numeric('percentage', { precision: 14, scale: 3 }),
    paiement: code('paiement', 100),
    reglement: code('reglement', 100),
    delaiRecuperation: integer('delai_recuperation'),
    encoursCommercial: numeric('encours_commercial', { precision: 14, scale: 3 }),
    codeComptable: code('code_comptable'),
    section: code('section'),
    encoursAutorise: numeric('encours_autorise', { precision: 14, scale: 3 }),
    representant1: varchar('representant_1', { length: 100 }),
    representant2: varchar('representant_2', { length: 100 }),
    observations: text('observations'),
    // Step 3: delivery
    gouvernorat: varchar('gouvernorat', { length: 30 }),
    region: varchar('region', { length: 100 }),
    destination: varchar('destination', { length: 100 }),
    city: varchar('city', { length: 100 }),
    postalCode: varchar('postal_code', { length: 10 }),
    fax: varchar('fax', { length: 20 }),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    addLivraison: varchar('add_livraison', { length: 255 }),
    modeLivraison: varchar('mode_livraison', { length: 100 }),
    delaiLivraison: integer('delai_livraison'),
    site: varchar('site', { length: 100 }),
    // Detail fields
    gsmSys: varchar('gsm_sys', { length: 20 }),
    gsmFid: varchar('gsm_fid', { length: 20 }),
    email: varchar('email', { length: 190 }),
    userFidId: integer('user_fid_id').references(() => users.id, { onDelete: 'set null' }),
    inscription: date('inscription', { mode: 'string' }).notNull().default(sql`(now() at time zone 'Africa/Tunis')::date`),
    /** Last connection of one of the client's users on the mobile app. */
    lastUse: timestamp('last_use', { withTimezone: true }),
    // Figures kept by the writes that change them
    pointsFid: integer('points_fid').notNull().default(0),
    /** Points earned in pointsYear (Africa/Tunis); another year reads as 0. */
    pointsFidN: integer('points_fid_n').notNull().default(0),
    pointsYear: smallint('points_year'),
    /** Sum of the client's offered points (ledger rows of source offer): the offered-points list. */
    pointsOffered: integer('points_offered').notNull().default(0),
    caN1: money('ca_n_1'),
    remiseGlobal: money('remise_global'),
    remiseN: money('remise_n'),
    remiseN1: money('remise_n_1'),
    ristourneSoldeN1: money('ristourne_solde_n_1'),
    ristourneN1: money('ristourne_n_1'),
    ristourneReste: money('ristourne_reste'),
    ristourneConsumed: money('ristourne_consumed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clients_code_unique').on(sql`lower(${t.code})`),
    check('clients_points_nonnegative', sql`${t.pointsFid} >= 0`),
    // Search (ILIKE through trigrams)
    index('clients_code_trgm').using('gin', t.code.op('gin_trgm_ops')),
    index('clients_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('clients_gsm_trgm').using('gin', t.gsm.op('gin_trgm_ops')),
    // Foreign keys (filters, zone scoping, "still used" checks)
    index('clients_chef_zone_idx').on(t.chefZoneId, t.id),
    index('clients_badge_idx').on(t.badgeId),
    index('clients_type_idx').on(t.typeClientId),
    index('clients_circuit_idx').on(t.circuitId),
    index('clients_activity_idx').on(t.activityId),
    index('clients_category_idx').on(t.categoryId),
    // Sorts of the list (each with the id tie-break the router adds)
    index('clients_code_sort').on(sql`public.sort_key(${t.code})`, t.id),
    index('clients_name_sort').on(sql`public.sort_key(${t.name})`, t.id),
    index('clients_gsm_sort').on(t.gsm, t.id),
    index('clients_gsm_sys_sort').on(t.gsmSys, t.id),
    index('clients_gsm_fid_sort').on(t.gsmFid, t.id),
    index('clients_points_sort').on(t.pointsFid, t.id),
    index('clients_points_n_sort').on(t.pointsYear, t.pointsFidN, t.id),
    index('clients_inscription_sort').on(t.inscription, t.id),
    index('clients_last_use_sort').on(t.lastUse, t.id),
    index('clients_ca_n_1_sort').on(t.caN1, t.id),
    index('clients_remise_global_sort').on(t.remiseGlobal, t.id),
    index('clients_remise_n_sort').on(t.remiseN, t.id),
    index('clients_remise_n_1_sort').on(t.remiseN1, t.id),
    index('clients_ristourne_solde_sort').on(t.ristourneSoldeN1, t.id),
    index('clients_ristourne_n_1_sort').on(t.ristourneN1, t.id),
    index('clients_ristourne_reste_sort').on(t.ristourneReste, t.id),
    index('clients_status_idx').on(t.status, t.id),
    index('clients_points_offered_idx').on(t.pointsOffered, t.id).where(sql`${t.pointsOffered} <> 0`),
  ],
);
