import { clientUserBody, decimal3, integer, MSG, POINTS_MESSAGES, pointsEditBody } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * What a form shows under an empty number field, through the resolver every dialog uses:
 * react-hook-form's zod resolver shows the message of a union's first branch, not the union's own.
 */
const errorsOf = async (schema: unknown, values: object) =>
  (await zodResolver(schema as never)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false } as never)).errors as Record<
    string,
    { message?: string } | undefined
  >;

describe('empty number fields in a form', () => {
  const client = { LASTNAME: 'Ben Ali', FIRSTNAME: 'Sami', EMAIL: 'sami@demo.tn', GSM: '22123456' };
  it.each([null, undefined, '', '  ', Number.NaN])('%s says « Ce champ est obligatoire. » (the points edit: « Valeur non prise en compte »)', async (v) => {
    expect((await errorsOf(clientUserBody, { ...client, CLIENT_ID: v })).CLIENT_ID?.message).toBe(MSG.required);
    const numbers = await errorsOf(z.object({ d: decimal3(), i: integer() }), { d: v, i: v });
    expect([numbers.d?.message, numbers.i?.message]).toEqual([MSG.required, MSG.required]);
    expect((await errorsOf(pointsEditBody, { POINTS: v })).POINTS?.message).toBe(POINTS_MESSAGES.notTaken);
  });
  it('something malformed says what is wrong with it', async () => {
    const numbers = await errorsOf(z.object({ d: decimal3(), i: integer() }), { d: '7,5', i: 'abc' });
    expect([numbers.d?.message, numbers.i?.message]).toEqual([MSG.number, MSG.wholeNumber]);
  });
});
