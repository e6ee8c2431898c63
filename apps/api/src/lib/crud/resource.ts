import type { Action, AuditEntity, FileFamily, ResourceMeta } from '@app/domain';
import type { SQL } from 'drizzle-orm';
import type { CurrentUser } from '../auth/current-user';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppError } from '../http';
import type { FieldDef } from './fields';
import type { RowScope } from './ownership';

/**
 * A table joined for display fields; with `left`, its fields may be null. `one` is an inner join along
 * a non-null foreign key: each row has exactly one match, so, as for `left`, the list's count leaves
 * it out unless the search reads its columns (a scope or filter on it must then be a subquery).
 */
export interface JoinDef {
  table: PgTable;
  on: SQL;
  kind?: 'inner' | 'left' | 'one';
}

/**
 * A plain resource described once: the generic router (crud.routes.ts) gives it list (paged,
 * searched, sorted in SQL), read, create, update (partial), delete, export, reorder and media, with
 * the reply schemas of /api/docs. Every field is declared once in `fields`; see compile.ts for what
 * is derived from them and modules/classification/*.resource.ts for examples.
 */
export interface ResourceDef<Dto extends { id: number }> {
  /**
   * What the list screen knows too (path, noun, page size, default sort, sort keys, labels, export
   * file), declared once in @app/domain (resources.ts). `defineResource` copies its path, noun,
   * default sort, page size and export below, which the router reads.
   */
  meta: ResourceMeta<Dto>;
  /** URL segment under /api (`meta.path`). Also the audit and media entity name. */
  path: string;
  /** OpenAPI tag. */
  tag: string;
  /** French noun with article, for messages ("ce circuit"): `meta.noun`. */
  noun: string;
  /** `delete` when deleting needs more than writing (products: refused to zone chiefs). */
  actions: { read: Action; write: Action; delete?: Action };
  /**
   * Write paths when the spec names them apart from the list (product points: POST
   * products/addProductPoint, PUT products/updateProductPoint/{ID}…); `:id` stands for the id.
   */
  writePaths?: { create?: string; update?: string; delete?: string };
  table: PgTable;
  /** Primary key; given out as both `id` and `ID`. */
  idColumn: AnyPgColumn;
  /**
   * Body of POST (from @app/domain, the form's schema); PUT accepts any subset of it. A field whose
   * API name is a key of the body and whose column is the table's own is written from it.
   */
  body: z.ZodObject;
  /**
   * Only list, read and export: rows are written elsewhere (orders come from the mobile app and the
   * invoice synchronisation; their status and site have calls of their own).
   */
  listOnly?: boolean;
  /** Other paths serving the same list (the spec's `giftConversion/all` beside `giftConversion`). */
  listAliases?: readonly string[];
  /**
   * The record a PUT must leave (its required fields and cross-field rules) when it is not the POST
   * body: PUT accepts any subset of it, merged over the stored record, which is then checked whole.
   */
  updateBody?: z.ZodObject;
  /**
   * The stored record as a body would say it, where the reply says it otherwise (aliases repeating
   * another field, a value standing for "none"): what a PUT's fields are merged over. Default: the DTO.
   */
  storedAsBody?(stored: Dto): Record<string, unknown>;
  fields: readonly FieldDef<Dto>[];
  /**
   * Rows the signed-in user may see and change (a zone chief: his own clients' rows; see ownership.ts).
   * Applied to every list, export, read, update, delete and media call: another row is a 404 for this
   * user. Its routes are marked with the owner it names.
   */
  scope?: RowScope;
  /**
   * The slice of `table` this resource is, for everyone (zone chiefs: the users of role chefZone).
   * Applied, like `scope`, to every list, export, read, update, delete and media call: another row of
   * the table is a 404 here. A create must give rows that fall in it (`prepare` forces the role…).
   */
  where?: SQL;
  /**
   * Adjusts the column values of a create or update before they are written (forced fields, a
   * reference given by its code or name resolved to its id). May read the database and throw a 422.
   * On update it runs inside the transaction, under the row's lock, with the stored record (`before`).
   */
  prepare?(
    values: Record<string, unknown>,
    ctx: { user: CurrentUser; mode: 'create' | 'update'; id?: number; body: Record<string, unknown>; db: Db; before?: Dto },
  ): void | Promise<void>;
  /**
   * Writes that go with a create or update, inside its transaction (links in other tables, points
   * credited for a change…). `before` is the DTO before an update, null on create.
   */
  afterWrite?(tx: Db, ctx: { id: number; body: Record<string, unknown>; before: Dto | null; user: CurrentUser }): Promise<void>;
  joins?: readonly JoinDef[];
  /**
   * Fields the reply adds after the query, from the DTOs of a page (a display name, a file looked up
   * for the page at once): their reply schema and the step that adds them. Applied to every reply
   * (list, read, create, update) and to the audit's snapshots; exports read the DTO without them.
   */
  present?: { shape: z.ZodRawShape; apply(db: Db, dtos: Dto[]): Dto[] | Promise<Dto[]> };
  /**
   * List and export filters beyond search and tags (orders: STATUS, CODE_CLIENT, a date range): the
   * query parameter's schema and the condition it adds.
   */
  filters?: Record<string, { schema: z.ZodType; where: (value: never) => SQL | undefined }>;
  /**
   * The key of the count triggers keep of this table (lib/counts), read as a page's total when the
   * list has no condition at all (no scope, filter or search): the unfiltered list's count would
   * otherwise scan an index of every row on each page (16 ms at 300,000 orders).
   */
  wholeCount?: string;
  /** `meta.defaultSort`. */
  defaultSort: { field: keyof Dto & string; order: 'asc' | 'desc' };
  /** `meta.perPage`. */
  defaultPerPage: number;
  /** Unique index name → the field it guards and the spec's message. */
  unique?: Record<string, { field: string; message: string }>;
  /** Message when a delete is refused because other records still use this one. */
  inUseMessage: string;
  /**
   * A database refusal as this resource answers it, before the default answers of `unique` and
   * `inUseMessage` (accounts: a duplicate email is « Email Existe », an unknown company a 422).
   */
  conflict?(err: unknown): AppError | null;
  /** Checks a delete must pass (not one's own account, not a chief who still has clients): throws to refuse. */
  beforeDelete?(ctx: { id: number; before: Dto; user: CurrentUser; db: Db }): Promise<void>;
  /** Audit entity of the writes when it is not `path` (every kind of account is recorded under `users`). */
  auditAs?: AuditEntity;
  /**
   * A body field holding a password (never a field of the DTO): on create it is taken out of the
   * body, hashed (scrypt, lib/password) into `column`, and is in neither the reply nor the audit
   * trail. An update changes it only if the update's body has the field (accounts: it has not).
   */
  password?: { field: string; column: AnyPgColumn };
  /** Rows keep a position 1..n in this column (new rows go last; PUT reorder renumbers). */
  position?: AnyPgColumn;
  /**
   * Files of the resource by name. The DTO gets `MEDIA`: the file of the first
   * name, or null; `export` adds its file name as the last export column.
   */
  media?: {
    names: Record<string, FileFamily>;
    export?: { header: string; width?: number };
    /**
     * The first name holds several files (a product's images): uploads add to them, MEDIA is the
     * list (oldest first) and one file is removed with DELETE {entity}/{id}/media/{mediaId}.
     */
    multiple?: boolean;
    /**
     * Records on which the first name holds several files although it holds one elsewhere (a block
     * of the image-annotation page); `on` says whether this record does. There an upload
     * (or a form-data create) adds every file sent, up to MAX_UPLOAD_FILES, in order; elsewhere one
     * file replaces the old and a request with several is a 422 (`oneOnly`). MEDIA stays the first
     * file; a resource that shows the whole list declares it as a loaded field.
     */
    severalOn?: {
      on: (db: Db, id: number) => Promise<boolean>;
      oneOnly: string;
      tooMany: string;
      /** The rule in words, for /api/docs. */
      rule: string;
    };
    /** A create without a file is refused with this message (a function of the body: a gallery video needs none). */
    required?: (body: Record<string, unknown>) => string | null;
  };
  /**
   * POST also accepts multipart/form-data (as the older product's "POST badges" sends): the text fields
   * are the body, and a file named after a media name (or `file`, for the first name) is stored with
   * the new row. Its bytes are checked before the insert; row, file and audit commit together.
   */
  formCreate?: boolean;
  /**
   * Fills, before validation, a field of a create that the spec's callers leave out and the request
   * implies (a gallery item's TYPE from its file or its link). `file`: a form-data create carried one.
   * `note` says it in the create's OpenAPI description.
   */
  inferOnCreate?: { note: string; fill(body: Record<string, unknown>, ctx: { file: boolean }): void };
  /** `meta.export`. */
  export: { fileName: string; title: string; orientation: 'landscape' | 'portrait' };
}

