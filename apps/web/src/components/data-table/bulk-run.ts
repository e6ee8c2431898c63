import type { BulkAction, BulkList, BulkResult } from '@app/domain';
import { confirmDialog } from 'primereact/confirmdialog';
import { api } from '../../lib/api';

/** The bulk call: POST /api/<list path>/bulk/<action key> with ids or the filter, and the params. */
export const postBulk = (list: BulkList, action: BulkAction, body: Record<string, unknown>) => api.post<BulkResult>(`${list.path}/bulk/${action.key}`, body);

/**
 * The shell's one ConfirmDialog, as a promise: true on « Oui », false on « Non », Escape or the close
 * button. Focus starts on « Non » so an Enter held from the params form does not run the action.
 */
export function askBulk(message: string, danger: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    confirmDialog({
      header: 'Confirmation',
      message,
      icon: danger ? 'pi pi-exclamation-triangle' : 'pi pi-question-circle',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      acceptClassName: danger ? 'p-button-danger' : undefined,
      defaultFocus: 'reject',
      accept: () => resolve(true),
      reject: () => resolve(false),
      onHide: () => resolve(false),
    });
  });
}

/** Thrown from the params form's submit when the confirmation says « Non »: the form stays open as it was. */
export class BulkCancelled extends Error {}
