import { formatInteger } from '@app/domain';
import type { ChartOptions } from 'chart.js';

/*
 * Chart.js writes ticks and tooltip values with the browser's own Intl (another grouping space, or
 * « 1,234 » in an English browser): every chart writes its figures with the domain's formatters instead.
 */

export type ChartKind = 'bar' | 'line' | 'doughnut';

/** A tooltip line as Chart.js draws it (« Commandes : 1 234 »), the value through formatInteger. */
export const countLabel = (item: { raw: unknown; dataset: { label?: string } }): string => {
  const value = formatInteger(Number(item.raw));
  return item.dataset.label ? `${item.dataset.label} : ${value}` : value;
};

/** A value-axis tick, written like every count. */
export const countTick = (value: number | string): string => formatInteger(Number(value));

/**
 * Counts on a value axis from zero in whole steps: a line from 100 would make a small dip look like a
 * fall, and "2,5 inscriptions" means nothing.
 */
function chartDefaults(type: ChartKind): ChartOptions {
  const tooltip = { plugins: { tooltip: { callbacks: { label: countLabel } } } } as ChartOptions;
  if (type === 'doughnut') return tooltip;
  return { ...tooltip, scales: { y: { beginAtZero: true, ticks: { precision: 0, callback: countTick } } } } as ChartOptions;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** `over` laid on `base`, plain objects merged key by key (a chart's `plugins.legend` keeps the defaults' `plugins.tooltip`). */
export function mergeOptions<T>(base: T, over: unknown): T {
  if (!isPlain(base) || !isPlain(over)) return (over === undefined ? base : over) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in base ? mergeOptions(base[k], v) : v;
  return out as T;
}

/**
 * A chart's options over the defaults: its own tooltip callbacks or legend replace the defaults' one by
 * one; a chart with an axis of its own (K DT) passes `scales`, which replaces the count axis whole.
 */
export function chartOptions(type: ChartKind, options?: ChartOptions): ChartOptions {
  const merged = mergeOptions(chartDefaults(type), options);
  return options?.scales ? { ...merged, scales: options.scales } : merged;
}
