import { type ListQuery, listQuery, MSG } from '@app/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type Db, readTogether } from '../../db/client';
import type { CurrentUser } from '../auth/current-user';
import { audit, auditEntity, createdFields, diff } from '../audit/audit.repository';
import { deleteMedia } from '../media/media.service';
import { mediaFor, mediaListFor } from '../media/media.service';
import { type CountedRows, EXPORT_CONTENT_TYPES, type ExportFormat, sendExport as sendExportReply } from '../exports';
import { exportReplies } from '../exports/jobs/export-jobs.schemas';
import { AppError, notFound, ok, paged, unpaged } from '../http';
import { listReply, okReply } from '../replies';
import { withCleanRichText } from '../rich-text';
import { hashPassword } from '../password';
import { isReferenceViolation, pgError, UNIQUE_VIOLATION } from '../pg-errors';
import { type CompiledResource, compileResource, PAGE_TOTAL } from './compile';
import { formCreate } from './form-body';
import { rowCount, rowCountSql } from '../counts/row-counts';
import { idIn, inWrittenJoinOrder, orderFor, searchWhere } from './list-query';
import { registerResourceMedia } from './media.routes';
import type { ResourceDef } from './resource';
import { ownedByConfig } from './ownership';
import { lockPositions } from './positions';
import { deletedReply, exportParams, exportQuery, idParams, mergeForUpdate, partialBody, reorderBody, reorderReply } from './schemas';
import { rowsOf } from '../../db/rows';

/** Rows read per export query: small enough that a batch dies young instead of piling up in the old heap (RSS). */
export const EXPORT_BATCH = 500;

/** Turns a unique or foreign-key violation into the resource's own message. */
function dbConflict(def: Pick<ResourceDef<{ id: number }>, 'unique' | 'inUseMessage' | 'conflict'>, err: unknown): AppError | null {
  const own = def.conflict?.(err);
  if (own) return own;
  const e = pgError(err);
  if (e?.code === UNIQUE_VIOLATION) {
    const u = e.constraint ? def.unique?.[e.constraint] : undefined;
    if (u) return new AppError(422, u.message, { [u.field]: [u.message] });
    return new AppError(422, 'Cette valeur existe déjà.');
  }
  if (isReferenceViolation(e)) return new AppError(409, def.inUseMessage);
  return null;
}

/**
 * Adds the loaded fields and the first media to each DTO; the reads go out together. For an export's
 * DTOs (`forExport`), only what its columns read.
 */
export async function withMedia<Dto extends { id: number }>(db: Db, r: CompiledResource<Dto>, dtos: Dto[], forExport = false): Promise<Dto[]> {
  const media = forExport ? r.def.media?.export && r.def.media : r.def.media;
  const load = () => (forExport ? r.loadExport : r.load)(db, dtos);
  if (!media || !dtos.length) {
    await load();
    return dtos;
  }
  const first = Object.keys(media.names)[0];
  const ids = dtos.map((d) => d.id);
  if (media.multiple) {
    const [, lists] = await readTogether(db, [load, () => mediaListFor(db, r.def.path, ids, first)]);
    for (const d of dtos) (d as { MEDIA?: unknown }).MEDIA = lists.get(d.id) ?? [];
    return dtos;
  }
  const [, files] = await readTogether(db, [load, () => mediaFor(db, r.def.path, ids, first)]);
  for (const d of dtos) (d as { MEDIA?: unknown }).MEDIA = files.get(d.id) ?? null;
  return dtos;
}

/** Rows of `select().rows` as every reply gives them: loaded fields and media, then the resource's `present` step. */
export async function toReplies<Dto extends { id: number }>(db: Db, r: CompiledResource<Dto>, rows: Record<string, unknown>[]): Promise<Dto[]> {
  const dtos = await withMedia(db, r, rows.map(r.toDto));
  return r.def.present && dtos.length ? r.def.present.apply(db, dtos) : dtos;
}

/** Reply schema of one item: the compiled DTO, with the fields `present` adds. */
export const itemSchema = <Dto extends { id: number }>(r: CompiledResource<Dto>): z.ZodObject => (r.def.present ? r.dto.extend(r.def.present.shape) : r.dto);

type ListParams = Pick<ListQuery, 'page' | 'perPage' | 'search' | 'tags' | 'sort' | 'order'>;

