import { can, hrefFor, ROLE } from '@app/domain';
import { Skeleton } from 'primereact/skeleton';
import { TabPanel, TabView } from 'primereact/tabview';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useSessionUser } from '../../../lib/useSession';
import { useClient } from '../clients.api';
import { StatusTag } from '../StatusCell';
import { RebateCards } from './RebateCards';
import { useClientRewards, useRefreshRewards } from './rewards.api';
import '../clients.css';

const LIST_PATH = hrefFor('clients');

// The rewards tabs load when opened: the page's first load stays within its JavaScript budget.
const GiftsTab = lazy(() => import('./GiftsTab').then((m) => ({ default: m.GiftsTab })));
const VouchersTab = lazy(() => import('./VouchersTab').then((m) => ({ default: m.VouchersTab })));
// So do the form (the client's fields, its selects and rules) and the points ledger under it.
const ClientInfoForm = lazy(() => import('./ClientInfoForm').then((m) => ({ default: m.ClientInfoForm })));
const PointsHistory = lazy(() => import('./PointsHistory').then((m) => ({ default: m.PointsHistory })));

const parseId = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

function Missing({ message }: { message: string }) {
  return (
    <div className="client-empty" role="alert">
      <i className="pi pi-exclamation-circle" aria-hidden="true" />
      <p>{message}</p>
      <Link to={LIST_PATH} className="p-button p-button-outlined">
        Retour à la liste des clients
      </Link>
    </div>
  );
}

/**
 * Client detail (/layout/contacts/detail-client?id=…): the
 * three rebate cards, the Information tab (the form, the points balance and ledger) and the
 * Vouchers tab. An unknown id, or another zone chief's client, reads 'Client introuvable'.
 */
export default function ClientDetailPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const user = useSessionUser();
  const { data: client, error, isLoading } = useClient(id);
  const role = user?.role;
  const rewards = useClientRewards(client ?? { id: 0, CODE_CLIENT: '' }, {
    purchases: !!client && can(role, 'purchases:read'),
    conversions: !!client && can(role, 'conversions:read'),
    vouchers: !!client && can(role, 'voucher-purchases:read'),
  });
  const refreshRewards = useRefreshRewards(client?.id ?? 0);

  if (id === null) return <Missing message="Client introuvable" />;
  if (isLoading) return <p aria-live="polite">Chargement…</p>;
  if (error || !client) {
    const gone = error instanceof ApiError && [403, 404, 422].includes(error.status);
    return <Missing message={gone || !error ? 'Client introuvable' : 'Le client n’a pas pu être chargé. Réessayez plus tard.'} />;
  }

  return (
    <div className="client-detail">
      <div className="client-detail-head">
        <h2>{client.NAME}</h2>
        <span className="client-code">{client.CODE_CLIENT}</span>
        <StatusTag code={client.STATUS} />
        <Link to={LIST_PATH} className="client-detail-back p-button p-button-text p-button-sm">
          <i className="pi pi-arrow-left" aria-hidden="true" />
          &nbsp;Liste des clients
        </Link>
      </div>
      <RebateCards client={client} />
      <TabView>
        <TabPanel header="Informations">
          <Suspense fallback={<Skeleton height="24rem" />}>
            <ClientInfoForm key={client.id} client={client} editable={can(user?.role, 'clients:write')} showChefZone={user?.role !== ROLE.chefZone} />
          </Suspense>
          <Suspense fallback={null}>
            <PointsHistory client={client} />
          </Suspense>
        </TabPanel>
        <TabPanel
          header={`Cadeaux (${(rewards.data?.purchases.length ?? 0) + (rewards.data?.conversions.length ?? 0) + (rewards.data?.starters.length ?? 0)})`}
        >
          <Suspense fallback={<p aria-live="polite">Chargement…</p>}>
            <GiftsTab
              purchases={rewards.data?.purchases ?? []}
              conversions={rewards.data?.conversions ?? []}
              starters={rewards.data?.starters ?? []}
              loading={rewards.isLoading}
              canDecide={can(role, 'purchases:write')}
              onChanged={refreshRewards}
            />
          </Suspense>
        </TabPanel>
        <TabPanel header={`Vouchers (${rewards.data?.vouchers.length ?? 0})`}>
          <Suspense fallback={<p aria-live="polite">Chargement…</p>}>
            <VouchersTab vouchers={rewards.data?.vouchers ?? []} loading={rewards.isLoading} />
          </Suspense>
        </TabPanel>
      </TabView>
    </div>
  );
}
