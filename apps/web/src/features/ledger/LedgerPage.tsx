import {
  formatDateTime,
  formatInteger,
  formatMoney,
  LIABILITY_GROUP_LABELS,
  LIABILITY_GROUPS,
  type LedgerCheck,
  type LedgerOffender,
  type LiabilityGroup,
  type LiabilityRow,
} from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { downloadLiability, fetchLedgerReport, fetchLiability, LEDGER_LIABILITY_KEY, LEDGER_VERIFY_KEY } from './ledger.api';
import './ledger.css';

const fr = formatInteger;
const dt = (millimes: number) => formatMoney(millimes / 1000);

function CheckState({ check }: { check: LedgerCheck }) {
  if (!check.OK) return <Tag severity="danger" value={`${fr(check.COUNT)} anomalie(s)`} />;
  return (
    <span className="ledger-state">
      <Tag severity="success" value="OK" />
      {check.PENDING > 0 && <small className="muted">{fr(check.PENDING)} lot(s) en attente du passage quotidien</small>}
    </span>
  );
}

function Offenders({ check }: { check: LedgerCheck }) {
  return (
    <div className="ledger-offenders">
      <DataTable value={check.OFFENDERS} size="small" pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': `Anomalies : ${check.LABEL}` } }}>
        <Column header="Client" body={(o: LedgerOffender) => (o.NAME ? `${o.CLIENT} — ${o.NAME}` : o.CLIENT)} />
        <Column header="Attendu" body={(o: LedgerOffender) => fr(o.EXPECTED)} headerClassName="ledger-num" bodyClassName="ledger-num" />
        <Column header="Trouvé" body={(o: LedgerOffender) => fr(o.FOUND)} headerClassName="ledger-num" bodyClassName="ledger-num" />
        <Column header="Détail" body={(o: LedgerOffender) => o.DETAIL ?? ''} />
      </DataTable>
      {check.COUNT > check.OFFENDERS.length && <p className="muted">… et {fr(check.COUNT - check.OFFENDERS.length)} autre(s).</p>}
    </div>
  );
}

/**
 * Paramètres › Contrôle du registre (`/layout/settings/ledger`), admin only: every
 * invariant of the points ledger with its state and first offenders (it reports, never fixes), and the
 * programme's liability (outstanding points and their DT value) by zone chief, badge, activity and
 * expiry month, exportable.
 */
export default function LedgerPage() {
  const report = useQuery({ queryKey: LEDGER_VERIFY_KEY, queryFn: fetchLedgerReport, staleTime: 0 });
  const liability = useQuery({ queryKey: LEDGER_LIABILITY_KEY, queryFn: fetchLiability, staleTime: 0 });
  const [group, setGroup] = useState<LiabilityGroup>('chef_zone');
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const data = report.data;
  const l = liability.data;

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await downloadLiability(format);
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="page ledger-page">
      <section className="card" aria-labelledby="ledger-title">
        <header className="ledger-header">
          <div>
            <h2 id="ledger-title">Contrôle du registre</h2>
            <p className="muted">Chaque invariant du registre des points est vérifié ; rien n’est corrigé.</p>
          </div>
          <Button label="Relancer le contrôle" icon="pi pi-refresh" outlined loading={report.isFetching} onClick={() => report.refetch()} />
        </header>
        {report.isError && <p className="p-error">Le contrôle a échoué.</p>}
        {data && (
          <>
            <p className={data.OK ? 'ledger-verdict ok' : 'ledger-verdict ko'} role="status" data-testid="ledger-verdict">
              <i className={data.OK ? 'pi pi-check-circle' : 'pi pi-exclamation-triangle'} aria-hidden />
              {data.OK ? 'Registre cohérent : tous les invariants sont respectés.' : 'Registre incohérent : au moins un invariant est en échec.'}
              <small> — contrôlé le {formatDateTime(data.CHECKED_AT)}</small>
            </p>
            <DataTable
              value={data.CHECKS}
              dataKey="KEY"
              size="small"
              expandedRows={expanded}
              onRowToggle={(e) => setExpanded(e.data as Record<string, boolean>)}
              rowExpansionTemplate={(c: LedgerCheck) => <Offenders check={c} />}
              pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': 'Invariants du registre' } }}
            >
              <Column expander={(c: LedgerCheck) => !c.OK} style={{ width: '3rem' }} />
              <Column field="LABEL" header="Invariant" />
              <Column header="État" body={(c: LedgerCheck) => <CheckState check={c} />} />
            </DataTable>
          </>
        )}
      </section>

      <section className="card" aria-labelledby="liability-title">
        <header className="ledger-header">
          <div>
            <h2 id="liability-title">Passif du programme</h2>
            <p className="muted">Points acquis et non dépensés, et leur équivalent à la valeur du point (Paramètres › Programme).</p>
          </div>
          <div className="ledger-exports">
            <Button label="CSV" icon="pi pi-download" outlined size="small" loading={exporting === 'csv'} onClick={() => exportAs('csv')} />
            <Button label="XLSX" icon="pi pi-file-excel" outlined size="small" loading={exporting === 'xlsx'} onClick={() => exportAs('xlsx')} />
          </div>
        </header>
        {liability.isError && <p className="p-error">Le passif n’a pas pu être calculé.</p>}
        {l && (
          <>
            <div className="ledger-cards" data-testid="liability-total">
              <div className="ledger-card">
                <span>Points en cours</span>
                <strong>{fr(l.TOTAL.POINTS)}</strong>
              </div>
              <div className="ledger-card">
                <span>Équivalent</span>
                <strong>{l.POINT_VALUE > 0 ? dt(l.TOTAL.MILLIMES) : '—'}</strong>
              </div>
              <div className="ledger-card">
                <span>Clients concernés</span>
                <strong>{fr(l.TOTAL.CLIENTS)}</strong>
              </div>
              <div className="ledger-card">
                <span>Valeur du point</span>
                <strong>{l.POINT_VALUE > 0 ? dt(l.POINT_VALUE) : 'Non définie'}</strong>
              </div>
            </div>
            <SelectButton
              className="ledger-groups"
              value={group}
              allowEmpty={false}
              options={LIABILITY_GROUPS.map((g) => ({ label: LIABILITY_GROUP_LABELS[g], value: g }))}
              onChange={(e) => setGroup(e.value as LiabilityGroup)}
              aria-label="Regroupement"
            />
            <DataTable
              value={l.GROUPS[group]}
              dataKey="KEY"
              size="small"
              emptyMessage="Aucun point en cours."
              pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': LIABILITY_GROUP_LABELS[group] } }}
            >
              <Column field="LABEL" header={group === 'expiry_month' ? 'Mois d’expiration' : 'Groupe'} />
              <Column header="Clients" body={(r: LiabilityRow) => fr(r.CLIENTS)} headerClassName="ledger-num" bodyClassName="ledger-num" />
              <Column header="Points" body={(r: LiabilityRow) => fr(r.POINTS)} headerClassName="ledger-num" bodyClassName="ledger-num" />
              <Column
                header="Équivalent"
                body={(r: LiabilityRow) => (l.POINT_VALUE > 0 ? dt(r.MILLIMES) : '—')}
                headerClassName="ledger-num"
                bodyClassName="ledger-num"
              />
            </DataTable>
          </>
        )}
      </section>
    </div>
  );
}
