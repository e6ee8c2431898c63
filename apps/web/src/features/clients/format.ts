/** Display helpers of the clients screens (the domain's formatMoney / formatDate do the rest). */

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * Seniority from the days since INSCRIPTION, as the list shows it: "2 ans 3 mois", "5 mois",
 * "12 jours". Months are counted as 30 days and years as 365 (a display, not a calendar sum).
 */
export function formatSeniority(days: number | null | undefined): string {
  if (days == null || !Number.isFinite(days)) return '';
  const d = Math.max(0, Math.floor(days));
  const years = Math.floor(d / 365);
  const months = Math.floor((d % 365) / 30);
  if (years === 0 && months === 0) return plural(d, 'jour', 'jours');
  return [years ? plural(years, 'an', 'ans') : '', months ? `${months} mois` : ''].filter(Boolean).join(' ');
}

/** Points with French grouping: "12 500" (one definition, in @app/domain). */
import { formatPoints } from '@app/domain';

export { formatPoints };

/** A ledger amount with its sign: "+150", "−40" (a true minus sign). */
export function formatSignedPoints(value: number): string {
  if (value > 0) return `+${formatPoints(value)}`;
  if (value < 0) return `\u2212${formatPoints(-value)}`;
  return '0';
}
