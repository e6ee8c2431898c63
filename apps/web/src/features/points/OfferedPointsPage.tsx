import { can } from '@app/domain';
import { lazy, Suspense, useState } from 'react';
import { ResourceTable } from '../../components/data-table';
import { useSessionUser } from '../../lib/useSession';
import { BY_CODE, OFFERED_PAGE_SIZE, type OfferedPointsRow, offeredColumns } from './columns';
import { OFFERED_PATH } from './points.api';
import './points.css';

// The dialogs (the add dialog's tabs, client search and file upload; the edit's form) load on first use.
const OfferAddDialog = lazy(() => import('./OfferAddDialog').then((m) => ({ default: m.OfferAddDialog })));
const OfferEditDialog = lazy(() => import('./OfferEditDialog').then((m) => ({ default: m.OfferEditDialog })));

/**
 * Cadeaux > Points offerts (`/layout/offered-points`): the clients who were
 * offered points (50 rows), the edit of a client's offered total, and the three-tab add dialog.
 */
export default function OfferedPointsPage() {
  const user = useSessionUser();
  const [adding, setAdding] = useState(false);
  const [addLoaded, setAddLoaded] = useState(false);
  const [editing, setEditing] = useState<OfferedPointsRow | null>(null);
  const [editLoaded, setEditLoaded] = useState(false);
  return (
    <>
      <ResourceTable<OfferedPointsRow>
        resource={{ path: OFFERED_PATH, noun: 'ces points offerts', perPage: OFFERED_PAGE_SIZE, defaultSort: BY_CODE }}
        columns={offeredColumns}
        exports={[]}
        deletable={false}
        readOnly={!can(user?.role, 'points:write')}
        onAdd={() => {
          setAddLoaded(true);
          setAdding(true);
        }}
        onEdit={(row) => {
          setEditLoaded(true);
          setEditing(row);
        }}
        emptyMessage="Aucun point offert pour le moment"
        minWidth="30rem"
      />
      {addLoaded && (
        <Suspense fallback={null}>
          <OfferAddDialog visible={adding} onHide={() => setAdding(false)} />
        </Suspense>
      )}
      {editLoaded && (
        <Suspense fallback={null}>
          <OfferEditDialog row={editing} onHide={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}
