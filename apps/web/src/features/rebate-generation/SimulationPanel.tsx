import {
  formatMoney,
  formatPercent,
  type RebateSimulation,
  RISTOURNES_PAGE_SIZE,
  type SimulatedVoucher,
  type SimulationDiff,
  type SimulationTier,
  toMillimes,
} from '@app/domain';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { ResourceTable } from '../../components/data-table';
import { simulatedVoucherColumns } from './columns';
import { simulatedClientsPath, useSimulation } from './simulation.api';

/** "+12", "−3", "0": a signed difference, as a reader compares two years. */
const signed = (n: number, text: string) => (n > 0 ? `+${text}` : n < 0 ? `−${text.replace('-', '')}` : text);
/** b − a in dinars, computed in integer millimes. */
const moneyDiff = (now: string, before: string) => {
  const d = toMillimes(now) - toMillimes(before);
  return signed(d, formatMoney(d / 1000));
};
const countDiff = (now: number, before: number) => signed(now - before, String(now - before));

/**
 * « Simuler »: the year's rebate vouchers as LANCER would issue them, computed by the
 * server from the generation's own query and written nowhere: per tier, the totals beside the previous
 * year's vouchers, and the vouchers client by client (paged, searched, sorted, exported by the server).
 */
export function SimulationPanel({ year }: { year: number }) {
  const { data, isLoading, isError } = useSimulation(year);
  return (
    <section className="simulation" aria-labelledby="simulation-title">
      <h2 id="simulation-title" className="generation-title">
        Simulation {year}
      </h2>
      <p className="simulation-note">Aucun voucher n’est créé : voici ce que LANCER émettrait pour {year}.</p>
      {isLoading && <p>Calcul en cours…</p>}
      {isError && <p className="p-error">La simulation a échoué.</p>}
      {data && <Summary data={data} />}
      {data && (
        <>
          <h3 className="simulation-subtitle">Vouchers simulés par client</h3>
          <ResourceTable<SimulatedVoucher>
            resource={{ path: simulatedClientsPath(year), noun: 'ce voucher', perPage: RISTOURNES_PAGE_SIZE, defaultSort: { field: 'AMOUNT', order: 'desc' } }}
            columns={simulatedVoucherColumns}
            stateKey="sim"
            exports={['xlsx', 'csv']}
            readOnly
            deletable={false}
            emptyMessage="Aucun voucher pour cette année"
            minWidth="52rem"
          />
        </>
      )}
    </section>
  );
}

function Summary({ data }: { data: RebateSimulation }) {
  return (
    <>
      {data.ALREADY && <p className="simulation-warning">Les vouchers de {data.YEAR} ont déjà été générés : LANCER n’en créera pas d’autres.</p>}
      {data.REFUSAL && <p className="simulation-warning">{data.REFUSAL.trim()} : LANCER serait refusé.</p>}
      <div className="simulation-cards">
        <Card label="Vouchers" value={String(data.VOUCHERS)} testId="sim-vouchers" />
        <Card label="Chiffre d’affaires" value={formatMoney(data.TURNOVER)} testId="sim-turnover" />
        <Card label="Montant total" value={formatMoney(data.TOTAL)} testId="sim-total" />
        <Card
          label={`Écart avec ${data.PREV_YEAR}`}
          value={`${countDiff(data.VOUCHERS, data.PREV_VOUCHERS)} voucher(s)`}
          detail={`${moneyDiff(data.TOTAL, data.PREV_TOTAL)} (${data.PREV_VOUCHERS} voucher(s), ${formatMoney(data.PREV_TOTAL)} en ${data.PREV_YEAR})`}
          testId="sim-diff"
        />
      </div>
      <h3 className="simulation-subtitle">Par palier</h3>
      <DataTable
        value={data.tiers}
        dataKey="id"
        size="small"
        stripedRows
        emptyMessage={`Aucun palier actif pour ${data.YEAR}.`}
        tableStyle={{ minWidth: '40rem' }}
        pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': 'Simulation par palier' } }}
      >
        <Column field="NUM_RISTOURNE" header="N°" />
        <Column header="Palier" body={(t: SimulationTier) => (t.ACTIVITE_NAME ? `${t.NAME} (${t.ACTIVITE_NAME})` : t.NAME)} />
        <Column header="Tranche de CA" body={(t: SimulationTier) => `${formatMoney(t.VAL_MIN)} – ${formatMoney(t.VAL_MAX)}`} />
        <Column header="Pourcentage" body={(t: SimulationTier) => formatPercent(t.PERCENTAGE)} />
        <Column field="CLIENTS" header="Clients" headerClassName="sim-num" bodyClassName="sim-num" />
        <Column header="Chiffre d’affaires" body={(t: SimulationTier) => formatMoney(t.TURNOVER)} headerClassName="sim-num" bodyClassName="sim-num" />
        <Column header="Ristourne" body={(t: SimulationTier) => formatMoney(t.TOTAL)} headerClassName="sim-num" bodyClassName="sim-num" />
      </DataTable>
      {data.byNumber.length > 0 && (
        <>
          <h3 className="simulation-subtitle">Écart avec {data.PREV_YEAR} par n° de palier</h3>
          <DataTable
            value={data.byNumber}
            size="small"
            stripedRows
            tableStyle={{ minWidth: '34rem' }}
            pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': `Écart avec ${data.PREV_YEAR} par numéro de palier` } }}
          >
            <Column header="N° de palier" body={(d: SimulationDiff) => d.NUM_RISTOURNE ?? 'Hors palier'} />
            <Column header={`Vouchers ${data.YEAR}`} field="VOUCHERS" headerClassName="sim-num" bodyClassName="sim-num" />
            <Column header={`Vouchers ${data.PREV_YEAR}`} field="PREV_VOUCHERS" headerClassName="sim-num" bodyClassName="sim-num" />
            <Column header={`Montant ${data.YEAR}`} body={(d: SimulationDiff) => formatMoney(d.TOTAL)} headerClassName="sim-num" bodyClassName="sim-num" />
            <Column
              header={`Montant ${data.PREV_YEAR}`}
              body={(d: SimulationDiff) => formatMoney(d.PREV_TOTAL)}
              headerClassName="sim-num"
              bodyClassName="sim-num"
            />
            <Column header="Écart" body={(d: SimulationDiff) => moneyDiff(d.TOTAL, d.PREV_TOTAL)} headerClassName="sim-num" bodyClassName="sim-num" />
          </DataTable>
        </>
      )}
    </>
  );
}

function Card({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <div className="simulation-card" data-testid={testId}>
      <span className="simulation-card-label">{label}</span>
      <strong>{value}</strong>
      {detail && <small>{detail}</small>}
    </div>
  );
}