/** The keys `defineResource` takes from the domain's metadata instead of inline. */
type MetaKeys = 'meta' | 'path' | 'noun' | 'defaultSort' | 'defaultPerPage' | 'export';

/** A resource as its module declares it: everything but the metadata, and `meta` from @app/domain. */
export type ResourceInput<Dto extends { id: number }> = Omit<ResourceDef<Dto>, MetaKeys> & { meta: ResourceMeta<Dto> };

type Declared<F extends readonly FieldDef<never>[]> = F[number]['api'];
type Missing<Dto, F extends readonly FieldDef<never>[]> = Exclude<keyof Dto, Declared<F> | 'id' | 'ID' | 'MEDIA'>;
type MissingCheck<Dto, F extends readonly FieldDef<never>[]> = [Missing<Dto, F>] extends [never] ? unknown : { missingFields: Missing<Dto, F> };
/** API names of the fields declared with `sort`. */
type Sorted<F extends readonly FieldDef<never>[]> = Extract<F[number], { sort: unknown }>['api'];
/**
 * The compiler can only compare when it infers `fields` as a tuple, which it does not when a field holds an
 * inline function (a `format` or `search` lambda): then apps/api/test/contract/resource-meta.test.ts checks it.
 */
type SortCheck<F extends readonly FieldDef<never>[], M extends ResourceMeta<never>> = number extends F['length'] ? unknown : SortCheckOf<F, M>;
type SortCheckOf<F extends readonly FieldDef<never>[], M extends ResourceMeta<never>> = ([Exclude<Sorted<F>, M['sortable'][number]>] extends [never]
  ? unknown
  : { sortedFieldsMissingFromMetaSortable: Exclude<Sorted<F>, M['sortable'][number]> }) &
  ([Exclude<M['sortable'][number], Sorted<F>>] extends [never] ? unknown : { metaSortableKeysWithoutSortedField: Exclude<M['sortable'][number], Sorted<F>> });

interface DefineResource<Dto extends { id: number }> {
  <const F extends readonly FieldDef<Dto>[], const M extends ResourceMeta<Dto>>(
    def: ResourceInput<Dto> & { meta: M; fields: F } & MissingCheck<Dto, F> & SortCheck<F, M>,
  ): ResourceDef<Dto>;
}

/**
 * Declares a resource whose replies are the domain's `Dto` type: every key of the DTO must have a
 * field (id, ID and MEDIA come from the id column and the media), or the compiler names the ones
 * missing; the fields declared with `sort` must be exactly `meta.sortable`, or it names the difference.
 */
export function defineResource<Dto extends { id: number }>(): DefineResource<Dto> {
  return ((def: ResourceInput<Dto>): ResourceDef<Dto> => {
    const { meta } = def;
    return {
      ...def,
      path: meta.path,
      noun: meta.noun,
      defaultSort: meta.defaultSort as ResourceDef<Dto>['defaultSort'],
      defaultPerPage: meta.perPage,
      export: meta.export,
    };
  }) as DefineResource<Dto>;
}
