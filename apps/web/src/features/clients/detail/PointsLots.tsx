import { type Client, formatDate, formatDateTime, type PointsLot, POINTS_LOTS_PAGE_SIZE } from '@app/domain';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { PAGE_LINKS } from '../../../components/data-table/page-report';
import { downloadPointsLots, usePointsLots } from '../clients.api';
import { formatPoints } from '../format';

const EXPORTS = [
  { format: 'pdf', label: 'PDF', icon: 'pi pi-file-pdf' },
  { format: 'xlsx', label: 'Excel', icon: 'pi pi-file-excel' },
  { format: 'csv', label: 'CSV', icon: 'pi pi-file' },
] as const;

/**
 * « Échéances des points »: the client's open lots, the next to expire first (the order the ledger
 * spends them in), with the last day each can be spent: what a client calling to ask "when do my
 * points expire" is told, however far ahead. Exportable as the lists are.
 */
export function PointsLots({ client }: { client: Client }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, isPlaceholderData } = usePointsLots(client.id, page);
  return (
    <div className="client-lots">
      <div className="client-lots-head">
        <h3 id="client-lots-title">Échéances des points</h3>
        <span className="client-lots-exports">
          {EXPORTS.map((e) => (
            <Button
              key={e.format}
              type="button"
              size="small"
              outlined
              icon={e.icon}
              label={e.label}
              aria-label={`Exporter les échéances en ${e.label}`}
              onClick={() => downloadPointsLots(client.id, e.format).catch(() => {})}
            />
          ))}
        </span>
      </div>
      <DataTable
        className="client-lots-table"
        value={data?.data ?? []}
        dataKey="id"
        lazy
        paginator
        first={(page - 1) * POINTS_LOTS_PAGE_SIZE}
        rows={POINTS_LOTS_PAGE_SIZE}
        totalRecords={data?.meta?.total ?? 0}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        loading={isLoading || isPlaceholderData}
        paginatorTemplate={PAGE_LINKS}
        emptyMessage="Aucun point en cours pour ce client."
        size="small"
        stripedRows
        pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-labelledby': 'client-lots-title' } }}
        tableStyle={{ minWidth: '44rem' }}
      >
        <Column header="Expire après le" body={(l: PointsLot) => (l.LAST_DAY ? formatDate(l.LAST_DAY) : 'Sans expiration')} />
        <Column header="Restants" body={(l: PointsLot) => formatPoints(l.REMAINING)} align="right" />
        <Column header="Crédités" body={(l: PointsLot) => formatPoints(l.AMOUNT)} align="right" />
        <Column header="Origine" field="ORIGIN" />
        <Column header="Motif" body={(l: PointsLot) => l.REASON ?? '—'} />
        <Column header="Crédité le" body={(l: PointsLot) => formatDateTime(l.CREATED_AT)} />
      </DataTable>
    </div>
  );
}
