import type { ChartData, ChartOptions } from 'chart.js';
import { Chart } from 'primereact/chart';
import { type ChartKind, chartOptions } from './chart-options';

/** Charts appear drawn, without their growing animation, for those who ask for less motion. */
const stillCharts = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** PrimeReact's Chart (Chart.js), in a chunk of its own: the dashboard's frame and figures show before it. */
export default function ChartView({ type, data, options, label }: { type: ChartKind; data: ChartData; options?: ChartOptions; label: string }) {
  return (
    <div className="dash-chart">
      <Chart
        type={type}
        data={data}
        options={{ maintainAspectRatio: false, responsive: true, ...(stillCharts() ? { animation: false } : {}), ...chartOptions(type, options) }}
        style={{ height: '100%' }}
        pt={{ canvas: { 'aria-label': label } }}
      />
    </div>
  );
}
