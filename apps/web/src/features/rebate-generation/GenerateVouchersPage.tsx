import { formatDateTime, formatMoney, GENERATION_YEAR_MAX, GENERATION_YEAR_MIN, generationYear, RISTOURNE_MSG } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { type GenerationJob, generationRuns, generationStatus, isFinished, launchGeneration, RUNS_KEY } from './generation.api';
import { SIMULATION_KEY } from './simulation.api';
import { SimulationPanel } from './SimulationPanel';
import './generation.css';

/** Toasts of this screen last 6 s. */
const LIFE = 6000;
const POLL_MS = 500;

/**
 * « Générer les vouchers »: a year (2000–2100, this year by
 * default), LANCER starts the generation as a background job, whose progress shows until the spec's
 * message; the years already generated are listed below. SIMULER shows what LANCER would
 * issue for the year, writing nothing; the simulated year stays in the URL (`simuler`).
 */
export default function GenerateVouchersPage() {
  const qc = useQueryClient();
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [touched, setTouched] = useState(false);
  const [job, setJob] = useState<GenerationJob | null>(null);
  const [launching, setLaunching] = useState(false);
  const runs = useQuery({ queryKey: RUNS_KEY, queryFn: generationRuns });
  const [params, setParams] = useSearchParams();
  const simulated = generationYear().safeParse(params.get('simuler') ?? '');
  const simYear = simulated.success ? simulated.data : null;
  const valid = generationYear().safeParse(year.trim()).success;
  const running = !!job && !isFinished(job);

  // Follow the job until it ends, then say how it ended.
  useEffect(() => {
    if (!job || isFinished(job)) return;
    const timer = setTimeout(async () => {
      try {
        const next = await generationStatus(job.id);
        setJob(next);
        if (isFinished(next)) {
          if (next.state === 'completed')
            (next.result?.already ? notify.info : notify.success)('Générer les vouchers', next.message ?? RISTOURNE_MSG.generated, LIFE);
          else notify.error('Générer les vouchers', next.message ?? 'La génération a échoué.', LIFE);
          await qc.invalidateQueries({ queryKey: RUNS_KEY });
          await qc.invalidateQueries({ queryKey: SIMULATION_KEY });
        }
      } catch {
        setJob({ ...job, state: 'failed', error: 'Le suivi de la génération a échoué.', message: null });
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, qc]);

  const launch = async () => {
    setTouched(true);
    if (!valid) return;
    setLaunching(true);
    try {
      const started = await launchGeneration(Number(year));
      setJob(started);
      if (isFinished(started)) notify.info('Générer les vouchers', started.message ?? '', LIFE);
    } catch (err) {
      notify.error('Générer les vouchers', err instanceof ApiError ? err.message : 'La génération a échoué.', LIFE);
    } finally {
      setLaunching(false);
    }
  };

  const simulate = () => {
    setTouched(true);
    if (!valid) return;
    const next = new URLSearchParams(params);
    next.set('simuler', String(Number(year)));
    // Another year's list starts on its first page, unsearched.
    for (const key of [...next.keys()]) if (key.startsWith('sim.')) next.delete(key);
    setParams(next);
    if (simYear === Number(year)) void qc.invalidateQueries({ queryKey: [...SIMULATION_KEY, simYear] });
  };

  const p = job?.progress;
  const percent = job?.state === 'completed' ? 100 : p && p.total > 0 ? Math.round((100 * p.done) / p.total) : 0;
  return (
    <div className="generation">
      <form
        className="generation-form"
        onSubmit={(e) => {
          e.preventDefault();
          void launch();
        }}
        noValidate
      >
        <label htmlFor="generation-year">Année</label>
        <InputText
          id="generation-year"
          inputMode="numeric"
          value={year}
          onChange={(e) => setYear(e.target.value)}
          onBlur={() => setTouched(true)}
          invalid={touched && !valid}
          aria-describedby={touched && !valid ? 'generation-year-error' : undefined}
          min={GENERATION_YEAR_MIN}
          max={GENERATION_YEAR_MAX}
        />
        {touched && !valid && (
          <small id="generation-year-error" className="p-error">
            {RISTOURNE_MSG.generationYear}
          </small>
        )}
        <div className="generation-buttons">
          <Button type="button" label="SIMULER" icon="pi pi-calculator" severity="secondary" outlined onClick={simulate} />
          <Button type="submit" label="LANCER" icon="pi pi-bolt" loading={launching || running} disabled={running} />
        </div>
      </form>
      {job && (
        <section className="generation-progress" aria-live="polite" aria-label="Avancement de la génération">
          <p>
            {job.state === 'completed'
              ? (job.message ?? RISTOURNE_MSG.generated)
              : job.state === 'failed'
                ? (job.message ?? job.error)
                : (p?.step ?? 'En attente de démarrage…')}
            {job.result && !job.result.already && ` — ${job.result.vouchers} voucher(s), ${formatMoney(job.result.total)}`}
          </p>
          <ProgressBar value={percent} aria-label="Avancement" />
        </section>
      )}
      {simYear !== null && <SimulationPanel year={simYear} />}
      <h2 className="generation-title">Années générées</h2>
      <DataTable
        value={runs.data ?? []}
        loading={runs.isLoading}
        dataKey="YEAR"
        size="small"
        emptyMessage="Aucune année générée."
        pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': 'Années générées' } }}
      >
        <Column field="YEAR" header="Année" />
        <Column field="VOUCHERS" header="Vouchers" />
        <Column header="Montant total" body={(r: { TOTAL: number }) => formatMoney(r.TOTAL)} />
        <Column header="Générée le" body={(r: { FINISHED_AT: string }) => formatDateTime(r.FINISHED_AT)} />
      </DataTable>
    </div>
  );
}
