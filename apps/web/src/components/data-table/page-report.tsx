import { formatInteger } from '@app/domain';
import type { PaginatorCurrentPageReportOptions, PaginatorTemplateOptions } from 'primereact/paginator';

/**
 * « 51 à 100 sur 5 200 »: the paginator's report with its numbers grouped as every count on screen
 * (PrimeReact's text template prints them bare: « sur 5200 »).
 */
export const pageReport = (o: PaginatorCurrentPageReportOptions) => (
  <span className={o.className} aria-live="polite">{`${formatInteger(o.first)} à ${formatInteger(o.last)} sur ${formatInteger(o.totalRecords)}`}</span>
);

/** Page links and the report, for a table without a page-size choice (the histories). */
export const PAGE_LINKS: PaginatorTemplateOptions = {
  layout: 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport',
  CurrentPageReport: pageReport,
};
