import { type FluxRow, fluxMeta } from '@app/domain';
import { useState } from 'react';
import { ResourceTable } from '../../components/data-table';
import { fluxColumns } from './columns';
import { FluxAddDialog } from './FluxAddDialog';
import { FluxViewDialog } from './FluxViewDialog';
import './flux.css';

/**
 * Communication › Flux (`/layout/flux`, spec 3 §2.8): the notifications sent to the clients' mobile
 * app, newest first; view and delete; the add dialog sends to chosen clients, a file of codes or
 * activities.
 */
export default function FluxPage() {
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      <ResourceTable<FluxRow>
        resource={fluxMeta}
        columns={fluxColumns}
        addLabel="Ajouter"
        onAdd={() => setAdding(true)}
        onView={(row) => setViewing(row.id)}
        emptyMessage="Aucune notification."
        minWidth="52rem"
        className="flux-list"
      />
      <FluxAddDialog visible={adding} onHide={() => setAdding(false)} />
      <FluxViewDialog id={viewing} onHide={() => setViewing(null)} />
    </>
  );
}
