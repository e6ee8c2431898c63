import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

export interface RowActionsProps {
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** A screen's own buttons (invite…), placed before view / edit / delete. */
  extra?: ReactNode;
}

/** View / edit / delete buttons of a row; icon-only, named for screen readers and tooltips. */
export function RowActions({ onView, onEdit, onDelete, extra }: RowActionsProps) {
  return (
    <div className="dt-actions">
      {extra}
      {onView && <Button type="button" icon="pi pi-eye" rounded text severity="info" aria-label="Voir" title="Voir" onClick={onView} />}
      {onEdit && <Button type="button" icon="pi pi-pencil" rounded text severity="success" aria-label="Modifier" title="Modifier" onClick={onEdit} />}
      {onDelete && <Button type="button" icon="pi pi-trash" rounded text severity="danger" aria-label="Supprimer" title="Supprimer" onClick={onDelete} />}
    </div>
  );
}
