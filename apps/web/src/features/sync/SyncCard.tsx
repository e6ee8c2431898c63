import { FILE_FAMILIES, formatDateTime, formatDecimal, formatInteger, SYNC_DEFS, SYNC_MSG, type SyncKind, type SyncRun } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { downloadSample, isRunning, launchSync, RUNS_KEY, SYNC_KEY, type SyncFile, syncRun } from './sync.api';
import { RunCounts } from './SyncReport';

/** Toasts of this screen last 6 s. */
const LIFE = 6000;
const POLL_MS = 500;

const fileSize = (n: number) =>
  n < 1024 ? `${n} o` : n < 1024 * 1024 ? `${formatInteger(Math.round(n / 1024))} Ko` : `${formatDecimal(n / 1024 / 1024, 1)} Mo`;

/** The end of a run, in the spec's words: Succès / Echec, 6 s. A dry run says what it found. */
function announce(run: SyncRun) {
  const kind = run.KIND;
  if (run.DRY_RUN) {
    if (run.RESULT === 'checked') notify.info('Vérification', `${SYNC_MSG.checked(kind)} : aucune ligne refusée.`, LIFE);
    else notify.warn('Vérification', `${SYNC_MSG.checked(kind)} : ${run.REJECTED} ligne(s) refusée(s).`, LIFE);
  } else if (run.RESULT === 'success') notify.success('Succès', SYNC_MSG.success(kind), LIFE);
  else notify.error('Echec', SYNC_MSG.failure(kind), LIFE);
}

/**
 * One synchronisation: its file in SYNC_DIR (or one the user picks), LANCER and Vérifier, the
 * progress of the run, then its counts; « Rapport » opens the rejected rows.
 */
export function SyncCard({
  kind,
  file,
  latest,
  onReport,
}: {
  kind: SyncKind;
  file: SyncFile | undefined;
  latest: SyncRun | undefined;
  onReport: (run: SyncRun) => void;
}) {
  const def = SYNC_DEFS[kind];
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [run, setRun] = useState<SyncRun | null>(null);
  const [launching, setLaunching] = useState(false);
  const shown = run ?? latest ?? null;
  const busy = launching || isRunning(run);

  // A run still going when the screen opens (another tab, a reload) is followed too.
  useEffect(() => {
    if (!run && isRunning(latest)) setRun(latest ?? null);
  }, [latest, run]);

  useEffect(() => {
    if (!run || !isRunning(run)) return;
    const timer = setTimeout(async () => {
      try {
        const next = await syncRun(run.id);
        setRun(next);
        if (!isRunning(next)) {
          announce(next);
          await qc.invalidateQueries({ queryKey: SYNC_KEY });
        }
      } catch {
        setRun({ ...run, RESULT: 'failed', MESSAGE: 'Le suivi de la synchronisation a échoué.' });
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [run, qc]);

  const launch = async (dryRun: boolean) => {
    setLaunching(true);
    try {
      setRun(await launchSync(kind, dryRun, picked));
      await qc.invalidateQueries({ queryKey: RUNS_KEY });
    } catch (err) {
      const detail = err instanceof ApiError && err.status !== 0 ? err.message : SYNC_MSG.failure(kind);
      notify.error('Echec', detail, LIFE);
    } finally {
      setLaunching(false);
    }
  };

  const p = run?.PROGRESS;
  const percent = p && p.total > 0 ? Math.min(100, Math.round((100 * p.done) / p.total)) : 0;
  const titleId = `sync-${kind}-title`;
  return (
    <section className="sync-card" aria-labelledby={titleId} data-kind={kind}>
      <header className="sync-card-head">
        <h2 id={titleId}>{def.title}</h2>
        <Button
          type="button"
          text
          size="small"
          icon="pi pi-download"
          label="Exemple"
          onClick={() => void downloadSample(kind)}
          aria-label={`Fichier exemple : ${def.title}`}
        />
      </header>
      <p className="sync-card-file">
        {picked ? (
          <>
            Fichier choisi : <strong>{picked.name}</strong>
          </>
        ) : file?.PRESENT ? (
          <>
            <code>{def.file}</code> {file.SIZE != null && `(${fileSize(file.SIZE)}) `}du {formatDateTime(file.MODIFIED_AT)}
          </>
        ) : (
          <>
            <code>{def.file}</code> absent du dossier de synchronisation
          </>
        )}
      </p>
      <div className="sync-card-actions">
        <Button
          type="button"
          label="LANCER"
          icon="pi pi-play"
          onClick={() => void launch(false)}
          loading={busy}
          disabled={busy}
          aria-label={`LANCER : ${def.title}`}
        />
        <Button
          type="button"
          label="Vérifier"
          icon="pi pi-check-square"
          outlined
          onClick={() => void launch(true)}
          disabled={busy}
          aria-label={`Vérifier : ${def.title}`}
        />
        <input
          ref={input}
          type="file"
          hidden
          accept={kind === 'images' ? FILE_FAMILIES.image.accept : FILE_FAMILIES.csv.accept}
          aria-label={`Fichier à synchroniser : ${def.title}`}
          onChange={(e) => {
            setPicked(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
        {picked ? (
          <Button
            type="button"
            text
            severity="secondary"
            icon="pi pi-times"
            label="Dossier ERP"
            onClick={() => setPicked(null)}
            disabled={busy}
            title="Revenir au fichier du dossier de synchronisation"
          />
        ) : (
          <Button
            type="button"
            text
            icon="pi pi-upload"
            label="Téléverser"
            onClick={() => input.current?.click()}
            disabled={busy}
            aria-label={`Téléverser un fichier : ${def.title}`}
          />
        )}
      </div>
      {isRunning(run) && (
        <div className="sync-card-progress" aria-live="polite">
          <small>{p?.step ?? 'En attente de démarrage…'}</small>
          <ProgressBar value={percent} aria-label={`Avancement : ${def.title}`} />
        </div>
      )}
      {shown && !isRunning(shown) && <RunCounts run={shown} onReport={() => onReport(shown)} />}
    </section>
  );
}
