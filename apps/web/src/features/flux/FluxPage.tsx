import { FLUX_PAGE_SIZE, type FluxRow } from '@app/domain';
import { useState } from 'react';
import { ResourceTable } from '../../components/data-table';
import { fluxColumns, NEWEST_FIRST } from './columns';
import { FluxAddDialog } from './FluxAddDialog';
import { FLUX_PATH } from './flux.api';
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
        path={FLUX_PATH}
        columns={fluxColumns}
        itemNoun="cette notification"
        defaultPerPage={FLUX_PAGE_SIZE}
        defaultSort={NEWEST_FIRST}
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
