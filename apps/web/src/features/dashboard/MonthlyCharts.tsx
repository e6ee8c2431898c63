import { CHART_COLORS, formatInteger, formatKDt, formatMoney, trimChartPoints } from '@app/domain';
import { useState } from 'react';
import { ChartCard, ChartView } from './ChartCard';
import { useConnections, useGiftActivation, useOrdersByMonth, useRegistrations, useVisitors, useVoucherConsumption } from './dashboard.api';
import { useWidth } from './useWidth';

/** `YYYY-MM` as the axis shows it: MM/YYYY. */
const monthLabel = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;

/** A series by month with a year selector; its points trimmed to the screen's width. */
function useSeries<T>(read: (year?: number) => { data?: T[] }) {
  const [year, setYear] = useState<number | undefined>(undefined);
  const width = useWidth();
  const rows = trimChartPoints(read(year).data ?? [], width);
  return { year, setYear, rows };
}

export function RegistrationsChart() {
  const { year, setYear, rows } = useSeries(useRegistrations);
  return (
    <ChartCard id="dash-registrations" title="Inscriptions par mois" year={year} onYear={setYear} empty={!rows.length}>
      <ChartView
        type="bar"
        label="Inscriptions à l'application par mois"
        data={{
          labels: rows.map((r) => monthLabel(r.month)),
          datasets: [{ label: 'Inscriptions', data: rows.map((r) => r.user_count), backgroundColor: CHART_COLORS.blue }],
        }}
      />
    </ChartCard>
  );
}

export function ConnectionsChart() {
  const { year, setYear, rows } = useSeries(useConnections);
  return (
    <ChartCard id="dash-connections" title="Dernières connexions par mois" year={year} onYear={setYear} empty={!rows.length}>
      <ChartView
        type="line"
        label="Connexions par mois"
        data={{
          labels: rows.map((r) => monthLabel(r.month)),
          datasets: [
            { label: 'Connexions', data: rows.map((r) => r.logs_count), borderColor: CHART_COLORS.red, backgroundColor: CHART_COLORS.red, tension: 0.3 },
          ],
        }}
      />
    </ChartCard>
  );
}

export function VoucherConsumptionChart() {
  const { year, setYear, rows } = useSeries(useVoucherConsumption);
  return (
    <ChartCard id="dash-vouchers" title="Consommation des vouchers par mois" year={year} onYear={setYear} empty={!rows.length}>
      <ChartView
        type="bar"
        label="Montant des vouchers consommés par mois, en milliers de dinars"
        data={{
          labels: rows.map((r) => r.date),
          datasets: [{ label: 'Montant consommé (K DT)', data: rows.map((r) => r.total_amount_consumed / 1000), backgroundColor: CHART_COLORS.green }],
        }}
        options={{
          plugins: {
            tooltip: {
              callbacks: {
                label: (c) =>
                  `${formatKDt(Number(c.raw) * 1000)} · ${formatInteger(rows[c.dataIndex]?.vouchers_consumed)} vouchers · ${formatInteger(rows[c.dataIndex]?.clients)} clients`,
              },
            },
          },
          scales: { y: { ticks: { callback: (v) => formatKDt(Number(v) * 1000) } } },
        }}
      />
    </ChartCard>
  );
}

export function OrdersByMonthChart() {
  const { year, setYear, rows } = useSeries(useOrdersByMonth);
  return (
    <ChartCard id="dash-orders" title="Commandes par mois" year={year} onYear={setYear} empty={!rows.length}>
      <ChartView
        type="bar"
        label="Commandes par mois"
        data={{
          labels: rows.map((r) => monthLabel(r.month)),
          datasets: [{ label: 'Commandes', data: rows.map((r) => r.order_count), backgroundColor: CHART_COLORS.blue }],
        }}
        options={{ plugins: { tooltip: { callbacks: { afterLabel: (c) => `Total : ${formatMoney(rows[c.dataIndex]?.order_total ?? 0)}` } } } }}
      />
    </ChartCard>
  );
}

export function GiftActivationChart() {
  const { year, setYear, rows } = useSeries(useGiftActivation);
  return (
    <ChartCard id="dash-activation" title="Activation des cadeaux" year={year} onYear={setYear} empty={!rows.length}>
      <ChartView
        type="bar"
        label="Cadeaux réceptionnés et expédiés par mois"
        data={{
          labels: rows.map((r) => monthLabel(r.month)),
          datasets: [
            { label: 'Réceptionné', data: rows.map((r) => r.received), backgroundColor: CHART_COLORS.green },
            { label: 'Expédié', data: rows.map((r) => r.shipped), backgroundColor: CHART_COLORS.blue },
          ],
        }}
      />
    </ChartCard>
  );
}

export function VisitorsChart() {
  const { year, setYear, rows } = useSeries(useVisitors);
  return (
    <ChartCard id="dash-visitors" title="Visiteurs de l'application par jour" year={year} onYear={setYear} empty={!rows.length}>
      <ChartView
        type="line"
        label="Utilisateurs distincts de l'application par jour"
        data={{
          labels: rows.map((r) => `${r.day.slice(8)}/${r.day.slice(5, 7)}/${r.day.slice(0, 4)}`),
          datasets: [
            { label: 'Visiteurs', data: rows.map((r) => r.visitors), borderColor: CHART_COLORS.blue, backgroundColor: CHART_COLORS.blue, tension: 0.3 },
          ],
        }}
      />
    </ChartCard>
  );
}
