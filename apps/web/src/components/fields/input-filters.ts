import { DIGITS_MAX, TEL_MAX } from '@app/domain';

/**
 * Keystroke filters: what cannot become valid never reaches the field. The domain
 * schema still validates the result (length, 8 digits...).
 */

/** Digits, with at most one leading plus; at most 20 characters. */
export function filterPhone(raw: string): string {
  const plus = raw.trimStart().startsWith('+');
  return `${plus ? '+' : ''}${raw.replace(/\D/g, '')}`.slice(0, TEL_MAX);
}

/** Digits with one decimal point and at most 3 decimals; a comma (French keyboards) becomes the point. */
export function filterDecimal(raw: string, decimals = 3): string {
  const cleaned = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const value =
    dot < 0 || decimals === 0
      ? cleaned.replace(/\./g, '')
      : `${cleaned.slice(0, dot)}.${cleaned
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, decimals)}`;
  return value.slice(0, DIGITS_MAX);
}

/** Digits only (codes, counts). */
export function filterDigits(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, DIGITS_MAX);
}
