import { formatKDt } from '@app/domain';
import type { ChartOptions } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { chartOptions, countLabel, countTick, mergeOptions } from './chart-options';

type Callbacks = { label?: (item: unknown) => string; afterLabel?: (item: unknown) => string };
const callbacks = (o: ChartOptions) => (o.plugins?.tooltip?.callbacks ?? {}) as Callbacks;
const yTicks = (o: ChartOptions) =>
  (o.scales?.y as { beginAtZero?: boolean; ticks?: { precision?: number; callback?: (v: number) => string } } | undefined) ?? {};

describe('chart figures', () => {
  it('writes tooltip values and ticks with the no-break space every screen uses', () => {
    expect(countLabel({ raw: 12345, dataset: { label: 'Commandes' } })).toBe('Commandes : 12\u00a0345');
    expect(countLabel({ raw: 1500, dataset: {} })).toBe('1\u00a0500');
    expect(countTick(2000)).toBe('2\u00a0000');
    expect(countTick('250')).toBe('250');
  });

  it('gives bars and lines a count axis from zero and the count tooltip, doughnuts the tooltip only', () => {
    const bar = chartOptions('bar');
    expect(callbacks(bar).label).toBe(countLabel);
    expect(yTicks(bar)).toMatchObject({ beginAtZero: true, ticks: { precision: 0, callback: countTick } });
    const doughnut = chartOptions('doughnut');
    expect(callbacks(doughnut).label).toBe(countLabel);
    expect(doughnut.scales).toBeUndefined();
  });

  it('keeps the defaults a chart does not replace: a hidden legend keeps the count tooltip, an afterLabel keeps the label', () => {
    const legendless = chartOptions('doughnut', { plugins: { legend: { display: false } } });
    expect(legendless.plugins?.legend?.display).toBe(false);
    expect(callbacks(legendless).label).toBe(countLabel);
    const afterLabel = () => 'Total : 1\u00a0234,500 DT';
    const withTotal = chartOptions('bar', { plugins: { tooltip: { callbacks: { afterLabel } } } });
    expect(callbacks(withTotal)).toMatchObject({ label: countLabel, afterLabel });
  });

  it('lets a chart with its own axis (K DT) replace the count axis whole, and its own label replace the count label', () => {
    const callback = (v: number | string) => formatKDt(Number(v) * 1000);
    const label = () => 'x';
    const kdt = chartOptions('bar', { plugins: { tooltip: { callbacks: { label } } }, scales: { y: { ticks: { callback } } } });
    expect(yTicks(kdt)).toEqual({ ticks: { callback } });
    expect(yTicks(kdt).ticks?.callback?.(1.5)).toBe('1,50 K DT');
    expect(callbacks(kdt).label).toBe(label);
  });

  it('merges plain objects key by key and lets anything else replace', () => {
    expect(mergeOptions({ a: { b: 1, c: 2 }, d: [1] }, { a: { c: 3 }, d: [2, 3] })).toEqual({ a: { b: 1, c: 3 }, d: [2, 3] });
    expect(mergeOptions({ a: 1 }, undefined)).toEqual({ a: 1 });
  });
});
