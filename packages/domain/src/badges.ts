import { z } from 'zod';
import type { Media } from './classification';
import { flag01, numberText, optionalText, requiredText } from './fields';
import { formatInteger } from './format';
import { MSG } from './messages';

/** Gamification badges: a tier a client holds; its bonuses are loyalty points. */

export const BADGE_POINTS_MESSAGE = 'Nombre de points invalide : entier positif ou nul attendu.';
/** Points are integers stored in 32-bit columns: nine digits keep every value in range. */
export const BADGE_POINTS_MAX = 999_999_999;

/**
 * Whole non-negative points, typed as text (the form) or sent as a number (JSON); an absent value
 * is 0 (the table's default), an emptied field is refused as required.
 */
export const badgePoints = () =>
  z
    .union([z.number(), numberText()], { error: BADGE_POINTS_MESSAGE })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .pipe(
      z
        .string()
        .min(1, { error: MSG.required, abort: true })
        .regex(/^\d{1,9}$/, { error: BADGE_POINTS_MESSAGE }),
    )
    .transform(Number)
    .default(0);

export const badgeBody = z.object({
  NAME: requiredText(100),
  BONUS_BADGE: badgePoints(),
  BONUS_EVOLUTION: badgePoints(),
  BONUS_MAINTIEN: badgePoints(),
  DESCRIPTION: optionalText(2000),
  IS_ACTIVE: flag01().default(0),
});
export type BadgeBody = z.input<typeof badgeBody>;

export const BADGE_BONUS_FIELDS = ['BONUS_BADGE', 'BONUS_EVOLUTION', 'BONUS_MAINTIEN'] as const;
export const BADGE_BONUS_LABELS: Record<(typeof BADGE_BONUS_FIELDS)[number], string> = {
  BONUS_BADGE: 'Bonus badge',
  BONUS_EVOLUTION: 'Bonus évolution',
  BONUS_MAINTIEN: 'Bonus maintien',
};

/** Points as shown on the list and in the mail: "1 500" (no-break space between thousands), as every count. */
export const formatBadgePoints = (n: number): string => formatInteger(n);

/** Page size of the badges list. */
export const BADGES_PAGE_SIZE = 50;

export const BADGE_SENT_MESSAGE = 'Badge envoyé avec succès';
export const BADGE_NO_ACTIVE_USER = 'Aucun utilisateur actif pour ce client.';

export interface Badge {
  id: number;
  ID: number;
  NAME: string;
  BONUS_BADGE: number;
  BONUS_EVOLUTION: number;
  BONUS_MAINTIEN: number;
  DESCRIPTION: string | null;
  IS_ACTIVE: 0 | 1;
  MEDIA: Media | null;
}
