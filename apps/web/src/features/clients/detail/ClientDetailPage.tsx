import { can, ROLE } from '@app/domain';
import { TabPanel, TabView } from 'primereact/tabview';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useSessionUser } from '../../../lib/useSession';
import { useClient } from '../clients.api';
import { StatusTag } from '../StatusCell';
import { ClientInfoForm } from './ClientInfoForm';
import { PointsHistory } from './PointsHistory';
import { RebateCards } from './RebateCards';
import { VouchersTab } from './VouchersTab';
import '../clients.css';

const LIST_PATH = '/layout/contacts/clients';

/** The vouchers of a client arrive with the rewards issue; until then there are none to count. */
const VOUCHER_COUNT = 0;

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
 * Client detail (/layout/contacts/detail-client?id=…, spec 1 and spec 2 "Client detail page"): the
 * three rebate cards, the Information tab (the form, the points balance and ledger) and the
 * Vouchers tab. An unknown id, or another zone chief's client, reads 'Client introuvable'.
 */
export default function ClientDetailPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const user = useSessionUser();
  const { data: client, error, isLoading } = useClient(id);

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
          <ClientInfoForm key={client.id} client={client} editable={can(user?.role, 'clients:write')} showChefZone={user?.role !== ROLE.chefZone} />
          <PointsHistory client={client} />
        </TabPanel>
        <TabPanel header={`Vouchers (${VOUCHER_COUNT})`}>
          <VouchersTab />
        </TabPanel>
      </TabView>
    </div>
  );
}
