/** Types shared by the export writers (csv, xlsx, pdf) and their callers. */
export type ExportFormat = 'csv' | 'xlsx' | 'pdf';
export type ExportCell = string | number | null | undefined;

export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => ExportCell;
  /** Relative weight of the column width in PDF and XLSX (default 1). */
  width?: number;
}

export interface ExportSpec<Row> {
  format: ExportFormat;
  /** Without extension, e.g. 'activites'. */
  fileName: string;
  /** French; shown on top of the PDF and used as the XLSX sheet name (sanitized, max 31 chars). */
  title: string;
  orientation: 'landscape' | 'portrait';
  columns: ExportColumn<Row>[];
  rows: AsyncIterable<Row> & CountedRows;
}

/**
 * A row source that knows how many rows it holds once its first row was asked for (`exportRows`
 * reads the list's ids first): the total a background export shows. Other sources leave it unset.
 */
export interface CountedRows {
  total?: number;
}
