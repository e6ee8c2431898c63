import { MAX_VIEWS_PER_LIST, type SavedView, type SavedViewState, VIEWS_MSG } from '@app/domain';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import { roles, users } from '../../lib/auth/accounts.table';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import type { CurrentUser } from '../../lib/auth/current-user';
import { savedViewDefaults, savedViews } from './views.table';

type Me = Pick<CurrentUser, 'id' | 'role'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Mine, or shared by a staff member whose role is mine now. */
const visibleTo = (me: Me): SQL => or(eq(savedViews.ownerId, me.id), and(eq(savedViews.shared, true), eq(roles.label, me.role))) as SQL;

const columns = (me: Me) => ({
  id: savedViews.id,
  ownerId: savedViews.ownerId,
  listKey: savedViews.listKey,
  name: savedViews.name,
  state: savedViews.state,
  shared: savedViews.shared,
  updatedAt: savedViews.updatedAt,
  firstname: users.firstname,
  lastname: users.lastname,
  isDefault: sql<boolean>`exists (select 1 from ${savedViewDefaults} d where d.user_id = ${me.id} and d.view_id = ${savedViews.id})`,
});

interface Row {
  id: number;
  ownerId: number;
  listKey: string;
  name: string;
  state: unknown;
  shared: boolean;
  updatedAt: Date;
  firstname: string;
  lastname: string;
  isDefault: boolean;
}

const dto = (me: Me, r: Row): SavedView => ({
  ID: r.id,
  LIST: r.listKey,
  NAME: r.name,
  STATE: r.state as SavedViewState,
  SHARED: r.shared,
  MINE: r.ownerId === me.id,
  OWNER: `${r.firstname} ${r.lastname}`.trim(),
  IS_DEFAULT: !!r.isDefault,
  UPDATED_AT: r.updatedAt.toISOString(),
});

const base = (db: Db | Tx, me: Me) =>
  db.select(columns(me)).from(savedViews).innerJoin(users, eq(users.id, savedViews.ownerId)).innerJoin(roles, eq(roles.id, users.roleId));

/** The views of a list I may see, by name. */
export async function listViews(db: Db, me: Me, listKey: string): Promise<SavedView[]> {
  const rows = await base(db, me)
    .where(and(eq(savedViews.listKey, listKey), visibleTo(me)))
    .orderBy(sql`lower(${savedViews.name})`, asc(savedViews.id));
  return rows.map((r) => dto(me, r));
}

/** One view I may see, or null (the caller answers 404 whatever the reason: it does not say the view exists). */
export async function findView(db: Db | Tx, me: Me, id: number): Promise<SavedView | null> {
  const [row] = await base(db, me).where(and(eq(savedViews.id, id), visibleTo(me)));
  return row ? dto(me, row) : null;
}

const duplicate = (err: unknown) => {
  if (pgError(err)?.code === UNIQUE_VIOLATION) return new AppError(422, VIEWS_MSG.duplicate, { NAME: [VIEWS_MSG.duplicate] });
  return err;
};

async function setDefault(tx: Db | Tx, me: Me, listKey: string, viewId: number) {
  await tx
    .insert(savedViewDefaults)
    .values({ userId: me.id, listKey, viewId })
    .onConflictDoUpdate({ target: [savedViewDefaults.userId, savedViewDefaults.listKey], set: { viewId } });
}

export interface NewView {
  listKey: string;
  name: string;
  state: SavedViewState;
  shared: boolean;
  isDefault: boolean;
}

/**
 * Creates a view. The per-list limit is counted and the row written under a transaction-scoped
 * advisory lock keyed by the owner, so two saves at once cannot both pass at 49.
 */
export async function createView(db: Db, me: Me, v: NewView): Promise<SavedView> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved-views'), ${me.id})`);
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(savedViews)
        .where(and(eq(savedViews.ownerId, me.id), eq(savedViews.listKey, v.listKey)));
      if (n >= MAX_VIEWS_PER_LIST) throw new AppError(422, VIEWS_MSG.tooMany, { NAME: [VIEWS_MSG.tooMany] });
      const [row] = await tx
        .insert(savedViews)
        .values({ ownerId: me.id, listKey: v.listKey, name: v.name, state: v.state, shared: v.shared })
        .returning({ id: savedViews.id });
      if (v.isDefault) await setDefault(tx, me, v.listKey, row.id);
      return (await findView(tx, me, row.id)) as SavedView;
    });
  } catch (err) {
    throw duplicate(err);
  }
}

/** Renames, replaces the state of, shares or unshares one of my views. */
export async function updateView(db: Db, me: Me, id: number, patch: { name?: string; state?: SavedViewState; shared?: boolean }): Promise<SavedView> {
  await ownView(db, me, id);
  try {
    await db
      .update(savedViews)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(savedViews.id, id), eq(savedViews.ownerId, me.id)));
  } catch (err) {
    throw duplicate(err);
  }
  return (await findView(db, me, id)) as SavedView;
}

/**
 * Deletes one of my views (its owner only, an administrator included: a view holds no data, and
 * another's shared view is left to its owner). Colleagues who had it as their default lose it (cascade).
 */
export async function deleteView(db: Db, me: Me, id: number): Promise<void> {
  await ownView(db, me, id);
  await db.delete(savedViews).where(and(eq(savedViews.id, id), eq(savedViews.ownerId, me.id)));
}

/** A view I may see and own: 404 when I may not see it, 403 when it is a colleague's shared view. */
async function ownView(db: Db, me: Me, id: number): Promise<SavedView> {
  const view = await findView(db, me, id);
  if (!view) throw new AppError(404, VIEWS_MSG.notFound);
  if (!view.MINE) throw new AppError(403, VIEWS_MSG.notOwner);
  return view;
}

/** Sets my default view of a list (a view of that list I may see) or removes it (null). */
export async function chooseDefault(db: Db, me: Me, listKey: string, viewId: number | null): Promise<void> {
  if (viewId === null) {
    await db.delete(savedViewDefaults).where(and(eq(savedViewDefaults.userId, me.id), eq(savedViewDefaults.listKey, listKey)));
    return;
  }
  const view = await findView(db, me, viewId);
  if (!view || view.LIST !== listKey) throw new AppError(404, VIEWS_MSG.notFound);
  // The view may be deleted between the check and the insert: its foreign key then refuses the row.
  try {
    await setDefault(db, me, listKey, viewId);
  } catch (err) {
    if (pgError(err)?.code === '23503') throw new AppError(404, VIEWS_MSG.notFound);
    throw err;
  }
}
