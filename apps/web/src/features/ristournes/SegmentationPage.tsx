import {
  formatMoney,
  type SegmentedClient,
  SEGMENTATION_DEFAULT,
  SEGMENTATION_MAX,
  SEGMENTATION_MIN,
  SEGMENTATION_PAGE_SIZE,
  type SegmentationSummary,
} from '@app/domain';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Slider } from 'primereact/slider';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ResourceTable } from '../../components/data-table';
import { activityLabel, segmentedClientColumns } from './columns';
import { CLIENTS_STATE_KEY, clientCount, handleLabel, keyedRange, type Range, rangeText, readRange, SEGMENTATION_STEP, writeRange } from './segmentation';
import { SEGMENTED_CLIENTS_PATH, useSegmentation, useSegmentationFigures } from './segmentation.api';
import './ristournes.css';

/**
 * Segmentation (`/layout/ristourne/segmentation`): a range slider over the
 * previous-year turnover, 0 to 10,000 DT (3,000–6,000 by default); « Modifier » shows how many clients
 * fall in it, by activity, and lists them, paged by the server.
 */
export default function SegmentationPage() {
  const [params, setParams] = useSearchParams();
  const applied = readRange(params);
  const [range, setRange] = useState<Range>(applied ?? SEGMENTATION_DEFAULT);

  return (
    <div className="seg-page">
      <section className="seg-card" aria-labelledby="seg-title">
        <h2 id="seg-title">Chiffre d’affaires N-1</h2>
        <p className="seg-range" aria-live="polite">
          {rangeText(range)}
        </p>
        <RangeSlider value={range} onChange={setRange} />
        <LiveFigures range={range} />
        <div className="seg-actions">
          <Button type="button" label="Modifier" icon="pi pi-sliders-h" onClick={() => setParams(writeRange(params, range))} />
        </div>
      </section>
      {applied && <SegmentationResult range={applied} />}
    </div>
  );
}

/**
 * What the slider's range holds right now: clients and their turnover, by the rebate
 * generation's own turnover (orders validated or invoiced last year), asked after a short pause.
 */
function LiveFigures({ range }: { range: Range }) {
  const { data, isError, pending } = useSegmentationFigures(range);
  return (
    <p className="seg-live" aria-live="polite" aria-busy={pending} data-pending={pending || undefined}>
      {isError ? (
        'Chiffres indisponibles.'
      ) : data ? (
        <>
          <strong data-testid="seg-live-clients">{clientCount(data.CLIENTS)}</strong> ·{' '}
          <strong data-testid="seg-live-turnover">{formatMoney(data.TURNOVER)}</strong> de chiffre d’affaires{' '}
          <span className="seg-live-year">(commandes validées ou facturées de {data.YEAR})</span>
        </>
      ) : (
        'Calcul…'
      )}
    </p>
  );
}

/**
 * PrimeReact's range Slider gives both handles the same ARIA attributes (and aria-valuenow as a
 * percentage): each handle is named and valued here, so a screen reader says which bound it moves.
 */
function RangeSlider({ value, onChange }: { value: Range; onChange: (r: Range) => void }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const handles = host.current?.querySelectorAll<HTMLElement>('.p-slider-handle') ?? [];
    handles.forEach((h, i) => {
      h.setAttribute('aria-label', handleLabel(value, i));
      h.setAttribute('aria-valuenow', String(value[i]));
      h.setAttribute('aria-valuetext', formatMoney(value[i]));
    });
  }, [value]);
  // Every key is handled here, before PrimeReact's own handler (see keyedRange).
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const handles = [...(host.current?.querySelectorAll<HTMLElement>('.p-slider-handle') ?? [])];
    const index = handles.indexOf(e.target as HTMLElement);
    if (index !== 0 && index !== 1) return;
    const next = keyedRange(value, index, e.key);
    if (!next) return;
    e.preventDefault();
    e.stopPropagation();
    onChange(next);
  };
  return (
    // The keys reach the slider's own handles (focusable sliders): this only catches them first.
    <div ref={host} className="seg-slider" onKeyDownCapture={onKey}>
      <Slider
        range
        min={SEGMENTATION_MIN}
        max={SEGMENTATION_MAX}
        step={SEGMENTATION_STEP}
        value={[value[0], value[1]]}
        onChange={(e) => Array.isArray(e.value) && onChange([e.value[0], e.value[1]])}
      />
      <div className="seg-scale" aria-hidden="true">
        <span>{formatMoney(SEGMENTATION_MIN)}</span>
        <span>{formatMoney(SEGMENTATION_MAX)}</span>
      </div>
    </div>
  );
}

function SegmentationResult({ range }: { range: Range }) {
  const { data, isLoading } = useSegmentation(range);
  return (
    <>
      <section className="seg-card seg-summary" aria-labelledby="seg-count">
        <h2 id="seg-count">Clients par activité</h2>
        {isLoading ? <p>Chargement…</p> : data && <Summary data={data} />}
      </section>
      <section className="seg-card" aria-labelledby="seg-clients">
        <h2 id="seg-clients">Clients de la tranche</h2>
        <ResourceTable<SegmentedClient>
          resource={{ path: SEGMENTED_CLIENTS_PATH, noun: 'ce client', perPage: SEGMENTATION_PAGE_SIZE }}
          query={{ min: range[0], max: range[1] }}
          stateKey={CLIENTS_STATE_KEY}
          columns={segmentedClientColumns}
          searchable={false}
          exports={[]}
          readOnly
          deletable={false}
          emptyMessage="Aucun client dans cette tranche"
          minWidth="36rem"
        />
      </section>
    </>
  );
}

function Summary({ data }: { data: SegmentationSummary }) {
  return (
    <>
      <p className="seg-total">
        <strong data-total={data.total}>{clientCount(data.total)}</strong> avec un CA N-1 entre {rangeText([Number(data.min), Number(data.max)])}
      </p>
      {data.byActivity.length > 0 && (
        <DataTable
          value={data.byActivity}
          size="small"
          stripedRows
          className="seg-activities"
          tableStyle={{ minWidth: '18rem' }}
          // A table wider than the phone scrolls: its region takes the keyboard focus (axe: scrollable-region-focusable).
          pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': 'Clients par activité' } }}
        >
          <Column header="Activité" body={activityLabel} />
          <Column field="COUNT" header="Nombre de clients" headerClassName="seg-num" bodyClassName="seg-num" />
        </DataTable>
      )}
    </>
  );
}
