import type { ChartData, ChartOptions } from 'chart.js';
import { Chart } from 'primereact/chart';

/** PrimeReact's Chart (Chart.js), in a chunk of its own: the dashboard's frame and figures show before it. */
export default function ChartView({ type, data, options, label }: { type: 'bar' | 'line' | 'doughnut'; data: ChartData; options?: ChartOptions; label: string }) {
  return (
    <div className="dash-chart">
      <Chart type={type} data={data} options={{ maintainAspectRatio: false, responsive: true, ...options }} style={{ height: '100%' }} pt={{ canvas: { 'aria-label': label } }} />
    </div>
  );
}
