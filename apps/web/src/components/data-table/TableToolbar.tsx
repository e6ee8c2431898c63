import type { ExportFormat } from '@app/domain';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { type ReactNode, useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 400;

const EXPORT_BUTTONS: Record<ExportFormat, { label: string; icon: string; severity: 'danger' | 'success' | 'info' }> = {
  pdf: { label: 'PDF', icon: 'pi pi-file-pdf', severity: 'danger' },
  xlsx: { label: 'Excel', icon: 'pi pi-file-excel', severity: 'success' },
  csv: { label: 'CSV', icon: 'pi pi-file', severity: 'info' },
};

export interface TableToolbarProps {
  total: number | undefined;
  /** The search in force (from the URL); absent hides the search box. */
  searchValue?: string;
  onSearch?: (value: string) => void;
  addLabel?: string;
  onAdd?: () => void;
  exports?: readonly ExportFormat[];
  onExport?: (format: ExportFormat) => Promise<void>;
  /** Screen-specific buttons, placed before the exports. */
  extra?: ReactNode;
}

/** Add button, total, search box (debounced: the list call leaves after a pause in typing) and export buttons. */
export function TableToolbar({ total, searchValue, onSearch, addLabel = 'Ajouter', onAdd, exports = [], onExport, extra }: TableToolbarProps) {
  const [text, setText] = useState(searchValue ?? '');
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const pushed = useRef(searchValue ?? '');
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  // The URL may change under us (back button, reload): show what it says.
  useEffect(() => {
    if (searchValue !== undefined && searchValue !== pushed.current) {
      pushed.current = searchValue;
      setText(searchValue);
    }
  }, [searchValue]);

  useEffect(() => {
    if (text === pushed.current) return;
    const t = setTimeout(() => {
      pushed.current = text;
      onSearchRef.current?.(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  const runExport = async (format: ExportFormat) => {
    if (!onExport) return;
    setExporting(format);
    try {
      await onExport(format);
    } catch {
      // The error catalogue has shown the failure.
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="dt-toolbar">
      <div className="dt-toolbar-start">
        {onAdd && <Button type="button" label={addLabel} icon="pi pi-plus" onClick={onAdd} />}
        {total !== undefined && (
          <span className="dt-total" aria-live="polite">
            {total} élément{total > 1 ? 's' : ''}
          </span>
        )}
      </div>
      <div className="dt-toolbar-end">
        {onSearch && (
          <IconField iconPosition="left" className="dt-search">
            <InputIcon className="pi pi-search" />
            <InputText
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Rechercher…"
              aria-label="Rechercher"
              maxLength={200}
            />
          </IconField>
        )}
        {extra}
        {exports.map((f) => (
          <Button
            key={f}
            type="button"
            outlined
            severity={EXPORT_BUTTONS[f].severity}
            icon={EXPORT_BUTTONS[f].icon}
            label={EXPORT_BUTTONS[f].label}
            aria-label={`Exporter en ${EXPORT_BUTTONS[f].label}`}
            loading={exporting === f}
            disabled={exporting !== null}
            onClick={() => runExport(f)}
          />
        ))}
      </div>
    </div>
  );
}
