import { formatDateTime, formatInteger, SYNC_DEFS, SYNC_RESULTS, type SyncRun } from '@app/domain';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import '../../components/status/status.css';

export const RESULT_COLORS: Record<SyncRun['RESULT'], string> = {
  running: '#1d4ed8',
  success: '#15803d',
  checked: '#0f766e',
  rejected: '#b91c1c',
  failed: '#7f1d1d',
};

export function ResultTag({ run }: { run: SyncRun }) {
  return (
    <span className="status-tag" style={{ background: RESULT_COLORS[run.RESULT] }} data-result={run.RESULT}>
      {SYNC_RESULTS[run.RESULT]}
      {run.DRY_RUN && run.RESULT !== 'checked' ? ' (vérification)' : ''}
    </span>
  );
}

/** The counts of a finished run under its buttons. */
export function RunCounts({ run, onReport, withResult = true }: { run: SyncRun; onReport?: () => void; withResult?: boolean }) {
  return (
    <div className="sync-counts" data-testid={`sync-report-${run.KIND}`}>
      {withResult && (
        <p>
          <ResultTag run={run} /> <span className="sync-when">{formatDateTime(run.STARTED_AT)}</span>
        </p>
      )}
      <dl>
        <div>
          <dt>Lignes</dt>
          <dd>{formatInteger(run.TOTAL)}</dd>
        </div>
        <div>
          <dt>Ajoutées</dt>
          <dd>{formatInteger(run.INSERTED)}</dd>
        </div>
        <div>
          <dt>Modifiées</dt>
          <dd>{formatInteger(run.UPDATED)}</dd>
        </div>
        <div>
          <dt>Inchangées</dt>
          <dd>{formatInteger(run.UNCHANGED)}</dd>
        </div>
        <div>
          <dt>Refusées</dt>
          <dd>{formatInteger(run.REJECTED)}</dd>
        </div>
      </dl>
      {run.MESSAGE && <p className="sync-message">{run.MESSAGE}</p>}
      {run.REJECTED > 0 && onReport && <Button type="button" size="small" text icon="pi pi-list" label="Voir les lignes refusées" onClick={onReport} />}
    </div>
  );
}

/** A run's report: who, when, which file (and its checksum), its counts and every rejected row kept. */
export function SyncReportDialog({ run, onHide }: { run: SyncRun | null; onHide: () => void }) {
  return (
    <Dialog header={run ? `Rapport : ${SYNC_DEFS[run.KIND].title}` : ''} visible={!!run} onHide={onHide} style={{ width: 'min(56rem, 96vw)' }} modal>
      {run && (
        <>
          <p className="sync-report-meta">
            <ResultTag run={run} /> par {run.USER_EMAIL ?? '—'} le {formatDateTime(run.STARTED_AT)} — fichier <strong>{run.FILE_NAME}</strong>
            {run.SHA256 && (
              <>
                {' '}
                (SHA-256 <code className="sync-sha">{run.SHA256}</code>)
              </>
            )}
          </p>
          <RunCounts run={run} withResult={false} />
          <DataTable
            value={run.REJECTIONS}
            size="small"
            stripedRows
            paginator={run.REJECTIONS.length > 20}
            rows={20}
            emptyMessage="Aucune ligne refusée."
            pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': 'Lignes refusées' } }}
          >
            <Column field="line" header="Ligne" />
            <Column field="field" header="Colonne" />
            <Column field="message" header="Motif" />
          </DataTable>
          {run.REJECTED > run.REJECTIONS.length && <p>Seules les {run.REJECTIONS.length} premières lignes refusées sont gardées.</p>}
        </>
      )}
    </Dialog>
  );
}
