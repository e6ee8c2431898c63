import type { Action, FileFamily, ResourceMeta } from '@app/domain';
import type { SQL } from 'drizzle-orm';
import type { CurrentUser } from '../../plugins/auth';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { FieldDef } from './fields';

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
   * Rows the signed-in user may see and change (e.g. a zone chief's own clients). Applied to every
   * list, export, read, update, delete and media call: another row is a 404 for this user.
   */
  scope?(user: CurrentUser): SQL | undefined;
  /**
   * Adjusts the column values of a create or update before they are written (forced fields, a
   * reference given by its code or name resolved to its id). May read the database and throw a 422.
   */
  prepare?(values: Record<string, unknown>, ctx: { user: CurrentUser; mode: 'create' | 'update'; id?: number; body: Record<string, unknown>; db: Db }): void | Promise<void>;
  /**
   * Writes that go with a create or update, inside its transaction (links in other tables, points
   * credited for a change…). `before` is the DTO before an update, null on create.
   */
  afterWrite?(tx: Db, ctx: { id: number; body: Record<string, unknown>; before: Dto | null; user: CurrentUser }): Promise<void>;
  joins?: readonly JoinDef[];
  /**
   * List and export filters beyond search and tags (orders: STATUS, CODE_CLIENT, a date range): the
   * query parameter's schema and the condition it adds.
   */
  filters?: Record<string, { schema: z.ZodType; where: (value: never) => SQL | undefined }>;
  /** `meta.defaultSort`. */
  defaultSort: { field: keyof Dto & string; order: 'asc' | 'desc' };
  /** `meta.perPage`. */
  defaultPerPage: number;
  /** Unique index name → the field it guards and the spec's message. */
  unique?: Record<string, { field: string; message: string }>;
  /** Message when a delete is refused because other records still use this one. */
  inUseMessage: string;
  /** Rows keep a position 1..n in this column (new rows go last; PUT reorder renumbers). */
  position?: AnyPgColumn;
  /**
   * Files of the resource by name (spec 1 §7 Media). The DTO gets `MEDIA`: the file of the first
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
     * of the image-annotation page, spec 3 §5); `on` says whether this record does. There an upload
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
   * POST also accepts multipart/form-data (spec 1 §7 "POST badges (form data)"): the text fields
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
 * inline function (a `format` or `search` lambda): then apps/api/test/resource-meta.test.ts checks it.
 */
type SortCheck<F extends readonly FieldDef<never>[], M extends ResourceMeta<never>> = number extends F['length'] ? unknown : SortCheckOf<F, M>;
type SortCheckOf<F extends readonly FieldDef<never>[], M extends ResourceMeta<never>> = ([Exclude<Sorted<F>, M['sortable'][number]>] extends [never]
  ? unknown
  : { sortedFieldsMissingFromMetaSortable: Exclude<Sorted<F>, M['sortable'][number]> }) &
  ([Exclude<M['sortable'][number], Sorted<F>>] extends [never] ? unknown : { metaSortableKeysWithoutSortedField: Exclude<M['sortable'][number], Sorted<F>> });

/** The metadata a resource declared inline (staff lists not yet moved onto the domain's metadata). */
function inlineMeta<Dto extends { id: number }>(def: Omit<ResourceDef<Dto>, 'meta'>): ResourceMeta<Dto> {
  return {
    path: def.path,
    noun: def.noun,
    perPage: def.defaultPerPage,
    defaultSort: def.defaultSort,
    sortable: def.fields.filter((f) => f.sort).map((f) => f.api),
    export: def.export,
  };
}

interface DefineResource<Dto extends { id: number }> {
  <const F extends readonly FieldDef<Dto>[], const M extends ResourceMeta<Dto>>(
    def: ResourceInput<Dto> & { meta: M; fields: F } & MissingCheck<Dto, F> & SortCheck<F, M>,
  ): ResourceDef<Dto>;
  /**
   * @deprecated Metadata declared inline: only the staff lists (modules/staff) still do, until they
   * move onto the generic router and take `meta: zoneChiefsMeta | staffUsersMeta | clientUsersMeta`.
   */
  <const F extends readonly FieldDef<Dto>[]>(def: Omit<ResourceDef<Dto>, 'meta'> & { fields: F } & MissingCheck<Dto, F>): ResourceDef<Dto>;
}

/**
 * Declares a resource whose replies are the domain's `Dto` type: every key of the DTO must have a
 * field (id, ID and MEDIA come from the id column and the media), or the compiler names the ones
 * missing; the fields declared with `sort` must be exactly `meta.sortable`, or it names the difference.
 */
export function defineResource<Dto extends { id: number }>(): DefineResource<Dto> {
  return ((def: ResourceInput<Dto> | Omit<ResourceDef<Dto>, 'meta'>): ResourceDef<Dto> => {
    if (!('meta' in def)) return { ...def, meta: inlineMeta(def) };
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
