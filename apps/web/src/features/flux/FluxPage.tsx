import { type FluxRow, fluxMeta } from '@app/domain';
import { lazy, Suspense, useState } from 'react';
import { ResourceTable } from '../../components/data-table';
import { fluxColumns } from './columns';
import { FluxViewDialog } from './FluxViewDialog';
import './flux.css';

/** The add dialog (recipients, file of codes, activities) loads on its first opening: the list's first load stays within budget. */
const FluxAddDialog = lazy(() => import('./FluxAddDialog').then((m) => ({ default: m.FluxAddDialog })));

/**
 * Communication › Flux (`/layout/flux`): the notifications sent to the clients' mobile
 * app, newest first; view and delete; the add dialog sends to chosen clients, a file of codes or
 * activities.
 */
export default function FluxPage() {
  const [adding, setAdding] = useState(false);
  const [addOpened, setAddOpened] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      <ResourceTable<FluxRow>
        resource={fluxMeta}
        columns={fluxColumns}
        addLabel="Ajouter"
        onAdd={() => {
          setAddOpened(true);
          setAdding(true);
        }}
        onView={(row) => setViewing(row.id)}
        emptyMessage="Aucune notification."
        minWidth="52rem"
        className="flux-list"
      />
      {addOpened && (
        <Suspense fallback={null}>
          <FluxAddDialog visible={adding} onHide={() => setAdding(false)} />
        </Suspense>
      )}
      <FluxViewDialog id={viewing} onHide={() => setViewing(null)} />
    </>
  );
}