/** One page (with `page`) or the whole list up to the unpaged cap, searched and sorted in SQL; `where` adds the slice, scope and filters. */
export async function listPage<Dto extends { id: number }>(db: Db, r: CompiledResource<Dto>, where: SQL | undefined, query: ListParams) {
  const { page, perPage = r.def.defaultPerPage, search, tags: terms, sort, order } = query;
  const all = and(where, await searchWhere(db, r.searchTargets, search, terms));
  const orderBy = orderFor(r.sortable, r.def.defaultSort, r.def.idColumn, sort, order);
  const q = r.select(db);
  if (!page)
    return unpaged(
      (limit) =>
        q.rows
          .where(all)
          .orderBy(...orderBy)
          .limit(limit),
      async () => Number((await q.count.where(all))[0].n),
      (rows) => toReplies(db, r, rows),
    );
  // The page and its total in one statement: a statement is a round trip and a parse, plan and run in
  // PostgreSQL, and most of a list call's cost. The whole list's total is the kept count (wholeCount).
  const kept = all === undefined ? r.def.wholeCount : undefined;
  const total = kept ? rowCountSql(kept) : sql`(${q.count.where(all)})`;
  const rows = await inWrittenJoinOrder(db, r.def.joins?.length ?? 0, (d) =>
    r
      .select(d)
      .pageRows(total)
      .where(all)
      .orderBy(...orderBy)
      .limit(perPage)
      .offset((page - 1) * perPage),
  );
  // A page past the end has no row to carry the total: it is counted apart (an empty first page means none).
  const n = rows.length ? Number(rows[0][PAGE_TOTAL]) : page === 1 ? 0 : kept ? await rowCount(db, kept) : Number((await q.count.where(all))[0].n);
  // The total is the rows' last field, so removing it leaves each row's shape as the plain select's.
  for (const row of rows) delete row[PAGE_TOTAL];
  return paged(await toReplies(db, r, rows), n, page, perPage);
}

/**
 * Every row of the searched, sorted list, for an export. The ids in list order first (one query, a
 * few bytes per row), then the rows by batches of ids: memory stays flat and each batch costs the
 * same, where OFFSET batches grow with the list.
 */
export function exportRows<Dto extends { id: number }>(
  db: Db,
  r: CompiledResource<Dto>,
  where: SQL | undefined,
  query: Omit<ListParams, 'page' | 'perPage'>,
): AsyncIterable<Dto> & CountedRows {
  // The total is known once the ids are read: a background export shows it (lib/exports/jobs).
  const source: AsyncIterable<Dto> & CountedRows = { [Symbol.asyncIterator]: () => rows() };
  async function* rows(): AsyncGenerator<Dto> {
    const all = and(where, await searchWhere(db, r.searchTargets, query.search, query.tags));
    const orderBy = orderFor(r.sortable, r.def.defaultSort, r.def.idColumn, query.sort, query.order);
    const batchAt = async (order: number[], i: number) => {
      const chunk = order.slice(i, i + EXPORT_BATCH);
      const batch = await r.select(db).exportRows.where(idIn(r.def.idColumn, chunk));
      const byId = new Map(batch.map((row) => [row.id as number, row]));
      // A row deleted since the ids were read is simply left out.
      const ordered = chunk.map((id) => byId.get(id)).filter((row): row is Record<string, unknown> => row !== undefined);
      return withMedia(db, r, ordered.map(r.toExportDto), true);
    };
    const order = (
      await r
        .select(db)
        .ids.where(all)
        .orderBy(...orderBy)
    ).map((x) => x.id);
    source.total = order.length;
    // The next batch is read while this one is written: the database and the file writer work side
    // by side, and at most two batches are held. A download dropped mid-way leaves one read to end
    // on its own (its failure then has nobody to report to, hence the catch).
    let next = order.length ? batchAt(order, 0) : null;
    for (let i = 0; next; i += EXPORT_BATCH) {
      const current = await next;
      next = i + EXPORT_BATCH < order.length ? batchAt(order, i + EXPORT_BATCH) : null;
      next?.catch(() => {});
      yield* current;
    }
  }
  return source;
}

