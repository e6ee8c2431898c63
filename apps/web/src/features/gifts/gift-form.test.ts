import { GIFT_MSG, type Gift, MSG } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { giftBodyOf, giftForm, giftFormValues, voucherValueFor } from './gift-form';

const stored: Gift = {
  id: 9,
  ID: 9,
  REF: 'CAD-SAC',
  NAME: 'Sac',
  DESCRIPTION: null,
  TYPE: 'bien',
  QTS: 40,
  NBR_OF_POINTS: 1500,
  VOCHER_VALUE: '0.000',
  START_DAY: '2025-01-01',
  END_DATE: null,
  ACTIVITE: 2,
  ACTIVITE_NAME: 'Épicerie',
  CIRCUIT: null,
  CATEGORY: null,
  TYPE_CLIENT_ID: 3,
  BADGES_ID: null,
  IS_ACTIVE: 0,
  MEDIA: { id: 5, original_url: '/uploads/gifts-9-a.png', file_name: 'sac.png', mime_type: 'image/png', size: 10 },
  CREATED_AT: '2025-01-01T10:00:00.000Z',
};
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'sac.png', { type: 'image/png' });
const entries = (data: FormData) => Object.fromEntries([...data.entries()].filter(([k]) => k !== 'file'));

describe('gift form values', () => {
  it('starts a new gift as an active good with a hidden value of 0; reads a stored one back', () => {
    expect(giftFormValues(null)).toMatchObject({ TYPE: 'bien', VOCHER_VALUE: '0', IS_ACTIVE: 1, QTS: '', file: null, START_DAY: null });
    expect(giftFormValues(stored)).toMatchObject({
      QTS: '40',
      NBR_OF_POINTS: '1500',
      IS_ACTIVE: 0,
      ACTIVITE: 2,
      TYPE_CLIENT_ID: 3,
      file: '/uploads/gifts-9-a.png',
    });
    expect(giftFormValues({ ...stored, TYPE: 'voucher', VOCHER_VALUE: '12.500', MEDIA: null })).toMatchObject({ VOCHER_VALUE: '12.5', file: null });
  });

  it('clears a 0 when the type becomes voucher, and hides a value behind 0 for a good', () => {
    expect(voucherValueFor('voucher', '0')).toBe('');
    expect(voucherValueFor('voucher', '15')).toBe('15');
    expect(voucherValueFor('bien', '15')).toBe('0');
  });

  it('validates with the API’s rules: a voucher needs its value, the end not before the start', () => {
    const voucher = giftForm.safeParse({ ...giftFormValues(null), REF: 'V', NAME: 'Bon', QTS: '1', TYPE: 'voucher', VOCHER_VALUE: '' });
    expect(voucher.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['VOCHER_VALUE', GIFT_MSG.voucherValueRequired]]);
    const period = giftForm.safeParse({ ...giftFormValues(stored), END_DATE: '2024-12-31' });
    expect(period.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['END_DATE', MSG.periodOrder]]);
  });
});

describe('gift save body', () => {
  it('sends a new good as form data with its file and a value of 0', () => {
    const values = giftForm.parse({ ...giftFormValues(null), REF: 'CAD-1', NAME: 'Gourde', QTS: '5', VOCHER_VALUE: '0', file: png() });
    const data = giftBodyOf(values, null) as FormData;
    expect(entries(data)).toEqual({ REF: 'CAD-1', NAME: 'Gourde', TYPE: 'bien', QTS: '5', NBR_OF_POINTS: '0', VOCHER_VALUE: '0', IS_ACTIVE: '1' });
    expect((data.get('file') as File).name).toBe('sac.png');
  });

  it('never sends a file with a voucher gift, even one chosen before the type changed', () => {
    const values = giftForm.parse({ ...giftFormValues(null), REF: 'V-1', NAME: 'Bon', QTS: '5', TYPE: 'voucher', VOCHER_VALUE: '30', file: png() });
    const data = giftBodyOf(values, null) as FormData;
    expect(data.has('file')).toBe(false);
    expect(data.get('VOCHER_VALUE')).toBe('30');
  });

  it('sends an edit as JSON without the file, a good’s value as 0', () => {
    const values = giftForm.parse({ ...giftFormValues(stored), VOCHER_VALUE: '7' });
    const body = giftBodyOf(values, stored) as Record<string, unknown>;
    expect(body).not.toBeInstanceOf(FormData);
    expect(body).toMatchObject({ REF: 'CAD-SAC', VOCHER_VALUE: '0', ACTIVITE: 2, CIRCUIT: null, IS_ACTIVE: 0 });
    expect('file' in body).toBe(false);
  });
});
