import { type Client, formatDate, formatDateTime, type PointsLedgerRow } from '@app/domain';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { PAGE_LINKS } from '../../../components/data-table/page-report';
import { POINTS_HISTORY_PAGE_SIZE, usePointsHistory } from '../clients.api';
import { formatPoints, formatSignedPoints } from '../format';
import { PointsLots } from './PointsLots';

const amount = (r: PointsLedgerRow) => <span className={r.AMOUNT < 0 ? 'points-minus' : 'points-plus'}>{formatSignedPoints(r.AMOUNT)}</span>;

/** The client's points balance, its open lots (what expires when) and its ledger, newest first, each paged on the server. */
export function PointsHistory({ client }: { client: Client }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, isPlaceholderData } = usePointsHistory(client.id, page);
  return (
    <section className="client-points" aria-labelledby="client-points-title">
      <h2 id="client-points-title" className="client-section-title">
        Points de fidélité
      </h2>
      <p className="client-points-balance">
        <span>
          Solde : <strong data-testid="points-balance">{formatPoints(client.POINTS_FID)} points</strong>
        </span>
        <span>
          Gagnés en {new Date().getFullYear()} : <strong>{formatPoints(client.POINTS_FID_N)} points</strong>
        </span>
        <span>
          Points expirant sous 30 jours : <strong data-testid="points-expiring">{formatPoints(client.POINTS_EXPIRANT ?? 0)} points</strong>
          {client.DATE_EXPIRATION && client.POINTS_EXPIRANT > 0 ? (
            <span className="muted"> (à dépenser au plus tard le {formatDate(client.DATE_EXPIRATION)})</span>
          ) : null}
        </span>
      </p>
      <PointsLots client={client} />
      <h3 className="client-points-subtitle">Historique des mouvements</h3>
      <DataTable
        className="client-points-table"
        value={data?.data ?? []}
        dataKey="id"
        lazy
        paginator
        first={(page - 1) * POINTS_HISTORY_PAGE_SIZE}
        rows={POINTS_HISTORY_PAGE_SIZE}
        totalRecords={data?.meta?.total ?? 0}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        loading={isLoading || isPlaceholderData}
        paginatorTemplate={PAGE_LINKS}
        emptyMessage="Aucun mouvement de points pour ce client."
        size="small"
        stripedRows
        // The table scrolls sideways on a phone: keyboard users reach it through its wrapper.
        pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': 'Historique des points' } }}
        tableStyle={{ minWidth: '48rem' }}
      >
        <Column header="Date" body={(r: PointsLedgerRow) => formatDateTime(r.CREATED_AT)} />
        <Column header="Source" field="SOURCE_LABEL" />
        <Column header="Motif" field="REASON" />
        <Column header="Points" body={amount} align="right" />
        <Column header="Solde après" body={(r: PointsLedgerRow) => formatPoints(r.BALANCE_AFTER)} align="right" />
        <Column header="Auteur" body={(r: PointsLedgerRow) => r.AUTHOR ?? '—'} />
      </DataTable>
    </section>
  );
}
