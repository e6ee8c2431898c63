import {
  isBlankRichText,
  type ListQuery,
  listQuery,
  MSG,
  type MessageTemplate,
  TEMPLATE_TYPES,
  type TemplateType,
  templateBody,
  templateFields,
} from '@app/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { compileResource } from '../../lib/crud/compile';
import { exportRows } from '../../lib/crud/crud.routes';
import { orderFor, searchWhere } from '../../lib/crud/list-query';
import { deletedReply, exportParams, idParams } from '../../lib/crud/schemas';
import { EXPORT_CONTENT_TYPES, sendExport } from '../../lib/exports';
import { exportJobParam, exportReplies } from '../../lib/exports/jobs/export-jobs.schemas';
import { AppError, notFound, ok, paged, unpaged } from '../../lib/http';
import { listReply, okReply } from '../../lib/replies';
import { audit, auditEntity, createdFields, diff } from '../../lib/audit/audit.repository';
import { cleanTemplateContent } from './template-text';
import { templatesResource as def } from './templates.resource';
import { messageTemplates as t } from './templates.table';

const r = compileResource(def);
const entity = auditEntity(def.path);
const one = okReply(r.dto);
const tags = [def.tag];
const read = { action: def.actions.read };
const write = { action: def.actions.write };

const typeFilter = { type: z.enum(TEMPLATE_TYPES).optional().describe('email ou sms') };
const listWithType = listQuery.extend(typeFilter);
const exportWithType = listQuery.pick({ search: true, sort: true, order: true }).extend(typeFilter).extend(exportJobParam);
const withoutType = templateFields.omit({ TYPE: true });

type Fields = Omit<MessageTemplate, 'id' | 'ID'>;

/** A whole template (stored fields merged with the body) checked with the domain's full rules. */
function wholeTemplate(input: Record<string, unknown>): Fields {
  const parsed = templateBody.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || 'body';
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    throw new AppError(422, parsed.error.issues[0]?.message ?? MSG.invalidPayload, errors);
  }
  const v = parsed.data;
  const CONTENU = cleanTemplateContent(v.TYPE, v.CONTENU);
  // Cleaning may leave nothing (content made only of forbidden markup).
  if (isBlankRichText(CONTENU)) throw new AppError(422, MSG.required, { CONTENU: [MSG.required] });
  return { ...v, CONTENU };
}

/**
 * Templates: `templating` (list filtered by `?type=`, CRUD with TYPE in the body)
 * and `templating/{type}` (the templates of one type: all of them for selectors, or one page when
 * `page` is given; the screen /layout/templates/{type} adds, edits and deletes through it, the
 * type coming from the path). An id of the other type is 404 under a typed path.
 */
