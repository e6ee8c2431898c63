import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  decimal3,
  email,
  flag01,
  integer,
  minExceedsMax,
  optionalText,
  percent,
  phone,
  phone8,
  queryInteger,
  refId,
  requiredText,
  textMaxLength,
  wholeNumber,
} from './fields';
import { MSG } from './messages';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('requiredText', () => {
  it('rejects empty with the required message and whitespace-only with the blank message', () => {
    expect(messages(requiredText(), '')).toEqual([MSG.required]);
    expect(messages(requiredText(), '   ')).toEqual([MSG.blank]);
    expect(messages(requiredText(), undefined)).toEqual([MSG.required]);
  });
  it('trims and enforces the length after trimming', () => {
    expect(requiredText(5).parse('  abc  ')).toBe('abc');
    expect(messages(requiredText(5), 'abcdef')).toEqual([MSG.maxLength(5)]);
  });
});

describe('optionalText', () => {
  it('turns blank and absent values into null', () => {
    expect(optionalText().parse('   ')).toBeNull();
    expect(optionalText().parse(undefined)).toBeNull();
    expect(optionalText().parse(' x ')).toBe('x');
  });
});

describe('email', () => {
  it.each(['a@b.tn', 'first.last@societe.com', 'X@Y.FR'])('accepts %s', (v) => expect(messages(email(), v)).toEqual([]));
  it.each(['a@b', 'a@b.tunisia', 'a b@c.tn', '@c.tn'])('rejects %s', (v) => expect(messages(email(), v)).toEqual([MSG.email]));
  it('is required and lower-cased', () => {
    expect(messages(email(), '')).toEqual([MSG.emailRequired]);
    expect(email().parse('Admin@Demo.TN')).toBe('admin@demo.tn');
  });
});

describe('phones', () => {
  it('needs at least 8 digits with an optional leading plus', () => {
    expect(messages(phone(), '+21698123456')).toEqual([]);
    expect(messages(phone(), '1234567')).toEqual([MSG.phone]);
    expect(messages(phone(), '12+345678')).toEqual([MSG.phone]);
    expect(messages(phone(), '1'.repeat(21))).toContain(MSG.telMax);
  });
  it('client GSM and FAX are exactly 8 digits or plus', () => {
    expect(messages(phone8(), '98123456')).toEqual([]);
    expect(messages(phone8(), '9812345')).toEqual([MSG.phone8]);
    expect(messages(phone8(), '981234567')).toEqual([MSG.phone8]);
  });
});

describe('decimal3', () => {
  it.each(['0', '12', '12.5', '12.345', 7])('accepts %s', (v) => expect(messages(decimal3(), v)).toEqual([]));
  it.each(['12.3456', '1,5', '1.2.3', '-1', 'abc', '.5'])('rejects %s', (v) => expect(messages(decimal3(), v)).toEqual([MSG.number]));
  it('limits digit fields to 30 characters', () => expect(messages(decimal3(), '1'.repeat(31))).toContain(MSG.digitsMax));
});

describe('flag01 and ranges', () => {
  it('maps booleans and strings to 0/1', () => {
    expect([true, false, 1, 0, '1', '0'].map((v) => flag01().parse(v))).toEqual([1, 0, 1, 0, 1, 0]);
    expect(flag01().safeParse(2).success).toBe(false);
  });
  it('warns when a minimum exceeds its maximum', () => {
    expect(minExceedsMax('10', '5')).toBe(true);
    expect(minExceedsMax('5', '10')).toBe(false);
    expect(minExceedsMax('', '10')).toBe(false);
  });
});

/** JSON takes numbers, or digits where a form sends text; nothing is coerced. */
describe('integer', () => {
  it.each([
    [12, 12],
    ['12', 12],
    [' 12 ', 12],
    [0, 0],
  ])('accepts %j as %d', (v, n) => expect(integer().parse(v)).toBe(n));
  it.each([true, false, [5], {}, '1e3', '0x10', '1.0', 1.5, '+1', 'abc', '１２'])('refuses %j as not a whole number', (v) =>
    expect(messages(integer(), v)).toEqual([MSG.wholeNumber]),
  );
  it.each([undefined, null, '', '   '])('refuses %j as required', (v) => expect(messages(integer(), v)).toEqual([MSG.required]));
  it('takes a minus only when negatives are allowed, and keeps to its bounds', () => {
    expect(messages(integer(), '-3')).toEqual([MSG.wholeNumber]);
    expect(messages(integer(), -3)).toEqual([MSG.wholeNumber]);
    expect(integer({ min: -5 }).parse('-3')).toBe(-3);
    expect(messages(integer({ max: 4, range: 'hors bornes' }), '5')).toEqual(['hors bornes']);
    expect(messages(integer(), '9'.repeat(30))).toEqual([MSG.wholeNumber]);
  });
});

describe('queryInteger', () => {
  it('reads digits only: an empty or blank parameter is refused, not page 0', () => {
    expect(queryInteger({ min: 1 }).parse('2')).toBe(2);
    for (const v of ['', ' ', '1e3', '0x10', '-1', '1.0', 'true']) expect(queryInteger().safeParse(v).success).toBe(false);
    expect(queryInteger({ min: 1 }).safeParse('0').success).toBe(false);
  });
});

/** Nothing typed says "required"; something malformed says what is wrong with it. */
describe('required numbers', () => {
  it.each([
    ['decimal3', decimal3(), MSG.number],
    ['percent', percent(), MSG.number],
    ['wholeNumber', wholeNumber(), MSG.wholeNumber],
    ['refId', refId(), MSG.invalidId],
  ] as const)('%s: absent, null, empty, blank or NaN (an empty number input) is required, malformed its own message', (_name, schema, malformed) => {
    for (const v of [undefined, null, '', '  ', Number.NaN]) expect(messages(schema, v)).toEqual([MSG.required]);
    for (const v of ['abc', true, [5]]) expect(messages(schema, v)).toEqual([malformed]);
  });
  it('an optional reference takes null or absence, never an empty or coerced value', () => {
    expect(refId(false).parse(null)).toBeNull();
    expect(refId(false).parse(undefined)).toBeNull();
    expect(refId(false).parse('7')).toBe(7);
    for (const v of ['', ' ', true, [5], 0]) expect(refId(false).safeParse(v).success).toBe(false);
  });
});

describe('textMaxLength', () => {
  it('reads a text field’s limit from its schema, through optional, nullable and default', () => {
    const body = z.object({
      NAME: requiredText(100),
      NOTE: optionalText(2000),
      CODE: requiredText(30).optional(),
      LABEL: optionalText(50).default('x'),
      N: wholeNumber(),
    });
    expect(['NAME', 'NOTE', 'CODE', 'LABEL', 'N', 'ABSENT'].map((f) => textMaxLength(body, f))).toEqual([100, 2000, 30, 50, undefined, undefined]);
    expect(textMaxLength(body.extend({ MORE: requiredText(10) }), 'NAME')).toBe(100);
    expect(textMaxLength(body.partial(), 'NAME')).toBe(100);
    expect(textMaxLength(undefined, 'NAME')).toBeUndefined();
  });
});
