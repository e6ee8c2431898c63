import { type Action, can } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ResourceTable, type ResourceTableProps, type RowWithId, resourceKey } from '../../components/data-table';
import type { FormDialogProps, FormMode } from '../../components/form-dialog';
import { LazyFormDialog } from '../../components/form-dialog/LazyFormDialog';
import { notify } from '../../lib/toast';
import { useSessionUser } from '../../lib/useSession';
import { createAccount, updateAccount } from './staff.api';
import './staff.css';

type Values = FieldValues;

export interface StaffForm<Row> {
  titles: Record<FormMode, string>;
  /** The domain bodies: add validates with the create body (password required), edit with the update body (none). */
  schemas: { add: z.ZodType; edit: z.ZodType };
  toValues: (row: Row | null) => Values;
  /** The fields, which differ by mode (the password only on add). */
  content: (mode: FormMode, row: Row | null) => ReactNode;
  /** POST target of the add dialog, PUT target of the edit dialog (the spec's paths differ from the list's). */
  createPath: string;
  itemPath: (row: Row) => string;
}

export interface StaffListPageProps<Row extends RowWithId> extends Omit<ResourceTableProps<Row>, 'onAdd' | 'onEdit' | 'onView' | 'readOnly'> {
  form: StaffForm<Row>;
  writeAction: Action;
}

/**
 * The list of a kind of account with its add / edit / view dialog: the shared list and form
 * dialog, like ResourcePage, but with a schema per mode and the spec's own paths for each call.
 */
export function StaffListPage<Row extends RowWithId>({ form, writeAction, ...table }: StaffListPageProps<Row>) {
  const qc = useQueryClient();
  const user = useSessionUser();
  const readOnly = !can(user?.role, writeAction);
  const [dialog, setDialog] = useState<{ visible: boolean; mode: FormMode; row: Row | null }>({ visible: false, mode: 'add', row: null });
  // The dialog's code loads on the first open (LazyFormDialog), then stays mounted.
  const [opened, setOpened] = useState(false);
  const open = (mode: FormMode, row: Row | null) => {
    setOpened(true);
    setDialog({ visible: true, mode, row });
  };

  const onSubmit = async (values: Values) => {
    const { mode, row } = dialog;
    if (mode === 'edit' && row) await updateAccount<Row>(form.itemPath(row), values);
    else await createAccount<Row>(form.createPath, values);
    await qc.invalidateQueries({ queryKey: resourceKey(table.resource.path) });
    notify.success(mode === 'add' ? 'Ajout effectué' : 'Modification effectuée', 'Les données ont été enregistrées avec succès.');
  };

  const schema = (dialog.mode === 'add' ? form.schemas.add : form.schemas.edit) as unknown as z.ZodType<Values, Values>;
  return (
    <>
      <ResourceTable<Row>
        {...table}
        readOnly={readOnly}
        onAdd={() => open('add', null)}
        onView={(row) => open('view', row)}
        onEdit={(row) => open('edit', row)}
      />
      {opened && (
        <Suspense fallback={null}>
          <LazyFormDialog
            visible={dialog.visible}
            mode={dialog.mode}
            titles={form.titles}
            schema={schema as FormDialogProps<FieldValues, unknown>['schema']}
            defaultValues={form.toValues(dialog.row) as DefaultValues<Values>}
            onSubmit={onSubmit as FormDialogProps<FieldValues, unknown>['onSubmit']}
            onHide={() => setDialog((d) => ({ ...d, visible: false }))}
          >
            {form.content(dialog.mode, dialog.row)}
          </LazyFormDialog>
        </Suspense>
      )}
    </>
  );
}
