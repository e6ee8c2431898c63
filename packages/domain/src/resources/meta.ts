/**
 * What the API and the list screen both say about a resource, declared once here (one file per area): the API's
 * `defineResource` takes it as `meta` (the route, messages, default paging and order, the sort keys
 * its fields must declare, the export's file) and `ResourcePage` as `resource` (the calls, the delete
 * confirmation, the paginator, the sort arrows, the dialog titles). Plain data: no I/O, nothing that
 * would weigh on the sign-in bundle (each object is tree-shaken when unused).
 */
export interface ResourceMeta<Row = Record<string, unknown>> {
  /** URL segment under /api, as the spec names it (e.g. "clients_circuits"); also the audit and media entity name. */
  readonly path: string;
  /**
   * The audit trail's French name for this resource's writes (the entity filter of the audit screen).
   * Every resource the API writes has one: its start-up stops on a written resource without it.
   */
  readonly audit?: string;
  /** French noun with article ("ce circuit"): the API's messages and the delete confirmation. */
  readonly noun: string;
  /** Rows per page when the call does not say. */
  readonly perPage: number;
  /** Order of a list that asks for none (`id` is always sortable). */
  readonly defaultSort: { readonly field: (keyof Row & string) | 'id'; readonly order: 'asc' | 'desc' };
  /**
   * The API's sort keys besides `id`: exactly the fields declared with `sort` (the API's type-check
   * and apps/api/test/contract/resource-meta.test.ts hold it), and the only keys a list column may sort on.
   */
  readonly sortable: readonly (keyof Row & string)[];
  /**
   * The words a user reads for each field: the list's column header and the export's header (one
   * label per field). A dotted key names a nested value (`MEDIA.original_url`). Where
   * the export needs other words (a unit, the time zone of a raw date), its field says so itself.
   */
  readonly labels: { readonly [K in (keyof Row & string) | `${keyof Row & string}.${string}`]?: string };
  /** Titles of the add / edit / view dialog, where the screen's titles do not depend on its state. */
  readonly titles?: { readonly add: string; readonly edit: string; readonly view: string };
  /** The CSV/XLSX/PDF export's file name (without extension), its title and the PDF's page orientation. */
  readonly export: { readonly fileName: string; readonly title: string; readonly orientation: 'landscape' | 'portrait' };
}
