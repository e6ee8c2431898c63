import { Button } from 'primereact/button';

export interface RowActionsProps {
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** View / edit / delete buttons of a row; icon-only, named for screen readers and tooltips. */
export function RowActions({ onView, onEdit, onDelete }: RowActionsProps) {
  return (
    <div className="dt-actions">
      {onView && <Button type="button" icon="pi pi-eye" rounded text severity="info" aria-label="Voir" title="Voir" onClick={onView} />}
      {onEdit && (
        <Button type="button" icon="pi pi-pencil" rounded text severity="success" aria-label="Modifier" title="Modifier" onClick={onEdit} />
      )}
      {onDelete && (
        <Button type="button" icon="pi pi-trash" rounded text severity="danger" aria-label="Supprimer" title="Supprimer" onClick={onDelete} />
      )}
    </div>
  );
}
