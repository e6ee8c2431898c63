import { BULK_MAX_ROWS, BULK_MSG, type BulkAction, type BulkList, type BulkResult, bulkConfirm, bulkSummary, formatInteger, type StatusSet } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { lazy, Suspense, useId, useState } from 'react';
import { notify } from '../../lib/toast';
import { askBulk, BulkCancelled, postBulk } from './bulk-run';
import { bulkTarget, EMPTY_SELECTION, isEmpty, offersAllMatching, type Selection, selectAllMatching, selectedCount, selectionLine } from './selection';

// The dialogs load on first use: lists keep their first-load budget.
const BulkParamsDialog = lazy(() => import('./BulkParamsDialog'));
const BulkRefusedDialog = lazy(() => import('./BulkRefusedDialog'));

export interface BulkBarProps {
  list: BulkList;
  /** The actions the role may run (bulkActionsFor). */
  actions: readonly BulkAction[];
  selection: Selection;
  pageIds: readonly number[];
  total: number | undefined;
  filter: Record<string, unknown>;
  statusSet?: StatusSet;
  /** Query-key prefixes to refresh after a call (the table's path, the list's path). */
  refreshPaths: readonly string[];
  onSelection: (next: Selection) => void;
  onDone?: () => unknown;
}

/**
 * Above the table while something is selected: what is selected (and the offer to take every row
 * matching the filter), then a toolbar of the actions the role may run. An action with params asks
 * them first; every action asks a confirmation naming the count, then makes one call, says how many
 * rows changed and lists the refused ones.
 */
export function BulkBar(props: BulkBarProps) {
  const { list, selection, pageIds, total } = props;
  const qc = useQueryClient();
  const lineId = useId();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [refused, setRefused] = useState<BulkResult | null>(null);
  const [used, setUsed] = useState({ params: false, refused: false });
  const [running, setRunning] = useState(false);

  if (isEmpty(selection) && !asking && !refused) return null;
  const count = selectedCount(selection, total);
  const tooMany = count > BULK_MAX_ROWS;

  const refresh = async () => {
    await qc.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && props.refreshPaths.some((p) => (q.queryKey[0] as string).startsWith(p)),
    });
    await props.onDone?.();
  };

  /** Confirms, calls, reports. Throws BulkCancelled on « Non » (the params form stays open). */
  const run = async (action: BulkAction, params: Record<string, unknown>) => {
    if (!(await askBulk(bulkConfirm(list, action, count), !!action.danger))) throw new BulkCancelled();
    setRunning(true);
    try {
      const result = await postBulk(list, action, { ...bulkTarget(selection, props.filter), ...params });
      const say = result.refusedCount ? notify.warn : notify.success;
      say(action.label, bulkSummary(result));
      props.onSelection(EMPTY_SELECTION);
      if (result.refusedCount) {
        setUsed((u) => ({ ...u, refused: true }));
        setRefused(result);
      }
    } finally {
      setRunning(false);
      await refresh();
    }
  };

  const start = (action: BulkAction) => {
    if (action.params && Object.keys(action.params).length) {
      setUsed((u) => ({ ...u, params: true }));
      setAsking(action);
      return;
    }
    // Failures were shown by the error catalogue; « Non » changes nothing.
    run(action, {}).catch(() => undefined);
  };

  return (
    <div className="dt-bulk">
      {!isEmpty(selection) && (
        <>
          <p className="dt-bulk-line" id={lineId} aria-live="polite">
            <span>{selectionLine(selection, pageIds, total)}</span>{' '}
            {offersAllMatching(selection, pageIds, total) && (
              <button type="button" className="link-button" onClick={() => props.onSelection(selectAllMatching())}>
                Sélectionner les {formatInteger(total ?? 0)} lignes correspondant au filtre
              </button>
            )}
            {tooMany && <span className="dt-bulk-warn">{BULK_MSG.tooMany}</span>}
          </p>
          <div className="dt-bulk-bar" role="toolbar" aria-label="Actions sur la sélection" aria-describedby={lineId}>
            {props.actions.map((a) => (
              <Button
                key={a.key}
                type="button"
                size="small"
                label={a.label}
                severity={a.danger ? 'danger' : undefined}
                outlined
                disabled={running || tooMany || count === 0}
                onClick={() => start(a)}
              />
            ))}
            <Button
              type="button"
              size="small"
              text
              label="Effacer la sélection"
              icon="pi pi-times"
              onClick={() => props.onSelection(EMPTY_SELECTION)}
              disabled={running}
            />
          </div>
        </>
      )}
      <Suspense fallback={null}>
        {used.params && (
          <BulkParamsDialog
            action={asking}
            statusSet={props.statusSet}
            onHide={() => setAsking(null)}
            onSubmit={async (params) => {
              if (asking) await run(asking, params);
            }}
          />
        )}
        {used.refused && <BulkRefusedDialog result={refused} onHide={() => setRefused(null)} />}
      </Suspense>
    </div>
  );
}
