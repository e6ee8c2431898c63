import { type Action, can, type ResourceMeta } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useSessionUser } from '../../lib/useSession';
import { ResourceTable, type ResourceTableProps, resourceKey, type RowWithId } from '../data-table';
import type { FormDialogProps, FormMode, FormStep } from '../form-dialog';
import { LazyFormDialog } from '../form-dialog/LazyFormDialog';

/** The add/edit dialog loads when first opened (LazyFormDialog). */
const FormDialog = LazyFormDialog;

/** How a resource is edited: its schema, the form's steps and how rows become form values. */
export interface ResourceForm<Row, In extends FieldValues, Out> {
  schema: z.ZodType<Out, In>;
  /** Dialog titles when they depend on the screen's state (a service's type); default `resource.titles`, which has none then. */
  titles?: Record<FormMode, string>;
  /** Form values for a new row (null) or an existing one. */
  toValues: (row: Row | null) => DefaultValues<In>;
  /** A one-step form… */
  content?: ReactNode;
  /** …or several steps. */
  steps?: FormStep<In>[];
  /** The body of POST / PUT (`before` null for POST; FormData for a form-data create); default the schema's output. */
  toBody?: (values: Out, before: Row | null) => unknown;
  /** Work after the row is saved (file upload…); a failure there keeps the saved row. */
  afterSave?: (saved: Row, values: Out, before: Row | null) => Promise<void>;
}

export interface ResourcePageProps<Row extends RowWithId, In extends FieldValues, Out>
  extends Omit<ResourceTableProps<Row>, 'onAdd' | 'onEdit' | 'onView' | 'readOnly' | 'resource'> {
  /**
   * The resource's metadata from @app/domain, the one the API declares: its path, noun (delete
   * confirmation), page size, default sort (the position field's while reordering) and dialog titles. A
   * screen showing part of a resource under a path or noun of its own passes it spread over the
   * metadata (templates of one type: `{ ...templatesMeta, path: 'templating/sms' }`).
   */
  resource: ResourceMeta<Row>;
  form: ResourceForm<Row, In, Out>;
  /** Permission needed to add, edit, delete and toggle (the server enforces it too). */
  writeAction?: Action;
  /**
   * Permission needed to add and edit, when it differs from the one of the inline actions (a zone
   * chief may try a product's flags and hear the server's refusal, but has no form to open).
   */
  editAction?: Action;
  /** Read GET {path}/{id} before opening a row (when list rows carry fewer fields than the form). */
  fetchRow?: boolean;
  /** Write paths when the spec names them apart from the list: POST `create`, PUT `update/{id}`, DELETE `delete/{id}`. */
  writePaths?: { create?: string; update?: string; delete?: string };
  /** false: rows are added, viewed and deleted, never edited (contact requests). */
  editable?: boolean;
}

interface DialogState<Row> {
  visible: boolean;
  mode: FormMode;
  row: Row | null;
}

/**
 * A plain resource screen: the generic list plus the add / edit / view dialog. Screens describe
 * the resource; this does the calls, toasts and refreshes.
 */
export function ResourcePage<Row extends RowWithId, In extends FieldValues, Out>({
  resource,
  form,
  writeAction,
  editAction,
  fetchRow,
  writePaths,
  editable = true,
  ...table
}: ResourcePageProps<Row, In, Out>) {
  const { path } = resource;
  const qc = useQueryClient();
  const user = useSessionUser();
  const readOnly = writeAction ? !can(user?.role, writeAction) : false;
  const canEdit = !readOnly && (editAction ? can(user?.role, editAction) : true);
  const [dialog, setDialog] = useState<DialogState<Row>>({ visible: false, mode: 'add', row: null });
  const [opened, setOpened] = useState(false);

  const open = async (mode: FormMode, row: Row | null) => {
    const fresh = row && fetchRow ? await api.get<Row>(`${path}/${row.id}`).catch(() => null) : row;
    if (row && !fresh) return;
    setOpened(true);
    setDialog({ visible: true, mode, row: fresh });
  };

  const onSubmit = async (values: Out) => {
    const { mode, row } = dialog;
    const body = form.toBody ? form.toBody(values, mode === 'edit' ? row : null) : values;
    const saved =
      mode === 'edit' && row ? await api.put<Row>(`${writePaths?.update ?? path}/${row.id}`, body) : await api.post<Row>(writePaths?.create ?? path, body);
    let afterFailed = false;
    if (form.afterSave) {
      try {
        await form.afterSave(saved, values, row);
      } catch {
        // The row is saved; the catalogue reported the failed extra call. Saving again would duplicate an added row.
        afterFailed = true;
      }
    }
    await qc.invalidateQueries({ queryKey: resourceKey(path) });
    if (afterFailed) notify.warn('Enregistrement partiel', 'Les données sont enregistrées, mais le fichier n’a pas pu être envoyé.');
    else notify.success(mode === 'add' ? 'Ajout effectué' : 'Modification effectuée', 'Les données ont été enregistrées avec succès.');
  };

  return (
    <>
      <ResourceTable<Row>
        {...table}
        resource={resource}
        deletePath={writePaths?.delete ?? table.deletePath}
        readOnly={readOnly}
        onAdd={canEdit ? () => void open('add', null) : undefined}
        onView={(row) => void open('view', row)}
        onEdit={canEdit && editable ? (row) => void open('edit', row) : undefined}
      />
      {opened && (
        <Suspense fallback={null}>
          <FormDialog
            visible={dialog.visible}
            mode={dialog.mode}
            titles={(form.titles ?? resource.titles)!}
            labels={resource.labels}
            schema={form.schema as FormDialogProps<FieldValues, unknown>['schema']}
            defaultValues={form.toValues(dialog.row)}
            steps={form.steps as FormDialogProps<FieldValues, unknown>['steps']}
            onSubmit={onSubmit as FormDialogProps<FieldValues, unknown>['onSubmit']}
            onHide={() => setDialog((d) => ({ ...d, visible: false }))}
          >
            {form.content}
          </FormDialog>
        </Suspense>
      )}
    </>
  );
}
