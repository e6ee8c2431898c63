import { can } from '@app/domain';
import { TabPanel, TabView } from 'primereact/tabview';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ResourceTable } from '../../components/data-table';
import { useSessionUser } from '../../lib/useSession';
import { BY_CODE, balanceColumns, type ClientPoints, POINTS_PAGE_SIZE } from './columns';
import { BALANCES_PATH } from './points.api';
// The second tab and the edit dialog load when first opened: the screen stays within its JavaScript budget.
const ProductPointsTab = lazy(() => import('./ProductPointsTab').then((m) => ({ default: m.ProductPointsTab })));
const PointsEditDialog = lazy(() => import('./PointsEditDialog').then((m) => ({ default: m.PointsEditDialog })));
import './points.css';

/** « Points clients »: every client's balance (GET clients/points, 100 per page) and the points edit. */
function ClientPointsTab() {
  const user = useSessionUser();
  const [editing, setEditing] = useState<ClientPoints | null>(null);
  return (
    <>
      <ResourceTable<ClientPoints>
        resource={{ path: BALANCES_PATH, noun: 'ce client', perPage: POINTS_PAGE_SIZE, defaultSort: BY_CODE }}
        columns={balanceColumns}
        exports={[]}
        deletable={false}
        readOnly={!can(user?.role, 'points:write')}
        onEdit={setEditing}
        emptyMessage="Aucun client trouvé"
        minWidth="30rem"
      />
      {editing && (
        <Suspense fallback={null}>
          <PointsEditDialog row={editing} onHide={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Référentiel > Points (`/layout/points`): the clients' balances and the
 * products' points over periods. The open tab is kept in the URL.
 */
export default function PointsPage() {
  const [params, setParams] = useSearchParams();
  const index = params.get('onglet') === 'produits' ? 1 : 0;
  return (
    <TabView
      className="pts-tabs"
      activeIndex={index}
      onTabChange={(e) =>
        setParams((p) => {
          const next = new URLSearchParams();
          if (e.index === 1) next.set('onglet', 'produits');
          // Each tab keeps its own list state; the other's parameters are dropped.
          for (const [k, v] of p) if (k !== 'onglet' && (e.index === 1) === k.startsWith('pp.')) next.append(k, v);
          return next;
        })
      }
    >
      <TabPanel header="Points clients">
        <ClientPointsTab />
      </TabPanel>
      <TabPanel header="Points produits">
        {index === 1 && (
          <Suspense fallback={null}>
            <ProductPointsTab />
          </Suspense>
        )}
      </TabPanel>
    </TabView>
  );
}
