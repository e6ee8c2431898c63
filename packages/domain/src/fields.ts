import { z } from 'zod';
import { MSG } from './messages';

/**
 * Field builders: every form and every API body is built from these, so a rule and its French
 * message exist once. Text inputs arrive trimmed-or-not from the browser; we trim on parse.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,3}$/;
export const PHONE_PATTERN = /^\+?[0-9]{8,}$/;
export const PHONE8_PATTERN = /^[0-9+]{8}$/;
export const DECIMAL3_PATTERN = /^\d+(\.\d{1,3})?$/;
export const DIGITS_MAX = 30;
export const TEL_MAX = 20;

/** A number typed as text (a form's input, a multipart field): never longer than DIGITS_MAX. */
export const numberText = () => z.string().max(DIGITS_MAX, { error: MSG.digitsMax });

const presence = (v: unknown) => typeof v === 'string' && v.length > 0;

/** Spaces around a text that the limit, checked after trimming, leaves aside. */
const TRIM_ROOM = 100;

/** The longest text each text field takes, by its schema: a form's input reads it (`textMaxLength`). */
const TEXT_MAX = new WeakMap<z.ZodType, number>();
const withTextMax = <T extends z.ZodType>(schema: T, max: number): T => {
  TEXT_MAX.set(schema, max);
  return schema;
};

/**
 * The longest text the field `name` of an object schema takes (its `requiredText(n)` or `optionalText(n)`),
 * so a form's input limits the typing to what the API accepts without writing the number
 * again; undefined for any other field. Looks through `.optional()`, `.nullable()` and `.default()`.
 */
export function textMaxLength(schema: unknown, name: string): number | undefined {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | null)?.shape;
  let field: z.ZodType | undefined = shape?.[name];
  while (field) {
    const max = TEXT_MAX.get(field);
    if (max !== undefined) return max;
    field = (field._zod.def as { innerType?: z.ZodType }).innerType;
  }
  return undefined;
}

/** Required text: empty gives "required", whitespace-only gives "blank"; stored trimmed. */
export const requiredText = (max = 255) =>
  withTextMax(
    z
      .string({ error: MSG.required })
      .min(1, { error: MSG.required, abort: true })
      // A bound on the text as sent too, before any work (and in the API's document); surrounding
      // spaces are trimmed before the real limit, so they get some room.
      .max(max + TRIM_ROOM, { error: MSG.maxLength(max), abort: true })
      .refine((v) => v.trim().length > 0, { error: MSG.blank, abort: true })
      .transform((v) => v.trim())
      .pipe(z.string().max(max, { error: MSG.maxLength(max) })),
    max,
  );

/** Optional text: absent, null or blank become null. */
export const optionalText = (max = 2000) =>
  withTextMax(
    z
      .string()
      .max(max, { error: MSG.maxLength(max) })
      .nullish()
      .transform((v) => (v == null || v.trim() === '' ? null : v.trim())),
    max,
  );

export const email = () =>
  z
    .string({ error: MSG.emailRequired })
    .trim()
    .min(1, { error: MSG.emailRequired, abort: true })
    .max(190, { error: MSG.maxLength(190) })
    .regex(EMAIL_PATTERN, { error: MSG.email })
    .transform((v) => v.toLowerCase());

export const phone = () => z.string({ error: MSG.required }).trim().max(TEL_MAX, { error: MSG.telMax }).regex(PHONE_PATTERN, { error: MSG.phone });

export const phone8 = () => z.string({ error: MSG.required }).trim().max(TEL_MAX, { error: MSG.phone8 }).regex(PHONE8_PATTERN, { error: MSG.phone8 });

/**
 * Nothing typed: absent, null, text that is empty or blank, or NaN (what an empty number input of a
 * form holds; JSON cannot carry it). Such a required field is "required".
 */
const blankInput = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '') || (typeof v === 'number' && Number.isNaN(v));
/** The message of a value of the wrong JSON type: "required" when nothing was typed, else `invalid`. */
const typeError =
  (invalid: string, empty: string = MSG.required) =>
  (issue: { input?: unknown }) =>
    blankInput(issue.input) ? empty : invalid;

/** A decimal typed as text: digits, or one point and at most 3 decimals. */
export const decimal3 = () =>
  z
    // Each branch says it too: a form's resolver shows a branch's message, not the union's.
    .union([z.string({ error: typeError(MSG.number) }).max(DIGITS_MAX, { error: MSG.digitsMax }), z.number({ error: typeError(MSG.number) })], {
      error: typeError(MSG.number),
    })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, { error: MSG.required, abort: true }).max(DIGITS_MAX, { error: MSG.digitsMax }).regex(DECIMAL3_PATTERN, { error: MSG.number }));

/** The largest value of an int4 column: ids, positions, quantities. */
export const INT4_MAX = 2_147_483_647;

export interface IntegerOptions {
  min?: number;
  max?: number;
  /** A value that is not a whole number (text with other than digits, a decimal, a boolean, a list). */
  invalid?: string;
  /** A whole number outside min..max (default: `invalid`). */
  range?: string;
  /** Nothing typed (absent, null, "" or blanks); default "Ce champ est obligatoire.". */
  empty?: string;
}

