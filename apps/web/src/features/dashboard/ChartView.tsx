import type { ChartData, ChartOptions } from 'chart.js';
import { Chart } from 'primereact/chart';

/**
 * Counts on a value axis from zero in whole steps: a line from 100 would make a small dip look like a
 * fall, and "2,5 inscriptions" means nothing. A chart with its own axis (K DT) passes `scales`.
 */
const COUNT_AXIS: ChartOptions = { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } };

/** Charts appear drawn, without their growing animation, for those who ask for less motion. */
const stillCharts = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** PrimeReact's Chart (Chart.js), in a chunk of its own: the dashboard's frame and figures show before it. */
export default function ChartView({ type, data, options, label }: { type: 'bar' | 'line' | 'doughnut'; data: ChartData; options?: ChartOptions; label: string }) {
  return (
    <div className="dash-chart">
      <Chart
        type={type}
        data={data}
        options={{ maintainAspectRatio: false, responsive: true, ...(stillCharts() ? { animation: false } : {}), ...(type === 'doughnut' ? {} : COUNT_AXIS), ...options }}
        style={{ height: '100%' }}
        pt={{ canvas: { 'aria-label': label } }}
      />
    </div>
  );
}