export async function templatesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const scoped = (type: TemplateType | undefined, where?: SQL) => and(type ? eq(t.type, type) : undefined, where);

  const findOne = async (db: Db, id: number, type?: TemplateType): Promise<MessageTemplate | null> => {
    const [row] = await r
      .select(db)
      .rows.where(scoped(type, eq(t.id, id)))
      .limit(1);
    return row ? r.toDto(row) : null;
  };
  const mustFind = async (id: number, type?: TemplateType) => {
    const dto = await findOne(app.db, id, type);
    if (!dto) throw notFound();
    return dto;
  };

  const list = async (q: ListQuery, type?: TemplateType) => {
    const { page, perPage = def.defaultPerPage, search, sort, order } = q;
    const where = scoped(type, await searchWhere(app.db, r.searchTargets, search));
    const orderBy = orderFor(r.sortable, def.defaultSort, def.idColumn, sort, order);
    const query = r.select(app.db);
    if (!page)
      return unpaged(
        (limit) =>
          query.rows
            .where(where)
            .orderBy(...orderBy)
            .limit(limit),
        async () => Number((await query.count.where(where))[0].n),
        (rows) => rows.map(r.toDto),
      );
    const [rows, [{ n }]] = await Promise.all([
      query.rows
        .where(where)
        .orderBy(...orderBy)
        .limit(perPage)
        .offset((page - 1) * perPage),
      query.count.where(where),
    ]);
    return paged(rows.map(r.toDto), Number(n), page, perPage);
  };

  const exportList = async (
    req: FastifyRequest,
    reply: FastifyReply,
    format: 'csv' | 'xlsx' | 'pdf',
    q: Pick<ListQuery, 'search' | 'sort' | 'order'>,
    type?: TemplateType,
  ) => {
    const title = type ? `${def.export.title} (${type === 'email' ? 'email' : 'SMS'})` : def.export.title;
    const fileName = type ? `${def.export.fileName}-${type}` : def.export.fileName;
    req.log.debug({ format, type }, 'templates export');
    return sendExport(reply, {
      format,
      fileName,
      title,
      orientation: def.export.orientation,
      columns: r.exportColumns,
      rows: exportRows(app.db, r, scoped(type), { ...q, tags: undefined }),
    });
  };

  const create = async (req: FastifyRequest, body: Record<string, unknown>) => {
    const whole = wholeTemplate(body);
    const values = r.toValues(whole);
    const id = await app.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(t)
        .values(values as typeof t.$inferInsert)
        .returning({ id: t.id });
      const shown = (await findOne(tx, created.id)) ?? whole;
      await audit(tx, req.user, 'create', entity, created.id, createdFields(Object.keys(whole), shown));
      return created.id;
    });
    return ok(await mustFind(id));
  };

  const update = async (req: FastifyRequest, id: number, body: Record<string, unknown>, type?: TemplateType) => {
    await app.db.transaction(async (tx) => {
      // Merged and written whole (a switch to SMS cleans the stored content), under the row lock: a
      // concurrent edit of another field waits, then merges over this one.
      await tx.select({ id: t.id }).from(t).where(eq(t.id, id)).for('update');
      const before = await findOne(tx, id, type);
      if (!before) throw notFound();
      const { id: _id, ID: _ID, ...stored } = before;
      const values = r.toValues(wholeTemplate({ ...stored, ...body, ...(type ? { TYPE: type } : {}) }));
      await tx
        .update(t)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(t.id, id));
      const after = await findOne(tx, id);
      await audit(tx, req.user, 'update', entity, id, diff(before, after ?? {}));
    });
    return ok(await mustFind(id));
  };

  const remove = async (req: FastifyRequest, id: number, type?: TemplateType) => {
    const before = await findOne(app.db, id, type);
    if (!before) throw notFound();
    await app.db.transaction(async (tx) => {
      await tx.delete(t).where(eq(t.id, id));
      await audit(tx, req.user, 'delete', entity, id, before);
    });
    return ok({ id });
  };

  // Flat resource: TYPE in the body, `?type=` narrows the list.
  app.get(
    '/templating',
    {
      config: read,
      schema: {
        tags,
        summary: `Liste (paginée si page est donné ; ?type=email|sms ; tri : ${Object.keys(r.sortable).join(', ')})`,
        querystring: listWithType,
        response: { 200: listReply(r.dto) },
      },
    },
    (req) => list(req.query, req.query.type),
  );
  app.get(
    '/templating/export/:format',
    {
      config: read,
      schema: {
        tags,
        summary: 'Export de la liste filtrée (CSV, XLSX, PDF portrait)',
        params: exportParams,
        querystring: exportWithType,
        response: exportReplies(EXPORT_CONTENT_TYPES),
      },
    },
    async (req, reply) => exportList(req, reply, req.params.format, req.query, req.query.type),
  );
  app.get('/templating/:id', { config: read, schema: { tags, summary: 'Détail', params: idParams, response: { 200: one } } }, async (req) =>
    ok(await mustFind(req.params.id)),
  );
  app.post('/templating', { config: write, schema: { tags, summary: 'Créer', body: templateFields, response: { 201: one } } }, async (req, reply) => {
    reply.code(201);
    return create(req, req.body);
  });
  app.put(
    '/templating/:id',
    {
      config: write,
      schema: { tags, summary: 'Modifier (champs partiels acceptés)', params: idParams, body: templateFields.partial(), response: { 200: one } },
    },
    (req) => update(req, req.params.id, req.body),
  );
  app.delete('/templating/:id', { config: write, schema: { tags, summary: 'Supprimer', params: idParams, response: { 200: deletedReply } } }, (req) =>
    remove(req, req.params.id),
  );

  // The same calls under templating/{type}: the type comes from the path.
  for (const type of TEMPLATE_TYPES) {
    const base = `/templating/${type}`;
    app.get(
      base,
      {
        config: read,
        schema: {
          tags,
          summary: `Modèles ${type} : tous (sélecteurs), ou une page si page est donné`,
          querystring: listQuery,
          response: { 200: listReply(r.dto) },
        },
      },
      (req) => list(req.query, type),
    );
    app.get(
      `${base}/export/:format`,
      {
        config: read,
        schema: {
          tags,
          summary: `Export des modèles ${type}`,
          params: exportParams,
          querystring: exportWithType.omit({ type: true }),
          response: exportReplies(EXPORT_CONTENT_TYPES),
        },
      },
      async (req, reply) => exportList(req, reply, req.params.format, req.query, type),
    );
    app.get(`${base}/:id`, { config: read, schema: { tags, summary: `Détail d’un modèle ${type}`, params: idParams, response: { 200: one } } }, async (req) =>
      ok(await mustFind(req.params.id, type)),
    );
    app.post(
      `${base}`,
      { config: write, schema: { tags, summary: `Créer un modèle ${type}`, body: withoutType, response: { 201: one } } },
      async (req, reply) => {
        reply.code(201);
        return create(req, { ...req.body, TYPE: type });
      },
    );
    app.put(
      `${base}/:id`,
      {
        config: write,
        schema: {
          tags,
          summary: `Modifier un modèle ${type} (champs partiels acceptés)`,
          params: idParams,
          body: withoutType.partial(),
          response: { 200: one },
        },
      },
      (req) => update(req, req.params.id, req.body, type),
    );
    app.delete(
      `${base}/:id`,
      { config: write, schema: { tags, summary: `Supprimer un modèle ${type}`, params: idParams, response: { 200: deletedReply } } },
      (req) => remove(req, req.params.id, type),
    );
  }
}
