import type { Action, FileFamily } from '@app/domain';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { SearchTarget } from './list-query';

/**
 * A simple resource described once: the generic router (crud.routes.ts) gives it list (paged,
 * searched, sorted in SQL), read, create, update (partial), delete, export, reorder and media.
 * A new plain resource costs a description like the ones in modules/classification.
 */
export interface ResourceDef<Row extends Record<string, unknown>, Dto extends { id: number }> {
  /** URL segment under /api, as the spec names it (e.g. "clients_circuits"). Also the audit and media entity name. */
  path: string;
  /** OpenAPI tag. */
  tag: string;
  /** French noun with article, for messages ("ce circuit"). */
  noun: string;
  actions: { read: Action; write: Action };
  table: PgTable;
  idColumn: AnyPgColumn;
  /** Body of POST; PUT accepts any subset of it. */
  body: z.ZodObject;
  /** API fields holding rich text (HTML), cleaned with the allowlist of lib/rich-text.ts before storage. */
  richText?: readonly string[];
  /** API fields → column values. Receives the parsed (possibly partial) body. */
  toValues(body: Record<string, unknown>): Record<string, unknown>;
  /** The select with its joins; `where`, order and paging are added by the router. */
  select(db: Db): { rows: SelectBuilder<Row>; count: SelectBuilder<{ n: number }> };
  toDto(row: Row): Dto;
  /** Attach what a row list needs from other tables in one query (e.g. media). */
  decorate?(db: Db, dtos: Dto[]): Promise<void>;
  searchColumns: SearchTarget[];
  /** API field name → column or expression to sort on. */
  sortable: Record<string, AnyPgColumn | SQL>;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  defaultPerPage: number;
  /** Unique index name → the field it guards and the spec's message. */
  unique?: Record<string, { field: string; message: string }>;
  /** Message when a delete is refused because other records still use this one. */
  inUseMessage: string;
  /** Rows keep a position 1..n (new rows go last; PUT reorder renumbers). `key` is the Drizzle property. */
  position?: { column: AnyPgColumn; key: string };
  media?: { names: Record<string, FileFamily> };
  export: {
    fileName: string;
    title: string;
    orientation: 'landscape' | 'portrait';
    columns: { header: string; value: (dto: Dto) => string | number | null | undefined; width?: number }[];
  };
}

/** Structural type of a Drizzle select that can still take where/orderBy/limit/offset. */
export interface SelectBuilder<T> extends PromiseLike<T[]> {
  where(where: SQL | undefined): SelectBuilder<T>;
  orderBy(...columns: (AnyPgColumn | SQL)[]): SelectBuilder<T>;
  limit(n: number): SelectBuilder<T>;
  offset(n: number): SelectBuilder<T>;
}
