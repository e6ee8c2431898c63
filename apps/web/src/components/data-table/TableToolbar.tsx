import { type ExportFormat, formatInteger } from '@app/domain';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { MAX_TAG_LENGTH, MAX_TAGS } from './list-state';

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
  /** Search tags in force; with `onTags`, Enter turns the typed text into a removable tag (each narrows). */
  tags?: string[];
  onTags?: (tags: string[]) => void;
  addLabel?: string;
  onAdd?: () => void;
  exports?: readonly ExportFormat[];
  onExport?: (format: ExportFormat) => Promise<void>;
  /** Screen-specific buttons, placed before the exports. */
  extra?: ReactNode;
}

/** Add button, total, search box (debounced: the list call leaves after a pause in typing) and export buttons. */
export function TableToolbar({
  total,
  searchValue,
  onSearch,
  tags = [],
  onTags,
  addLabel = 'Ajouter',
  onAdd,
  exports = [],
  onExport,
  extra,
}: TableToolbarProps) {
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

  // Tag search: Enter pins the typed text as a tag (the parent clears the live search in the same
  // URL update); Backspace in an empty box takes the last tag off.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!onTags) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      const tag = text.trim().slice(0, MAX_TAG_LENGTH);
      if (!tag || tags.length >= MAX_TAGS) return;
      pushed.current = '';
      setText('');
      onTags(tags.some((t) => t.toLowerCase() === tag.toLowerCase()) ? tags : [...tags, tag]);
    } else if (e.key === 'Backspace' && text === '' && tags.length) {
      onTags(tags.slice(0, -1));
    }
  };

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
            {formatInteger(total)} élément{total > 1 ? 's' : ''}
          </span>
        )}
      </div>
      <div className="dt-toolbar-end">
        {onTags && tags.length > 0 && (
          <ul className="dt-tags" aria-label="Filtres de recherche">
            {tags.map((tag) => (
              <li key={tag} className="dt-tag">
                <span>{tag}</span>
                <button
                  type="button"
                  aria-label={`Retirer le filtre « ${tag} »`}
                  title="Retirer ce filtre"
                  onClick={() => onTags(tags.filter((t) => t !== tag))}
                >
                  <i className="pi pi-times" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {onSearch && (
          <IconField iconPosition="left" className="dt-search">
            <InputIcon className="pi pi-search" />
            <InputText
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Rechercher…"
              aria-label={onTags ? 'Rechercher (Entrée ajoute un filtre)' : 'Rechercher'}
              title={
                onTags
                  ? tags.length >= MAX_TAGS
                    ? `${MAX_TAGS} filtres au plus`
                    : 'Entrée ajoute la recherche comme filtre ; chaque filtre restreint la liste'
                  : undefined
              }
              maxLength={onTags ? MAX_TAG_LENGTH : 200}
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
