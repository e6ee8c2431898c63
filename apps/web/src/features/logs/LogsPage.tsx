import { type ConnectionLog, LOG_PLATFORMS, logYears, logsMeta } from '@app/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ClientViewDialog, type ClientViewRow } from '../../components/client-view';
import { ResourceTable } from '../../components/data-table';
import { ALL, FilterDropdown, orAll, unlessAll } from './FilterDropdown';
import { LogUserDialog } from './LogDialogs';
import { logColumns } from './columns';
import './logs.css';

/** The client of a connection, read only (the older product's contact_simple form). */
const CLIENT_ROWS: ClientViewRow[] = ['code', 'name', 'status', 'gsm', 'email', 'address', 'gouvernorat', 'activity', 'chefZone', 'inscription', 'lastUse'];

const SOURCES = [{ label: 'Toutes les sources', value: ALL }, ...LOG_PLATFORMS.map((p) => ({ label: p, value: p }))];
/** The filters a saved view of the list remembers. */
const LOG_FILTERS = ['platform', 'year'] as const;
const YEARS = [{ label: 'Toutes les années', value: ALL }, ...logYears().map((y) => ({ label: String(y), value: String(y) }))];

/**
 * Connection logs (`/layout/logs`): source and year filters kept in the URL, 50 rows
 * newest first, no row actions; the client or the user opens read-only. The spec's add dialog
 * "that does nothing visible" is not built: a connection is recorded by signing in, not by hand.
 */
export default function LogsPage() {
  const [params, setParams] = useSearchParams();
  const platform = orAll(params.get('platform'));
  const year = orAll(params.get('year'));
  const [clientId, setClientId] = useState<number | null>(null);
  const [userId, setUserId] = useState<number | null>(null);

  const setFilter = (name: 'platform' | 'year', value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value !== ALL) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });

  const link = (id: number | null, text: string | null, open: (id: number) => void, what: string) =>
    id != null && text ? (
      <button type="button" className="link-button" onClick={() => open(id)} title={`Voir ${what} ${text}`}>
        {text}
      </button>
    ) : (
      '—'
    );

  const columns = logColumns({
    client: (l: ConnectionLog) => link(l.CLIENT_ID, l.CLIENT, setClientId, 'le client'),
    user: (l: ConnectionLog) => link(l.USER_ID, l.USER, setUserId, "l'utilisateur"),
  });

  return (
    <>
      <ResourceTable<ConnectionLog>
        viewParams={LOG_FILTERS}
        resource={logsMeta}
        columns={columns}
        readOnly
        deletable={false}
        query={{ platform: unlessAll(platform), year: unlessAll(year) }}
        toolbarExtra={
          <div className="logs-filters">
            <FilterDropdown className="logs-platform" label="Source" value={platform} options={SOURCES} onChange={(v) => setFilter('platform', v)} />
            <FilterDropdown className="logs-year" label="Année" value={year} options={YEARS} onChange={(v) => setFilter('year', v)} />
          </div>
        }
        emptyMessage="Aucune connexion."
        minWidth="48rem"
      />
      <ClientViewDialog clientId={clientId} rows={CLIENT_ROWS} onHide={() => setClientId(null)} />
      <LogUserDialog userId={userId} onHide={() => setUserId(null)} />
    </>
  );
}
