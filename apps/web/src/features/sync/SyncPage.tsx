import { formatDateTime, formatDecimal, SYNC_DEFS, SYNC_KINDS, SYNC_RUNS_PAGE_SIZE, type SyncRun } from '@app/domain';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { PAGE_LINKS } from '../../components/data-table/page-report';
import { downloadRuns, useLatestRuns, useSyncFiles, useSyncRuns } from './sync.api';
import { SyncCard } from './SyncCard';
import { ResultTag, SyncReportDialog } from './SyncReport';
import './sync.css';

const duration = (ms: number | null) => (ms == null ? '—' : ms < 1000 ? `${ms} ms` : `${formatDecimal(ms / 1000, 1)} s`);

/**
 * Data synchronisation centre: the six ERP synchronisations, each with
 * LANCER (and Vérifier, a dry run), then the history of every run, newest first, downloadable as CSV.
 */
export default function SyncPage() {
  const [page, setPage] = useState(1);
  const [report, setReport] = useState<SyncRun | null>(null);
  const files = useSyncFiles();
  const latest = useLatestRuns();
  const runs = useSyncRuns(page);
  return (
    <div className="sync-page">
      <p className="sync-intro">
        Les fichiers sont lus dans le dossier de synchronisation de l’ERP ; « Téléverser » en choisit un autre pour une synchronisation (5 Mo au plus). «
        Vérifier » contrôle chaque ligne sans rien appliquer ; une seule ligne refusée et rien n’est appliqué.
      </p>
      <div className="sync-grid">
        {SYNC_KINDS.map((kind) => (
          <SyncCard
            key={kind}
            kind={kind}
            file={files.data?.find((f) => f.KIND === kind)}
            latest={latest.data?.find((r) => r.KIND === kind)}
            onReport={setReport}
          />
        ))}
      </div>
      <div className="sync-history-head">
        <h2 id="sync-history-title">Historique des synchronisations</h2>
        <Button type="button" outlined icon="pi pi-file" label="CSV" onClick={() => void downloadRuns()} aria-label="Télécharger l’historique en CSV" />
      </div>
      <DataTable
        value={runs.data?.data ?? []}
        dataKey="id"
        lazy
        paginator
        first={(page - 1) * SYNC_RUNS_PAGE_SIZE}
        rows={SYNC_RUNS_PAGE_SIZE}
        totalRecords={runs.data?.meta?.total ?? 0}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        loading={runs.isLoading}
        paginatorTemplate={PAGE_LINKS}
        emptyMessage="Aucune synchronisation lancée."
        size="small"
        stripedRows
        pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-labelledby': 'sync-history-title' } }}
        tableStyle={{ minWidth: '60rem' }}
      >
        <Column header="Synchronisation" body={(r: SyncRun) => SYNC_DEFS[r.KIND].title} />
        <Column header="Résultat" body={(r: SyncRun) => <ResultTag run={r} />} />
        <Column header="Par" body={(r: SyncRun) => r.USER_EMAIL ?? '—'} />
        <Column header="Le" body={(r: SyncRun) => formatDateTime(r.STARTED_AT)} />
        <Column header="Fichier" body={(r: SyncRun) => <span title={r.SHA256 ? `SHA-256 ${r.SHA256}` : undefined}>{r.FILE_NAME}</span>} />
        <Column header="Durée" body={(r: SyncRun) => duration(r.DURATION_MS)} />
        <Column header="Lignes" field="TOTAL" align="right" />
        <Column header="Ajoutées" field="INSERTED" align="right" />
        <Column header="Modifiées" field="UPDATED" align="right" />
        <Column header="Inchangées" field="UNCHANGED" align="right" />
        <Column header="Refusées" field="REJECTED" align="right" />
        <Column
          header="Rapport"
          body={(r: SyncRun) => (
            <Button
              type="button"
              text
              rounded
              icon="pi pi-eye"
              onClick={() => setReport(r)}
              aria-label={`Rapport de la synchronisation du ${formatDateTime(r.STARTED_AT)}`}
            />
          )}
        />
      </DataTable>
      <SyncReportDialog run={report} onHide={() => setReport(null)} />
    </div>
  );
}
