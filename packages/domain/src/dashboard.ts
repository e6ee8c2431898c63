import { z } from 'zod';
import { queryInteger } from './fields';
import { formatDecimal } from './format';

/** Dashboard: the rows of its calls and the chart rules. */

/** The charts' three colours. */
export const CHART_COLORS = { red: '#F93A0B', blue: '#4754cb', green: '#31ffba' } as const;
export const DASHBOARD_FIRST_YEAR = 2021;

/** The year selector: Tous (no year), then 2021 to the current year. */
export function dashboardYears(now = new Date()): number[] {
  const out: number[] = [];
  for (let y = DASHBOARD_FIRST_YEAR; y <= Math.max(now.getFullYear(), DASHBOARD_FIRST_YEAR); y++) out.push(y);
  return out;
}
export const dashboardQuery = z.object({ year: queryInteger({ min: DASHBOARD_FIRST_YEAR, max: 2100 }).optional() });

/** Percentages rounded to the nearest half. */
export const roundHalf = (percent: number) => Math.round(percent * 2) / 2;

/** A share of a total as a percentage rounded to 0.5 (0 when the total is 0). */
export const percentOf = (part: number, total: number) => (total > 0 ? roundHalf((part * 100) / total) : 0);

/** Voucher amounts on the charts in thousands of dinars, two decimals, grouped like every number: « 1 234,57 K DT ». */
export const formatKDt = (dinars: number) => `${formatDecimal(dinars / 1000, 2)} K DT`;

/**
 * Chart trimming: at widths of 1366 px or less, a chart of more than 9 points keeps the
 * last 9 (≤ 390 px), 12 (≤ 420), 15 (≤ 550) or 20 points. When that many would be at most half of
 * the points, it shows every second point instead, over twice the span, ending on the last point:
 * as many bars, a longer history.
 */
export function trimChartPoints<T>(points: readonly T[], width: number): T[] {
  if (width > 1366 || points.length <= 9) return [...points];
  const keep = width <= 390 ? 9 : width <= 420 ? 12 : width <= 550 ? 15 : 20;
  if (keep >= points.length) return [...points];
  if (keep <= points.length / 2) {
    const out: T[] = [];
    for (let i = points.length - 1; i >= 0 && out.length < keep; i -= 2) out.unshift(points[i]);
    return out;
  }
  return points.slice(points.length - keep);
}

/** Rows of the dashboard calls. Months are `YYYY-MM` unless said otherwise. */
export interface RegistrationRow {
  month: string;
  user_count: number;
}
export interface ConnectionRow {
  month: string;
  logs_count: number;
}
export interface VoucherConsumptionRow {
  /** MM/YYYY */
  date: string;
  vouchers_consumed: number;
  total_amount_consumed: number;
  clients: number;
}
export interface VoucherStatRow {
  year: number | null;
  total: number;
  consumed: number;
  non_consumed: number;
  total_amount: number;
  consumed_amount: number;
}
export interface OrderMonthRow {
  month: string;
  order_count: number;
  order_total: number;
}
export interface StatusCountRow {
  STATUS: number;
  LABEL: string;
  COUNT: number;
  POURCENT: number;
  COLOR: string;
}
export interface GiftData {
  total_by_status: StatusCountRow[];
  count_by_status_by_year: { STATUS: number; year: number; count: number }[];
}
export interface DashboardCounts {
  users: number;
  clients: number;
  products: number;
  orders: number;
}
export interface DashboardCards {
  clients_actifs: number;
  users_registred: number;
  users_actifs_60: number;
  users_actifs_30: number;
}
export interface VisitorRow {
  /** YYYY-MM-DD, a day of Tunis. */
  day: string;
  visitors: number;
}
/** The two donuts: the gift units delivered or on their way, the vouchers consumed or not. */
export interface DashboardDonuts {
  delivery: { delivered: number; in_progress: number };
  consumption: { consumed: number; not_consumed: number };
}
