import { can } from '@app/domain';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import { ResourceTable } from '../../components/data-table';
import { useSessionUser } from '../../lib/useSession';
import { BY_CODE, balanceColumns, type ClientPoints, POINTS_PAGE_SIZE } from './columns';
import { BALANCES_PATH } from './points.api';
import { PointsEditDialog } from './PointsEditDialog';
import './points.css';

/** « Points clients »: every client's balance (GET clients/points, 100 per page) and the points edit. */
function ClientPointsTab() {
  const user = useSessionUser();
  const [editing, setEditing] = useState<ClientPoints | null>(null);
  return (
    <>
      <ResourceTable<ClientPoints>
        path={BALANCES_PATH}
        columns={balanceColumns}
        itemNoun="ce client"
        defaultPerPage={POINTS_PAGE_SIZE}
        defaultSort={BY_CODE}
        exports={[]}
        deletable={false}
        readOnly={!can(user?.role, 'points:write')}
        onEdit={setEditing}
        emptyMessage="Aucun client trouvé"
        minWidth="30rem"
      />
      <PointsEditDialog row={editing} onHide={() => setEditing(null)} />
    </>
  );
}

/**
 * Référentiel > Points (`/layout/points`, spec 1 "Points per client"). The catalogue's
 * « Points produits » tab joins this TabView when the products exist.
 */
export default function PointsPage() {
  return (
    <TabView className="pts-tabs">
      <TabPanel header="Points clients">
        <ClientPointsTab />
      </TabPanel>
    </TabView>
  );
}