/**
 * A whole number in a JSON body: a JSON integer, or its digits as text (a form's input, a multipart
 * field), with a leading minus only when `min` is negative. Never coerced: "", " ", null, booleans,
 * lists, "1e3", "0x10" and "1.0" are refused, where Number() would read 0, 1, 5, 1000, 16 or 1.
 */
export const integer = ({ min = 0, max = INT4_MAX, invalid = MSG.wholeNumber, range = invalid, empty = MSG.required }: IntegerOptions = {}) => {
  // Every branch and the union give "nothing typed" its own message: a form's resolver (react-hook-form's
  // zod resolver) shows the first branch's message, not the union's.
  const typed = typeError(invalid, empty);
  const whole = () => z.number({ error: typed }).int({ error: invalid, abort: true }).min(min, { error: range }).max(max, { error: range });
  const digits = z
    .string({ error: typed })
    .max(DIGITS_MAX, { error: invalid, abort: true })
    .trim()
    .min(1, { error: empty, abort: true })
    .regex(min < 0 ? /^-?\d+$/ : /^\d+$/, { error: invalid, abort: true })
    .transform(Number)
    .pipe(whole());
  // Typed as taking null too: a form holds null for a select with nothing chosen yet, which this
  // refuses with the "required" message.
  return z.union([whole(), digits], { error: typed }) as unknown as z.ZodType<number, number | string | null | undefined>;
};

/**
 * A whole number in a query string (`?page=2`): digits only. `?page=` or `?page=%20` is a 422, not
 * page 0 as z.coerce.number() would read it.
 */
export const queryInteger = ({ min = 0, max = INT4_MAX }: { min?: number; max?: number } = {}) =>
  z
    .string()
    .max(10, { error: MSG.wholeNumber })
    .regex(/^\d+$/, { error: MSG.wholeNumber })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    // The API document says what the value is, a whole number within its bounds, rather than the
    // digits-only string the server reads it from: integrators see the maximum a page may hold.
    .meta({ type: 'integer', minimum: min, maximum: max, maxLength: undefined, pattern: undefined });

/** A status code of one of the statuses' sets (statuses.ts), as a whole number. */
export const statusCode = (codes: readonly number[], message = 'Statut inconnu.') =>
  integer({ invalid: message }).refine((v) => codes.includes(v), { error: message });

/** 0/1 flags as the spec's API sends them; booleans accepted from forms. */
export const flag01 = () =>
  z
    .union([z.literal(0), z.literal(1), z.boolean(), z.literal('0'), z.literal('1')], { error: 'Valeur 0 ou 1 attendue.' })
    .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));

/** A reference to another record (select): a positive id, as a number or digits (multipart forms). */
const refBase = () => integer({ min: 1, invalid: MSG.invalidId });
const optionalRef = () =>
  refBase()
    .nullish()
    .transform((v) => v ?? null);
export function refId(required?: true): ReturnType<typeof refBase>;
export function refId(required: false): ReturnType<typeof optionalRef>;
export function refId(required: boolean): ReturnType<typeof refBase> | ReturnType<typeof optionalRef>;
export function refId(required = true) {
  return required ? refBase() : optionalRef();
}

export const password = () =>
  z
    .string({ error: MSG.required })
    .min(8, { error: MSG.passwordMin })
    .max(200, { error: MSG.maxLength(200) });

/** Warning, not an error: a min bigger than its max (VAL_MIN/VAL_MAX and friends). */
export const minExceedsMax = (min: unknown, max: unknown) => {
  const a = Number(min);
  const b = Number(max);
  return presence(String(min ?? '')) && presence(String(max ?? '')) && Number.isFinite(a) && Number.isFinite(b) && a > b;
};

/** Whole number typed as text or number (an order, a quantity): digits only, at most 9 of them. */
export const wholeNumber = () => integer({ max: 999_999_999 });

/** A real calendar day sent YYYY-MM-DD (dates are sent so). */
export const calendarDate = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    .max(10, { error: MSG.date, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.date, abort: true })
    .refine(
      (v) => {
        const [y, m, d] = v.split('-').map(Number);
        const date = new Date(Date.UTC(y, m - 1, d));
        return y >= 1900 && y <= 2200 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
      },
      { error: MSG.date },
    );

/** A percentage: a decimal with at most 3 decimals, from 0 to 100. */
export const percent = () =>
  // A malformed value has its own message already (the rule runs after it, on the same text).
  decimal3().refine((v) => !DECIMAL3_PATTERN.test(v) || Number(v) <= 100, { error: MSG.percentMax });

/** Start ≤ end of a period of YYYY-MM-DD days (text compares as dates). */
export const periodInOrder = (start: string | null | undefined, end: string | null | undefined) => !start || !end || start <= end;

/**
 * Every field of `schema` optional, absent fields left absent. zod's own partial() still fills a
 * field's default: a PUT carrying one flag would reset the others (IS_ACTIVE back to 1, points to 0).
 */
export function partialNoDefaults<T extends z.ZodRawShape>(schema: z.ZodObject<T>): z.ZodObject<{ [K in keyof T]: z.ZodOptional<T[K]> }> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
    shape[key] = inner.optional();
  }
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof T]: z.ZodOptional<T[K]> }>;
}
