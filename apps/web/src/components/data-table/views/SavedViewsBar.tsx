import type { SavedView } from '@app/domain';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { lazy, Suspense, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListDefaults } from '../list-state';
import { colsOf, readColumns, readViewId, sameState, shownColumns, stateOfUrl, urlOfView, writeColumns, clearList, withoutView } from './view-state';
import { useViewMutations, useViews } from './views.api';
import { useListKey } from './list-key';
import { useViewLink } from './useViewLink';
import './views.css';

// The dialogs load when first opened: list screens keep their first-load budget.
const ViewNameDialog = lazy(() => import('./ViewNameDialog'));
const ColumnsDialog = lazy(() => import('./ColumnsDialog'));

export interface ViewColumn {
  field: string;
  header: string;
}

export interface SavedViewsBarProps {
  /** API path of the list: with the screen and the prefix, it names the list's views. */
  path: string;
  stateKey?: string;
  columns: readonly ViewColumn[];
  defaults: ListDefaults;
  /** The screen's own filter parameters (in the URL) that a view remembers. */
  filterParams?: readonly string[];
}

const NO_FILTERS: readonly string[] = [];

type Dialog = { kind: 'save' } | { kind: 'edit'; view: SavedView } | { kind: 'columns' } | null;

/**
 * The « Vues » menu and the « Colonnes » button above a list: open a view, save the
 * list as it is, update, rename or share, delete, set as default; choose and order the columns.
 */
export default function SavedViewsBar({ path, stateKey = '', columns, defaults, filterParams = NO_FILTERS }: SavedViewsBarProps) {
  const [params, setParams] = useSearchParams();
  const listKey = useListKey(path, stateKey);
  const views = useViews(listKey);
  const viewId = readViewId(params, stateKey);
  const current = useViewLink({ params, setParams, viewId, views: listKey ? views.data : [], defaults, prefix: stateKey, filterParams });
  const state = stateOfUrl(params, defaults, stateKey, filterParams);
  const changed = !!current && !sameState(current.STATE, state, defaults);
  const mutations = useViewMutations(listKey ?? '');
  const menu = useRef<Menu>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [used, setUsed] = useState(false);
  const open = (d: Dialog) => {
    setUsed(true);
    setDialog(d);
  };

  const openView = (v: SavedView) => setParams((p) => urlOfView(p, v, defaults, stateKey, filterParams));
  const mine = (views.data ?? []).filter((v) => v.MINE);
  const shared = (views.data ?? []).filter((v) => !v.MINE);
  const entry = (v: SavedView): MenuItem => ({
    label: `${v.NAME}${v.MINE ? (v.SHARED ? ' (partagée)' : '') : ` — ${v.OWNER}`}${v.IS_DEFAULT ? ' (par défaut)' : ''}`,
    icon: v.ID === current?.ID ? 'pi pi-check' : v.IS_DEFAULT ? 'pi pi-star-fill' : 'pi pi-filter',
    command: () => openView(v),
  });
  const actions: MenuItem[] = [{ label: 'Enregistrer la vue…', icon: 'pi pi-save', command: () => open({ kind: 'save' }) }];
  if (current?.MINE) {
    if (changed)
      actions.push({
        label: `Mettre à jour « ${current.NAME} »`,
        icon: 'pi pi-refresh',
        command: () => mutations.update.mutate({ id: current.ID, STATE: state }),
      });
    actions.push({ label: 'Renommer ou partager…', icon: 'pi pi-pencil', command: () => open({ kind: 'edit', view: current }) });
    actions.push({
      label: `Supprimer « ${current.NAME} »`,
      icon: 'pi pi-trash',
      command: () =>
        confirmDialog({
          header: 'Confirmation',
          message: `Voulez-vous vraiment supprimer la vue « ${current.NAME} » ?`,
          icon: 'pi pi-exclamation-triangle',
          acceptLabel: 'Oui',
          rejectLabel: 'Non',
          acceptClassName: 'p-button-danger',
          defaultFocus: 'reject',
          accept: () => {
            // Off the URL first: the refreshed menu must not find a link to a view that is gone.
            setParams((p) => withoutView(p, stateKey), { replace: true });
            mutations.remove.mutate(current.ID);
          },
        }),
    });
  }
  if (current) {
    actions.push(
      current.IS_DEFAULT
        ? { label: 'Ne plus l’ouvrir par défaut', icon: 'pi pi-star', command: () => mutations.setDefault.mutate(null) }
        : { label: 'Ouvrir cette vue par défaut', icon: 'pi pi-star-fill', command: () => mutations.setDefault.mutate(current.ID) },
    );
    actions.push({ label: 'Liste sans vue', icon: 'pi pi-times', command: () => setParams((p) => clearList(p, stateKey, filterParams)) });
  }
  const model: MenuItem[] = [
    ...(mine.length ? [{ label: 'Mes vues', items: mine.map(entry) }] : []),
    ...(shared.length ? [{ label: 'Partagées avec mon rôle', items: shared.map(entry) }] : []),
    { label: 'Actions', items: actions },
  ];

  const label = current ? `Vue : ${current.NAME}${changed ? ' (modifiée)' : ''}` : 'Vues';
  return (
    <div className="dt-views">
      {listKey && (
        <>
          <Button
            type="button"
            outlined
            icon="pi pi-bookmark"
            label={label}
            className="dt-views-button"
            aria-haspopup="menu"
            onClick={(e) => menu.current?.toggle(e)}
          />
          <Menu model={model} popup ref={menu} className="dt-views-menu" aria-label="Vues enregistrées" />
        </>
      )}
      <Button type="button" text icon="pi pi-table" label="Colonnes" aria-label="Choisir les colonnes" onClick={() => open({ kind: 'columns' })} />
      {used && (
        <Suspense fallback={null}>
          <ViewNameDialog
            visible={dialog?.kind === 'save' || dialog?.kind === 'edit'}
            view={dialog?.kind === 'edit' ? dialog.view : null}
            onHide={() => setDialog(null)}
            onSave={async (v) => {
              if (dialog?.kind === 'edit') await mutations.update.mutateAsync({ id: dialog.view.ID, NAME: v.NAME, SHARED: v.SHARED });
              else openView(await mutations.create.mutateAsync({ ...v, STATE: state }));
              setDialog(null);
            }}
          />
          <ColumnsDialog
            visible={dialog?.kind === 'columns'}
            columns={columns}
            shown={shownColumns(columns, readColumns(params, stateKey)).map((c) => c.field)}
            onChange={(shown) => setParams((p) => writeColumns(p, colsOf(columns, shown), stateKey), { replace: true })}
            onHide={() => setDialog(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
