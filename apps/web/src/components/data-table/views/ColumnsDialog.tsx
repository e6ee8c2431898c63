import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useState } from 'react';

export interface ColumnsDialogProps {
  visible: boolean;
  columns: readonly { field: string; header: string }[];
  /** Fields shown, in order (the first column first). */
  shown: string[];
  onChange: (shown: string[]) => void;
  onHide: () => void;
}

/**
 * The column chooser: show or hide each column and move it up or down; every change shows at once
 * (and goes into the URL). The first column names the row: it stays, first.
 */
export default function ColumnsDialog({ visible, columns, shown, onChange, onHide }: ColumnsDialogProps) {
  // Hidden columns keep their place in the dialog's order so that showing one again puts it back there.
  const [order, setOrder] = useState<string[]>([]);
  // The boxes answer at once; the list follows through the URL a moment later.
  const [visibleSet, setVisibleSet] = useState<Set<string>>(new Set());
  // Only on opening: later `shown` changes are ours.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening only
  useEffect(() => {
    if (!visible) return;
    setOrder([...shown, ...columns.map((c) => c.field).filter((f) => !shown.includes(f))]);
    setVisibleSet(new Set(shown));
  }, [visible]);
  const header = (f: string) => columns.find((c) => c.field === f)?.header ?? f;
  const first = columns[0]?.field;

  const apply = (nextOrder: string[], nextVisible: Set<string>) => {
    setOrder(nextOrder);
    setVisibleSet(nextVisible);
    onChange(nextOrder.filter((f) => nextVisible.has(f) || f === first));
  };
  const toggle = (f: string, on: boolean) => {
    const next = new Set(visibleSet);
    if (on) next.add(f);
    else next.delete(f);
    apply(order, next);
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...order];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    apply(next, visibleSet);
  };

  return (
    <Dialog header="Colonnes de la liste" visible={visible} onHide={onHide} className="dt-view-dialog" breakpoints={{ '640px': '95vw' }} draggable={false}>
      <ul className="dt-columns" aria-label="Colonnes">
        {order.map((f, i) => (
          <li key={f} className="dt-columns-row">
            <input
              type="checkbox"
              className="dt-check"
              id={`col-${f}`}
              checked={f === first || visibleSet.has(f)}
              disabled={f === first}
              onChange={(e) => toggle(f, e.target.checked)}
            />
            <label htmlFor={`col-${f}`}>
              {header(f)}
              {f === first && <span className="dt-columns-fixed"> (toujours affichée)</span>}
            </label>
            {f !== first && (
              <span className="dt-columns-move">
                <Button type="button" icon="pi pi-arrow-up" text rounded aria-label={`Monter « ${header(f)} »`} disabled={i <= 1} onClick={() => move(i, -1)} />
                <Button
                  type="button"
                  icon="pi pi-arrow-down"
                  text
                  rounded
                  aria-label={`Descendre « ${header(f)} »`}
                  disabled={i === order.length - 1}
                  onClick={() => move(i, 1)}
                />
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className="dt-view-actions">
        <Button
          type="button"
          label="Toutes les colonnes"
          text
          icon="pi pi-replay"
          onClick={() =>
            apply(
              columns.map((c) => c.field),
              new Set(columns.map((c) => c.field)),
            )
          }
        />
        <Button type="button" label="Fermer" onClick={onHide} />
      </div>
    </Dialog>
  );
}
