import { formatPoints } from '@app/domain';
import type { ColumnDef } from '../../components/data-table';

/** A client's points balance (GET clients/points) and offered total (GET offered-points). */
export interface ClientPoints {
  id: number;
  CLIENT_ID: number;
  CODE_CLIENT: string;
  NAME: string;
  POINTS_FID: number;
  /** Points expiring within 30 days. */
  POINTS_EXPIRANT: number;
}
export interface OfferedPointsRow {
  id: number;
  CLIENT_ID: number;
  CODE_CLIENT: string;
  NAME: string;
  POINTS_OFFERED: number;
}

/** Whole points grouped by thousands with a no-break space: « 1 500 », « -25 » (defined in @app/domain). */
export { formatPoints };

/** A client's option label: CODE_CLIENT followed by NAME. */
export const clientLabel = (row: { CODE_CLIENT: string; NAME: string }): string => `${row.CODE_CLIENT} ${row.NAME}`.trim();

/** Points per client (100 per page from page 1). */
export const POINTS_PAGE_SIZE = 100;
/** Offered points list: the 50 rows of most lists. */
export const OFFERED_PAGE_SIZE = 50;
export const BY_CODE = { field: 'CODE_CLIENT', order: 'asc' } as const;

export const balanceColumns: ColumnDef<ClientPoints>[] = [
  { field: 'CODE_CLIENT', header: 'Code client', sortable: true, width: '10rem' },
  { field: 'NAME', header: 'Client', sortable: true },
  { field: 'POINTS_FID', header: 'Points', kind: 'custom', sortable: true, width: '9rem', render: (row) => formatPoints(row.POINTS_FID) },
  {
    field: 'POINTS_EXPIRANT',
    header: 'Expirant sous 30 jours',
    kind: 'custom',
    sortable: true,
    width: '11rem',
    render: (row) => (row.POINTS_EXPIRANT ? formatPoints(row.POINTS_EXPIRANT) : '—'),
  },
];

/** Offered points: points, client code, client. */
export const offeredColumns: ColumnDef<OfferedPointsRow>[] = [
  { field: 'POINTS_OFFERED', header: 'Points', kind: 'custom', sortable: true, width: '9rem', render: (row) => formatPoints(row.POINTS_OFFERED) },
  { field: 'CODE_CLIENT', header: 'Code client', sortable: true, width: '10rem' },
  { field: 'NAME', header: 'Client', sortable: true },
];
