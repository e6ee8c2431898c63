import { can, type GoodsReturn, returnsMeta } from '@app/domain';
import { lazy, Suspense, useState } from 'react';
import { ResourceTable } from '../../components/data-table';
import { useSessionUser } from '../../lib/useSession';
import { returnColumns } from './columns';
import './returns.css';

/** Loaded when a return is opened or added: the list screen stays within its JavaScript budget. */
const ReturnDetailDialog = lazy(() => import('./ReturnDetailDialog').then((m) => ({ default: m.ReturnDetailDialog })));
const ReturnAddDialog = lazy(() => import('./ReturnAddDialog').then((m) => ({ default: m.ReturnAddDialog })));

/**
 * Returned goods (`/layout/retour-marchandises`): 50 rows, a view action, the add dialog (address,
 * client, products chosen in a second dialog) saved in one call; the server numbers it.
 */
export default function ReturnsPage() {
  const user = useSessionUser();
  const [adding, setAdding] = useState(false);
  // Mounted from the first « Ajouter » on, so that closing it keeps its closing animation.
  const [addUsed, setAddUsed] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);

  return (
    <>
      <ResourceTable<GoodsReturn>
        resource={returnsMeta}
        columns={returnColumns}
        onAdd={
          can(user?.role, 'returns:write')
            ? () => {
                setAddUsed(true);
                setAdding(true);
              }
            : undefined
        }
        onView={(r) => setViewing(r.id)}
        deletable={false}
        minWidth="50rem"
      />
      {addUsed && (
        <Suspense fallback={null}>
          <ReturnAddDialog visible={adding} onHide={() => setAdding(false)} />
        </Suspense>
      )}
      {viewing !== null && (
        <Suspense fallback={null}>
          <ReturnDetailDialog returnId={viewing} onHide={() => setViewing(null)} />
        </Suspense>
      )}
    </>
  );
}
