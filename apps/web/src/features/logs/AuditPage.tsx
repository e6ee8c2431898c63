import { type AuditEntry, auditActionLabel, auditChanges, auditValue, auditTrailMeta } from '@app/domain';
import { useSearchParams } from 'react-router';
import { ResourceTable } from '../../components/data-table';
import { AUDIT_ACTION_OPTIONS, AUDIT_ENTITY_OPTIONS, auditColumns } from './columns';
import { DayFilter } from './DayFilter';
import { useUser } from './logs.api';
import { ALL, FilterDropdown, orAll } from './FilterDropdown';
import './logs.css';

const FILTERS = ['ENTITY', 'ACTION', 'USER_ID', 'DATE_DEBUT', 'DATE_FIN'] as const;
type Filter = (typeof FILTERS)[number];

/** The changed fields of one entry, before → after, a line each (long values cut, the whole in the title). */
function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.ACTION, entry.CHANGES);
  if (!changes.length) return <span className="audit-none">—</span>;
  return (
    <ul className="audit-changes">
      {changes.slice(0, 8).map((c) => {
        const text = `${auditValue(c.before)} → ${auditValue(c.after)}`;
        return (
          <li key={c.field} title={text}>
            <strong>{c.field}</strong> : <span className="audit-before">{auditValue(c.before)}</span> →{' '}
            <span className="audit-after">{auditValue(c.after)}</span>
          </li>
        );
      })}
      {changes.length > 8 && <li>… {changes.length - 8} autre(s)</li>}
    </ul>
  );
}

/**
 * The audit trail (`/layout/logs/audit`, admin only): every staff write, newest first,
 * filtered by entity (chosen by its French label), action, user (a click on an e-mail keeps that
 * user's entries) and a date range (all in the URL), searched on the e-mail, the entity, its id and
 * the values written, paged in SQL, exported as filtered.
 */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const value = (f: Filter) => params.get(f) ?? '';
  const setFilter = (f: Filter, v: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (v) next.set(f, v);
      else next.delete(f);
      next.delete('page');
      return next;
    });

  // The user filter's chip names him.
  const filteredUser = Number(value('USER_ID')) || null;
  const userLabel = useUser(filteredUser).data?.EMAIL;
  const columns = auditColumns({
    action: (e) => <span className={`audit-action audit-${e.ACTION}`}>{auditActionLabel(e.ACTION)}</span>,
    changes: (e) => <Changes entry={e} />,
    user: (e) =>
      e.USER_ID != null ? (
        <button
          type="button"
          className="link-button"
          onClick={() => setFilter('USER_ID', String(e.USER_ID))}
          title={`Ne montrer que ${e.USER ?? e.USER_EMAIL ?? ''}`}
        >
          {e.USER_EMAIL ?? e.USER}
        </button>
      ) : (
        (e.USER_EMAIL ?? '—')
      ),
  });

  return (
    <ResourceTable<AuditEntry>
      viewParams={FILTERS}
      resource={auditTrailMeta}
      columns={columns}
      readOnly
      deletable={false}
      query={Object.fromEntries(FILTERS.map((f) => [f, value(f) || undefined]))}
      toolbarExtra={
        <div className="logs-filters">
          <FilterDropdown
            className="audit-entity-filter"
            label="Entité"
            value={orAll(value('ENTITY'))}
            options={AUDIT_ENTITY_OPTIONS}
            onChange={(v) => setFilter('ENTITY', v === ALL ? '' : v)}
          />
          <FilterDropdown
            className="audit-action-filter"
            label="Action"
            value={orAll(value('ACTION'))}
            options={AUDIT_ACTION_OPTIONS}
            onChange={(v) => setFilter('ACTION', v === ALL ? '' : v)}
          />
          <DayFilter id="audit-from" label="Du" value={value('DATE_DEBUT')} onChange={(d) => setFilter('DATE_DEBUT', d)} />
          <DayFilter id="audit-to" label="Au" value={value('DATE_FIN')} onChange={(d) => setFilter('DATE_FIN', d)} />
          {value('USER_ID') && (
            <button
              type="button"
              className="p-button p-button-outlined p-button-sm"
              onClick={() => setFilter('USER_ID', '')}
              aria-label="Retirer le filtre utilisateur"
            >
              <i className="pi pi-times" aria-hidden /> Utilisateur : {userLabel ?? `n° ${value('USER_ID')}`}
            </button>
          )}
        </div>
      }
      emptyMessage="Aucune entrée."
      minWidth="64rem"
    />
  );
}
