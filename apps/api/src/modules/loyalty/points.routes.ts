import {
  CLIENT_POINTS_LISTS,
  CODE_FILE_MESSAGES,
  type CodeFileProblem,
  listQuery,
  MSG,
  offerEditBody,
  offeredPoints,
  offerToActivitiesBody,
  offerToClientsBody,
  POINT_SOURCE_LABELS,
  type PointSource,
  parseClientCodes,
  pointsEditBody,
} from '@app/domain';
import { and, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idIn, likePattern, orderFor, sortKey, textIn } from '../../lib/crud/list-query';
import { idParams } from '../../lib/crud/schemas';
import { AppError, notFound, ok, paged } from '../../lib/http';
import { readMultipart } from '../../lib/multipart';
import { listReply, okReply } from '../../lib/replies';
import type { CurrentUser } from '../../lib/auth/current-user';
import { audit } from '../../lib/audit/audit.repository';
import { users } from '../../lib/auth/accounts.table';
import { CLIENT_OWNED, ownClients } from '../../lib/clients/client-ownership';
import { clients } from '../../lib/clients/clients.table';
import { pointsLedger } from './points.table';
import { expiringSoon } from './points.expiry';
import { applyPoints } from './points.service';

const balanceItem = z.object({
  id: z.number().int(),
  CLIENT_ID: z.number().int(),
  CODE_CLIENT: z.string(),
  NAME: z.string(),
  POINTS_FID: z.number().int(),
  POINTS_EXPIRANT: z.number().int(),
});
const offeredItem = z.object({
  id: z.number().int(),
  CLIENT_ID: z.number().int(),
  CODE_CLIENT: z.string(),
  NAME: z.string(),
  POINTS_OFFERED: z.number().int(),
});
const ledgerItem = z.object({
  id: z.number().int(),
  CLIENT_ID: z.number().int(),
  AMOUNT: z.number().int(),
  BALANCE_AFTER: z.number().int(),
  SOURCE: z.string(),
  SOURCE_LABEL: z.string(),
  REASON: z.string(),
  AUTHOR: z.string().nullable(),
  CREATED_AT: z.string(),
});
const offerResult = okReply(z.object({ clients: z.number().int(), points: z.number().int(), message: z.string() }));
const problemsError = (problems: CodeFileProblem[]) =>
  new AppError(
    422,
    `Fichier refusé : ${problems.length} ligne(s) en erreur, aucun point n’a été offert.`,
    Object.fromEntries(problems.map((p) => [`CLIENTS_FILE.ligne ${p.line}`, [`${p.code} : ${p.message}`]])),
  );