/**
 * A list of the resource (and, with `export`, its export at {path}/export/:format) under a path of
 * its own, showing the rows `where` picks besides the resource's own `where` and `scope`: the
 * accounts of one role at users?role=, the back-office staff at back-office/users. Same paging,
 * search, sort, reply and export as the resource's main list.
 */
export function registerList<Dto extends { id: number }, Q extends typeof listQuery>(
  fastify: FastifyInstance,
  r: CompiledResource<Dto>,
  opts: { path: string; summary: string; querystring?: Q; where?: (req: FastifyRequest & { query: z.output<Q> }) => SQL | undefined; export?: string },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { def } = r;
  const config = { action: def.actions.read };
  const tags = [def.tag];
  const slice = (req: FastifyRequest) =>
    and(def.where, req.user && def.scope ? def.scope(req.user) : undefined, opts.where?.(req as FastifyRequest & { query: z.output<Q> }));
  app.get(
    opts.path,
    {
      config,
      schema: {
        tags,
        summary: `${opts.summary} (paginé si page est donné ; tri : ${Object.keys(r.sortable).join(', ')})`,
        querystring: opts.querystring ?? listQuery,
        response: { 200: listReply(itemSchema(r)) },
      },
    },
    (req) => listPage(app.db, r, slice(req), req.query),
  );
  if (opts.export === undefined) return;
  app.get(
    `${opts.path}/export/:format`,
    { config, schema: { tags, summary: opts.export, params: exportParams, querystring: exportQuery, response: exportReplies(EXPORT_CONTENT_TYPES) } },
    async (req, reply) =>
      sendExportReply(reply, { format: req.params.format, ...def.export, columns: r.exportColumns, rows: exportRows(app.db, r, slice(req), req.query) }),
  );
}

