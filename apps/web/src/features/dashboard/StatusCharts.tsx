import { CHART_COLORS, formatInteger, formatKDt, formatPercent, percentOf } from '@app/domain';
import { useState } from 'react';
import { ChartCard, ChartView } from './ChartCard';
import { useCards, useGiftPurchases, useOrdersByStatus, useVoucherStats } from './dashboard.api';

/** Orders by status: a donut and its list of LABEL, COUNT, POURCENT, COLOR. */
export function OrdersByStatusChart() {
  const rows = useOrdersByStatus().data ?? [];
  return (
    <ChartCard id="dash-status" title="Commandes par statut" empty={!rows.length}>
      <div className="dash-donut-with-list">
        <ChartView
          type="doughnut"
          label="Répartition des commandes par statut"
          data={{ labels: rows.map((r) => r.LABEL), datasets: [{ data: rows.map((r) => r.COUNT), backgroundColor: rows.map((r) => r.COLOR) }] }}
          options={{ plugins: { legend: { display: false } } }}
        />
        <ul className="dash-legend">
          {rows.map((r) => (
            <li key={r.STATUS}>
              <span className="dash-dot" style={{ background: r.COLOR }} aria-hidden />
              <span>{r.LABEL}</span>
              <strong>{formatInteger(r.COUNT)}</strong>
              <span className="muted">{formatPercent(r.POURCENT)}</span>
            </li>
          ))}
        </ul>
      </div>
    </ChartCard>
  );
}

/** Gift requests by status, with the year selector. */
export function GiftRequestsChart() {
  const [year, setYear] = useState<number | undefined>(undefined);
  const rows = useGiftPurchases(year).data?.total_by_status ?? [];
  return (
    <ChartCard id="dash-requests" title="Demandes de conversion par statut" year={year} onYear={setYear} empty={!rows.length}>
      <ChartView
        type="bar"
        label="Demandes de cadeaux par statut"
        data={{
          labels: rows.map((r) => r.LABEL),
          datasets: [{ label: 'Demandes', data: rows.map((r) => r.COUNT), backgroundColor: rows.map((r) => r.COLOR) }],
        }}
        options={{ plugins: { legend: { display: false } } }}
      />
    </ChartCard>
  );
}

/** Voucher totals: issued, consumed and not, in number and in K DT, with the shares (no year selector). */
export function VoucherSummary() {
  const all = useVoucherStats().data?.find((r) => r.year === null);
  return (
    <ChartCard id="dash-voucher-summary" title="Vouchers : consommés et non consommés" empty={!all}>
      {all && (
        <dl className="dash-summary">
          <div>
            <dt>Émis</dt>
            <dd>
              {formatInteger(all.total)} · {formatKDt(all.total_amount)}
            </dd>
          </div>
          <div>
            <dt>Consommés</dt>
            <dd>
              {formatInteger(all.consumed)} · {formatKDt(all.consumed_amount)} · {formatPercent(percentOf(all.consumed, all.total))}
            </dd>
          </div>
          <div>
            <dt>Non consommés</dt>
            <dd>
              {formatInteger(all.non_consumed)} · {formatKDt(all.total_amount - all.consumed_amount)} · {formatPercent(percentOf(all.non_consumed, all.total))}
            </dd>
          </div>
        </dl>
      )}
    </ChartCard>
  );
}

/** The delivery and consumption donuts (no year selector). */
export function Donuts() {
  const d = useCards().data;
  const delivery = d?.delivery;
  const consumption = d?.consumption;
  return (
    <>
      <ChartCard id="dash-delivery" title="Livraison des cadeaux" empty={!delivery || delivery.delivered + delivery.in_progress === 0}>
        {delivery && (
          <ChartView
            type="doughnut"
            label={`Cadeaux livrés : ${formatInteger(delivery.delivered)}, en cours : ${formatInteger(delivery.in_progress)}`}
            data={{
              labels: ['Livrés', 'En cours'],
              datasets: [{ data: [delivery.delivered, delivery.in_progress], backgroundColor: [CHART_COLORS.green, CHART_COLORS.red] }],
            }}
          />
        )}
      </ChartCard>
      <ChartCard id="dash-consumption" title="Consommation des vouchers" empty={!consumption || consumption.consumed + consumption.not_consumed === 0}>
        {consumption && (
          <ChartView
            type="doughnut"
            label={`Vouchers consommés : ${formatInteger(consumption.consumed)}, non consommés : ${formatInteger(consumption.not_consumed)}`}
            data={{
              labels: ['Consommée', 'Non consommée'],
              datasets: [{ data: [consumption.consumed, consumption.not_consumed], backgroundColor: [CHART_COLORS.blue, CHART_COLORS.red] }],
            }}
          />
        )}
      </ChartCard>
    </>
  );
}