/** Loyalty points: balances, ledger, offers, corrections. */
export async function pointsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['points'];
  const read = { action: 'points:read' as const, ...CLIENT_OWNED };
  const write = { action: 'points:write' as const, ...CLIENT_OWNED };
  /** Every write of this file moves points: each honours an Idempotency-Key (lib/idempotency). */
  const move = { ...write, idempotent: true };

  const searchClients = (search: string | undefined): SQL | undefined => {
    const term = search?.trim();
    return term ? or(ilike(clients.code, likePattern(term)), ilike(clients.name, likePattern(term))) : undefined;
  };
  /** Points expiring within 30 days: a sum over the client's open lots on their index (points_lots_open_idx). */
  const expiring = expiringSoon(clients.id).points;
  // Exactly the domain's sortable keys (and id): a key missing here or there does not compile.
  const clientSort = {
    POINTS_EXPIRANT: expiring,
    CODE_CLIENT: sortKey(clients.code),
    NAME: sortKey(clients.name),
    POINTS_FID: clients.pointsFid,
    POINTS_OFFERED: clients.pointsOffered,
    id: clients.id,
  } satisfies Record<(typeof CLIENT_POINTS_LISTS.sortable)[number] | 'id', unknown>;

  /** A page of clients with one figure (balance or offered total), searched and sorted in SQL. */
  const clientPage = async <K extends 'POINTS_FID' | 'POINTS_OFFERED'>(
    figure: { key: K; column: typeof clients.pointsFid | typeof clients.pointsOffered },
    where: SQL | undefined,
    q: { page?: number; perPage?: number; sort?: string; order?: 'asc' | 'desc' },
    defaultPerPage: number,
  ) => {
    const { page = 1, perPage = defaultPerPage, sort, order } = q;
    const [rows, [{ n }]] = await Promise.all([
      app.db
        .select({
          id: clients.id,
          CLIENT_ID: clients.id,
          CODE_CLIENT: clients.code,
          NAME: clients.name,
          [figure.key]: figure.column,
          ...(figure.key === 'POINTS_FID' ? { POINTS_EXPIRANT: expiring } : {}),
        })
        .from(clients)
        .where(where)
        .orderBy(...orderFor(clientSort, CLIENT_POINTS_LISTS.defaultSort, clients.id, sort, order))
        .limit(perPage)
        .offset((page - 1) * perPage),
      app.db.select({ n: sql<number>`count(*)::int` }).from(clients).where(where),
    ]);
    type Item = { id: number; CLIENT_ID: number; CODE_CLIENT: string; NAME: string; POINTS_EXPIRANT: number } & Record<K, number>;
    return paged(rows as Item[], n, page, perPage);
  };

  /** Offers points to every client matched, in one statement; nothing when none is matched. */
  const offer = async (user: CurrentUser, where: SQL, points: number, reason: string) => {
    const changed = await app.db.transaction(async (tx) => {
      const rows = await applyPoints(tx, where, { amount: points, source: 'offer', reason, authorId: user.id });
      await audit(tx, user, 'update', 'points', null, { offered: points, reason, clients: rows.map((r) => r.id) });
      return rows;
    });
    if (!changed.length) throw new AppError(422, 'Aucun client ne correspond.', { CLIENTS: ['Aucun client ne correspond.'] });
    return ok({ clients: changed.length, points, message: `${points} points offerts à ${changed.length} client(s).` });
  };

  app.get(
    '/clients/points',
    {
      config: read,
      schema: { tags, summary: 'Soldes de points des clients (100 par page)', querystring: listQuery, response: { 200: listReply(balanceItem) } },
    },
    async (req) => {
      const where = and(ownClients(req.user!), searchClients(req.query.search));
      return clientPage({ key: 'POINTS_FID', column: clients.pointsFid }, where, req.query, 100);
    },
  );

  app.get(
    '/clients/:id/points-history',
    {
      config: read,
      schema: { tags, summary: 'Historique des points du client (paginé)', params: idParams, querystring: listQuery, response: { 200: listReply(ledgerItem) } },
    },
    async (req) => {
      const { page = 1, perPage = 50 } = req.query;
      const [client] = await app.db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, req.params.id), ownClients(req.user!)));
      if (!client) throw notFound();
      const where = eq(pointsLedger.clientId, client.id);
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select({
            id: pointsLedger.id,
            CLIENT_ID: pointsLedger.clientId,
            AMOUNT: pointsLedger.amount,
            BALANCE_AFTER: pointsLedger.balanceAfter,
            SOURCE: pointsLedger.source,
            REASON: pointsLedger.reason,
            AUTHOR: sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.lastname}), '')`,
            CREATED_AT: pointsLedger.createdAt,
          })
          .from(pointsLedger)
          .leftJoin(users, eq(users.id, pointsLedger.authorId))
          .where(where)
          .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        app.db.select({ n: sql<number>`count(*)::int` }).from(pointsLedger).where(where),
      ]);
      const data = rows.map((r) => ({
        ...r,
        SOURCE_LABEL: POINT_SOURCE_LABELS[r.SOURCE as PointSource] ?? r.SOURCE,
        CREATED_AT: new Date(r.CREATED_AT).toISOString(),
      }));
      return paged(data, n, page, perPage);
    },
  );

  app.post(
    '/clients/:id/points',
    {
      config: move,
      schema: {
        tags,
        summary: 'Ajoute (ou retire, en correction) des points au solde du client',
        params: idParams,
        body: pointsEditBody,
        response: { 200: okReply(z.object({ id: z.number().int(), POINTS_FID: z.number().int() })) },
      },
    },
    async (req) => {
      const [client] = await app.db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, req.params.id), ownClients(req.user!)));
      if (!client) throw notFound();
      const { POINTS, REASON } = req.body;
      const [row] = await app.db.transaction(async (tx) => {
        const rows = await applyPoints(tx, eq(clients.id, client.id), {
          amount: POINTS,
          source: 'adjustment',
          reason: REASON || (POINTS > 0 ? 'Ajout manuel de points' : 'Correction du solde'),
          authorId: req.user!.id,
        });
        await audit(tx, req.user, 'update', 'points', client.id, { POINTS, REASON });
        return rows;
      });
      return ok({ id: row.id, POINTS_FID: row.balance });
    },
  );

  app.get(
    '/offered-points',
    {
      config: read,
      schema: { tags, summary: 'Clients ayant reçu des points offerts (paginé)', querystring: listQuery, response: { 200: listReply(offeredItem) } },
    },
    async (req) => {
      const where = and(ne(clients.pointsOffered, 0), ownClients(req.user!), searchClients(req.query.search));
      return clientPage({ key: 'POINTS_OFFERED', column: clients.pointsOffered }, where, req.query, 50);
    },
  );

  app.put(
    '/users/offerPoints/:clientCode',
    {
      config: move,
      schema: {
        tags,
        summary: 'Modifie le total des points offerts au client (la différence est écrite au registre)',
        params: z.object({ clientCode: z.string().max(30) }),
        body: offerEditBody,
        response: { 200: okReply(offeredItem) },
      },
    },
    async (req) => {
      const target = req.body.POINTS_OFFERED;
      // The total is read under the client's row lock, in the transaction that writes the difference:
      // two concurrent edits then apply one after the other, and the second sees the first's total.
      const client = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: clients.id, code: clients.code, name: clients.name, offered: clients.pointsOffered })
          .from(clients)
          .where(and(sql`lower(${clients.code}) = lower(${req.params.clientCode})`, ownClients(req.user!)))
          .for('update');
        if (!row) throw new AppError(404, 'Code Client introuvable');
        const delta = target - row.offered;
        if (delta !== 0) {
          await applyPoints(tx, eq(clients.id, row.id), {
            amount: delta,
            source: 'offer',
            reason: `Points offerts corrigés : ${row.offered} → ${target}`,
            authorId: req.user!.id,
          });
          await audit(tx, req.user, 'update', 'points', row.id, { POINTS_OFFERED: [row.offered, target] });
        }
        return row;
      });
      return ok({ id: client.id, CLIENT_ID: client.id, CODE_CLIENT: client.code, NAME: client.name, POINTS_OFFERED: target });
    },
  );

  app.post(
    '/users/offerPoints/clients',
    { config: move, schema: { tags, summary: 'Offre des points aux clients choisis', body: offerToClientsBody, response: { 200: offerResult } } },
    async (req) => {
      const ids = [...new Set(req.body.CLIENTS)];
      const found = await app.db
        .select({ id: clients.id })
        .from(clients)
        .where(and(idIn(clients.id, ids), ownClients(req.user!)));
      if (found.length !== ids.length) throw new AppError(422, 'Client introuvable.', { CLIENTS: ['Un des clients choisis n’existe pas.'] });
      return offer(req.user!, idIn(clients.id, ids), req.body.POINTS_OFFERED, 'Points offerts');
    },
  );

  app.post(
    '/users/offerPoints/activities',
    {
      config: move,
      schema: { tags, summary: 'Offre des points à tous les clients des activités choisies', body: offerToActivitiesBody, response: { 200: offerResult } },
    },
    async (req) =>
      offer(req.user!, and(idIn(clients.activityId, req.body.ACTIVITIES), ownClients(req.user!))!, req.body.POINTS_OFFERED, 'Points offerts (par activité)'),
  );

  app.post(
    '/users/offerPoints/clients_file',
    {
      config: move,
      schema: {
        tags,
        summary: 'Offre des points aux codes clients d’un fichier CSV (tout ou rien ; erreurs par ligne)',
        consumes: ['multipart/form-data'],
        response: { 200: offerResult },
      },
    },
    async (req) => {
      const form = await readMultipart(req);
      const points = offeredPoints().safeParse(form.fields.POINTS_OFFERED);
      if (!points.success) throw new AppError(422, points.error.issues[0].message, { POINTS_OFFERED: [points.error.issues[0].message] });
      const file = form.files.find((f) => f.field === 'CLIENTS_FILE') ?? form.files[0];
      if (!file) throw new AppError(422, MSG.fileRequired, { CLIENTS_FILE: [MSG.required] });
      // CSV or plain text only: bytes that are not text are refused, whatever the name.
      if (file.buffer.includes(0) || !/\.(csv|txt)$/i.test(file.fileName)) throw new AppError(422, MSG.fileType, { CLIENTS_FILE: [MSG.fileType] });
      const { codes, problems } = parseClientCodes(file.buffer.toString('utf8'));
      if (!codes.length && !problems.length) throw new AppError(422, CODE_FILE_MESSAGES.empty, { CLIENTS_FILE: [CODE_FILE_MESSAGES.empty] });
      const known = codes.length
        ? await app.db
            .select({ id: clients.id, code: sql<string>`lower(${clients.code})` })
            .from(clients)
            .where(
              and(
                textIn(
                  sql`lower(${clients.code})`,
                  codes.map((c) => c.code.toLowerCase()),
                ),
                ownClients(req.user!),
              ),
            )
        : [];
      const byCode = new Map(known.map((k) => [k.code, k.id]));
      for (const c of codes) if (!byCode.has(c.code.toLowerCase())) problems.push({ line: c.line, code: c.code, message: CODE_FILE_MESSAGES.unknown });
      if (problems.length) throw problemsError(problems.sort((a, b) => a.line - b.line));
      return offer(req.user!, idIn(clients.id, [...byCode.values()]), points.data, `Points offerts (fichier ${file.fileName})`);
    },
  );
}