export function registerResource<Dto extends { id: number }>(fastify: FastifyInstance, def: ResourceDef<Dto>) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const r = compileResource(def);
  const toDtos = (db: Db, rows: Record<string, unknown>[]) => toReplies(db, r, rows);
  const one = okReply(itemSchema(r));
  const base = `/${def.path}`;
  const read = { action: def.actions.read, ...ownedByConfig(def.scope) };
  const write = { action: def.actions.write, ...ownedByConfig(def.scope) };
  const tags = [def.tag];
  // PUT: any subset of the fields, each checked alone by the route, then merged over the stored row
  // and checked as the whole record it leaves (mergeForUpdate).
  const updateRecord = def.updateBody ?? def.body;
  const updateBody = partialBody(updateRecord);
  const scoped = (user: CurrentUser | null, where?: SQL) => and(where, def.where, user && def.scope ? def.scope(user) : undefined);
  const filterSchemas = Object.fromEntries(Object.entries(def.filters ?? {}).map(([k, f]) => [k, f.schema.optional()]));
  // Typed as the plain list query: the filters are read by name through `filtered`.
  const listQuerySchema = (def.filters ? listQuery.extend(filterSchemas) : listQuery) as unknown as typeof listQuery;
  const exportQuerySchema = (def.filters ? exportQuery.extend(filterSchemas) : exportQuery) as unknown as typeof exportQuery;
  /** The conditions of the filters present in a parsed query. */
  const filtered = (query: Record<string, unknown>) =>
    and(...Object.entries(def.filters ?? {}).map(([k, f]) => (query[k] === undefined ? undefined : f.where(query[k] as never))));

  const findOneIn = async (db: Db, id: number, user: CurrentUser | null): Promise<Dto | null> => {
    const [row] = await r
      .select(db)
      .rows.where(scoped(user, eq(def.idColumn, id)))
      .limit(1);
    return row ? (await toDtos(db, [row]))[0] : null;
  };
  const findOne = (id: number, user: CurrentUser | null) => findOneIn(app.db, id, user);
  const mustFind = async (id: number, user: CurrentUser | null): Promise<Dto> => {
    const dto = await findOne(id, user);
    if (!dto) throw notFound();
    return dto;
  };

  const guard = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw dbConflict(def, err) ?? err;
    }
  };

  // The list, also under the spec's own paths for it (giftConversion/all…).
  for (const listPath of [base, ...(def.listAliases ?? []).map((a) => `/${a}`)])
    app.get(
      listPath,
      {
        config: read,
        schema: {
          tags,
          summary: `Liste (paginée si page est donné ; tri : ${Object.keys(r.sortable).join(', ')})`,
          querystring: listQuerySchema,
          response: { 200: listReply(itemSchema(r)) },
        },
      },
      (req) => listPage(app.db, r, scoped(req.user, filtered(req.query as Record<string, unknown>)), req.query),
    );

  app.get(
    `${base}/export/:format`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Export de toute la liste filtrée (CSV, XLSX, PDF), en flux ; job=1 : en tâche de fond (202, suivi sur export-jobs/{id})',
        params: exportParams,
        querystring: exportQuerySchema,
        response: exportReplies(EXPORT_CONTENT_TYPES),
      },
    },
    (req, reply) => sendExport(req, reply, req.params.format),
  );

  /**
   * Streams the whole filtered list; also used by a resource's own export paths (clients: export/excel),
   * whose querystring is `exportQuerySchema` too: Fastify has read the query with it once (a second
   * parse would see numbers where the query's digits were).
   */
  async function sendExport(req: FastifyRequest, reply: FastifyReply, format: ExportFormat) {
    const query = req.query as z.output<typeof exportQuerySchema>;
    const rows = exportRows(app.db, r, scoped(req.user, filtered(query as Record<string, unknown>)), query);
    return sendExportReply(reply, { format, ...def.export, columns: r.exportColumns, rows });
  }

  app.get(`${base}/:id`, { config: read, schema: { tags, summary: 'Détail', params: idParams, response: { 200: one } } }, async (req) => {
    return ok(await mustFind(req.params.id, req.user));
  });

  if (def.listOnly) return { sendExport };
  const entity = def.auditAs ?? auditEntity(def.path);
  /**
   * A body without its password field (which is then neither a column value nor in the audit trail),
   * and what writes the password's hash: called after `prepare`, so a refused write costs no hashing.
   */
  const takePassword = (body: Record<string, unknown>) => {
    const field = def.password?.field;
    if (!field || body[field] === undefined) return { body, hashInto: async () => {} };
    const { [field]: secret, ...rest } = body;
    const column = r.propertyOf(def.password!.column);
    return {
      body: rest,
      hashInto: async (values: Record<string, unknown>) => {
        values[column] = await hashPassword(String(secret));
      },
    };
  };

  const createForm = formCreate(def, app.storage.media);
  const updateForm = formCreate(def, app.storage.media, { schema: updateBody });
  app.post(
    def.writePaths?.create ?? base,
    {
      config: write,
      ...createForm.route,
      schema: {
        tags,
        summary: 'Créer',
        ...(def.inferOnCreate && { description: def.inferOnCreate.note }),
        ...createForm.docs,
        body: def.body,
        response: { 201: one },
      },
    },
    async (req, reply) => {
      const { body, hashInto } = takePassword(withCleanRichText(req.body as Record<string, unknown>, r.richText));
      const values = r.toValues(body);
      await def.prepare?.(values, { user: req.user!, mode: 'create', body, db: app.db });
      await hashInto(values);
      // A form-data create's file is checked before any row exists (wrong type: 422, nothing written).
      const upload = await createForm.check(req);
      const missingFile = upload ? null : def.media?.required?.(body);
      if (missingFile) throw new AppError(422, missingFile, { file: [missingFile] });
      const id = await guard(() =>
        app.db.transaction(async (tx) => {
          if (def.position && r.positionKey) {
            // A new item takes the last position plus 1, one create at a time.
            await lockPositions(tx, def.table);
            const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${def.position}), 0)::int + 1` }).from(def.table);
            values[r.positionKey] = next;
          }
          const [created] = (await tx.insert(def.table).values(values).returning({ id: def.idColumn })) as { id: number }[];
          await def.afterWrite?.(tx, { id: created.id, body, before: null, user: req.user! });
          const shown = (await findOneIn(tx, created.id, req.user)) ?? body;
          await audit(tx, req.user, 'create', entity, created.id, createdFields(Object.keys(body), shown));
          await upload?.save(tx, created.id, req.user);
          return created.id;
        }),
      ).catch(async (err) => {
        await upload?.discard();
        throw err;
      });
      reply.code(201);
      return ok(await mustFind(id, req.user));
    },
  );

  const position = def.position;
  if (position) {
    app.put(
      `${base}/reorder`,
      {
        config: write,
        schema: { tags, summary: 'Réordonner : positions from..from+n-1 dans l’ordre des ids', body: reorderBody, response: { 200: reorderReply } },
      },
      async (req) => {
        const { ids, from = 1 } = req.body;
        if (new Set(ids).size !== ids.length) throw new AppError(422, MSG.invalidPayload, { ids: ['Identifiants en double.'] });
        const col = position;
        await app.db.transaction(async (tx) => {
          const values = sql.join(
            ids.map((id, i) => sql`(${id}::int, ${from + i}::int)`),
            sql`, `,
          );
          const res = await tx.execute(
            sql`update ${def.table} set ${sql.identifier(col.name)} = v.pos from (values ${values}) as v(id, pos) where ${def.idColumn} = v.id returning ${def.idColumn}`,
          );
          if (rowsOf(res).length !== ids.length) throw new AppError(422, MSG.invalidPayload, { ids: ['Élément introuvable dans la liste.'] });
          await audit(tx, req.user, 'reorder', entity, null, { ids, from });
        });
        return ok({ ids, from });
      },
    );
  }

  app.put(
    def.writePaths?.update ?? `${base}/:id`,
    {
      config: { ...write, partialUpdateOf: def.path },
      ...updateForm.route,
      schema: {
        tags,
        summary: 'Modifier (champs partiels acceptés)',
        description:
          'Tout sous-ensemble des champs : ils sont fusionnés avec l’enregistrement stocké, qui est validé en entier (champs obligatoires, début ≤ fin, min ≤ max) ; seuls les champs envoyés sont écrits.' +
          (def.media && def.formCreate ? ' Accepte aussi multipart/form-data : sans fichier, le fichier stocké est gardé.' : ''),
        ...updateForm.docs,
        params: idParams,
        body: updateBody,
        response: { 200: one },
      },
    },
    async (req) => {
      const id = req.params.id;
      const sent = withCleanRichText(req.body as Record<string, unknown>, r.richText);
      const upload = await updateForm.check(req);
      await guard(() =>
        app.db.transaction(async (tx) => {
          const db = tx;
          // The row is locked before it is read: a concurrent PUT of another field waits, then merges over this one.
          await tx.select({ id: def.idColumn }).from(def.table).where(eq(def.idColumn, id)).for('update');
          const before = await findOneIn(db, id, req.user);
          if (!before) throw notFound();
          const { body, hashInto } = takePassword(mergeForUpdate(updateRecord, def.storedAsBody ? def.storedAsBody(before) : before, sent));
          const values = r.toValues(body);
          await def.prepare?.(values, { user: req.user!, mode: 'update', id, body, db, before });
          await hashInto(values);
          if (Object.keys(values).length || def.afterWrite) {
            if (Object.keys(values).length) {
              if ('updatedAt' in def.table) values.updatedAt = new Date();
              await tx.update(def.table).set(values).where(eq(def.idColumn, id));
            }
            await def.afterWrite?.(db, { id, body, before, user: req.user! });
            const after = await findOneIn(db, id, req.user);
            await audit(tx, req.user, 'update', entity, id, diff(before, after ?? {}));
          }
          // Last: a file replaced on disk cannot be put back if something after it failed.
          await upload?.save(db, id, req.user);
        }),
      ).catch(async (err) => {
        await upload?.discard();
        throw err;
      });
      return ok(await mustFind(id, req.user));
    },
  );

  app.delete(
    def.writePaths?.delete ?? `${base}/:id`,
    {
      config: { action: def.actions.delete ?? def.actions.write, ...ownedByConfig(def.scope) },
      schema: { tags, summary: 'Supprimer (409 si encore utilisé)', params: idParams, response: { 200: deletedReply } },
    },
    async (req) => {
      const before = await mustFind(req.params.id, req.user);
      await def.beforeDelete?.({ id: req.params.id, before, user: req.user!, db: app.db });
      await guard(() =>
        app.db.transaction(async (tx) => {
          await tx.delete(def.table).where(eq(def.idColumn, req.params.id));
          await audit(tx, req.user, 'delete', entity, req.params.id, before);
        }),
      );
      if (def.media) await deleteMedia(app.db, app.storage.media, { entity: def.path, entityId: req.params.id });
      return ok({ id: req.params.id });
    },
  );

  if (def.media) registerResourceMedia(app, def, findOne, one);
  return { sendExport, exportQuerySchema };
}
