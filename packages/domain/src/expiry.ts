import { z } from 'zod';
import { integer } from './fields';
import { formatInteger, todayInTunis, tunisOffsetMs } from './format';

/**
 * Points expiry (Paramètres › Programme). The same rule is the SQL function
 * points_lot_expiry (migration 0023), which dates the lots; this one lets the screens and tests say it.
 */
export const EXPIRY_POLICIES = ['never', 'months', 'year_end'] as const;
export type ExpiryPolicy = (typeof EXPIRY_POLICIES)[number];
export const EXPIRY_POLICY_LABELS: Record<ExpiryPolicy, string> = {
  never: 'Les points n’expirent jamais',
  months: 'Les points expirent N mois après leur crédit',
  year_end: 'Les points expirent le 31 décembre de l’année suivant leur crédit',
};
export const EXPIRY_MONTHS_MAX = 120;
/** « Valeur du point »: millimes one point is worth, for the programme's liability; 0 = not set. */
export const POINT_VALUE_MAX = 1_000_000;
/** "Points expirant sous 30 jours": the window the staff screens and the reminder template read. */
export const EXPIRING_SOON_DAYS = 30;

export const EXPIRY_MESSAGES = {
  policy: 'Choisissez une règle d’expiration.',
  months: `Nombre de mois entre 1 et ${EXPIRY_MONTHS_MAX}.`,
  monthsRequired: 'Indiquez le nombre de mois.',
  monthsUnexpected: 'Le nombre de mois ne s’applique qu’à la règle « N mois ».',
  pointValue: `Valeur du point : un nombre entier de millimes entre 0 et ${formatInteger(POINT_VALUE_MAX)}.`,
} as const;

/** The settings form and PUT settings/programme: EXPIRY_MONTHS given exactly when the policy is `months`. */
export const programmeSettingsBody = z
  .object({
    EXPIRY_POLICY: z.enum(EXPIRY_POLICIES, { error: EXPIRY_MESSAGES.policy }),
    EXPIRY_MONTHS: integer({ min: 1, max: EXPIRY_MONTHS_MAX, invalid: EXPIRY_MESSAGES.months }).nullable().optional(),
    /** Millimes per point; absent leaves the stored value as it is. */
    POINT_VALUE: integer({ min: 0, max: POINT_VALUE_MAX, invalid: EXPIRY_MESSAGES.pointValue }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.EXPIRY_POLICY === 'months' && v.EXPIRY_MONTHS == null)
      ctx.addIssue({ code: 'custom', path: ['EXPIRY_MONTHS'], message: EXPIRY_MESSAGES.monthsRequired });
    if (v.EXPIRY_POLICY !== 'months' && v.EXPIRY_MONTHS != null)
      ctx.addIssue({ code: 'custom', path: ['EXPIRY_MONTHS'], message: EXPIRY_MESSAGES.monthsUnexpected });
  });
export type ProgrammeSettingsBody = z.infer<typeof programmeSettingsBody>;

export interface ProgrammeSettings {
  EXPIRY_POLICY: ExpiryPolicy;
  EXPIRY_MONTHS: number | null;
  /** Millimes one point is worth (0: not set). */
  POINT_VALUE: number;
  UPDATED_AT: string;
}

const HOUR = 3_600_000;
/** A Tunis wall clock (read from a Date's UTC fields) as the instant it names. */
function fromTunisWall(wall: number): Date {
  return new Date(wall - tunisOffsetMs(wall - tunisOffsetMs(wall - HOUR)));
}
function tunisWall(at: Date): Date {
  return new Date(at.getTime() + tunisOffsetMs(at.getTime()));
}

/**
 * When a lot credited at `at` expires: null (never); `months` after it on Tunis's calendar and clock
 * (31 January + 1 month is 28/29 February, as PostgreSQL adds months); or at the end of 31 December of
 * the year after the credit's Tunis year (the instant 1 January 00:00 two years on).
 */
export function lotExpiresAt(policy: ExpiryPolicy, months: number | null, at: Date): Date | null {
  const w = tunisWall(at);
  if (policy === 'year_end') return fromTunisWall(Date.UTC(w.getUTCFullYear() + 2, 0, 1));
  if (policy !== 'months' || !months) return null;
  const target = w.getUTCMonth() + months;
  const y = w.getUTCFullYear() + Math.floor(target / 12);
  const m = target % 12;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return fromTunisWall(Date.UTC(y, m, Math.min(w.getUTCDate(), lastDay), w.getUTCHours(), w.getUTCMinutes(), w.getUTCSeconds(), w.getUTCMilliseconds()));
}

/** The last day (YYYY-MM-DD, Tunis) on which a lot expiring at `expiresAt` can still be spent. */
export const lastDayOf = (expiresAt: Date): string => todayInTunis(new Date(expiresAt.getTime() - 1));
