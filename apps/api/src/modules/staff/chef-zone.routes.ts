import { listQuery, type ZoneChief, zoneChiefBody, zoneChiefUpdateBody } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedReply, exportParams, exportQuery, idParams, partialBody } from '../../lib/crud/schemas';
import { EXPORT_CONTENT_TYPES, sendExport } from '../../lib/exports';
import { notFound, ok } from '../../lib/http';
import { fileReply, listReply, okReply } from '../../lib/replies';
import { findZoneChief, listScoped, SCOPE, scopedRows, toZoneChiefs } from './staff.repository';
import { zoneChiefs as r } from './staff.resource';
import { chefZoneRoleId, createAccount, deleteAccount, updateAccount } from './staff.service';

// The compiled row schema plus the name computed after the query; typed as the domain's DTO.
const item = r.dto.extend({ username: z.string() }) as unknown as z.ZodType<ZoneChief>;
const one = okReply(item);
const read = { action: 'chefzone:read' as const };
const write = { action: 'chefzone:write' as const };
const tags = ['staff'];

/**
 * Zone chiefs (spec 1 "Other screens", §3 Zone chief, §5): accounts of role chefZone with a
 * CODE_CHEF_ZONE, signing in with their email and password like any staff account. Any other
 * account's id is 404 here.
 */
export async function chefZoneRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const mustFind = async (id: number) => {
    const chief = await findZoneChief(app.db, id);
    if (!chief) throw notFound();
    return chief;
  };

  app.get(
    '/chef-zone',
    {
      config: read,
      schema: { tags, summary: `Chefs de zone (paginé si page est donné ; tri : ${Object.keys(r.sortable).join(', ')})`, querystring: listQuery, response: { 200: listReply(item) } },
    },
    async (req) => listScoped(app.db, r, SCOPE.zoneChiefs, req.query, toZoneChiefs),
  );

  app.get(
    '/chef-zone/export/:format',
    {
      config: read,
      schema: { tags, summary: 'Export des chefs de zone filtrés (CSV, XLSX, PDF)', params: exportParams, querystring: exportQuery, response: { 200: fileReply(EXPORT_CONTENT_TYPES) } },
    },
    async (req, reply) => {
      const { format } = req.params;
      const rows = scopedRows(app.db, r, SCOPE.zoneChiefs, req.query, toZoneChiefs);
      return sendExport(reply, { format, ...r.def.export, columns: r.exportColumns, rows });
    },
  );

  app.get('/chef-zone/:id', { config: read, schema: { tags, summary: 'Un chef de zone', params: idParams, response: { 200: one } } }, async (req) =>
    ok(await mustFind(req.params.id)),
  );

  app.post(
    '/chef-zone',
    { config: write, schema: { tags, summary: 'Créer un chef de zone (mot de passe et code obligatoires)', body: zoneChiefBody, response: { 201: one } } },
    async (req, reply) => {
      const { PASSWORD, ...body } = req.body;
      const values = { ...r.toValues(body), roleId: await chefZoneRoleId(app.db) };
      const id = await createAccount(app.db, req.user!, values, PASSWORD, { fields: Object.keys(body), read: findZoneChief });
      reply.code(201);
      return ok(await mustFind(id));
    },
  );

  app.put(
    '/chef-zone/:id',
    {
      config: write,
      schema: { tags, summary: 'Modifier un chef de zone (champs partiels ; pas de mot de passe)', params: idParams, body: partialBody(zoneChiefUpdateBody), response: { 200: one } },
    },
    async (req) => {
      const before = await mustFind(req.params.id);
      const values = r.toValues(req.body as Record<string, unknown>);
      await updateAccount(app.db, req.user!, before.id, values, before, (db) => findZoneChief(db, before.id));
      return ok(await mustFind(before.id));
    },
  );

  app.delete(
    '/chef-zone/:id',
    { config: write, schema: { tags, summary: 'Supprimer un chef de zone (409 s’il a encore des clients)', params: idParams, response: { 200: deletedReply } } },
    async (req) => {
      const before = await mustFind(req.params.id);
      await deleteAccount(app.db, req.user!, before.id, before);
      return ok({ id: before.id });
    },
  );
}
