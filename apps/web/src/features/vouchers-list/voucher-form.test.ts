import { MSG, type Voucher, VOUCHER_MSG } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { mediaFormBody } from '../../components/resource-page';
import { voucherForm, voucherFormValues } from './voucher-form';

const messages = (values: unknown) => voucherForm.safeParse(values).error?.issues.map((i) => [i.path[0], i.message]) ?? [];
const stored: Voucher = {
  id: 3,
  ID: 3,
  REF: 'VCH-3',
  DESCRIPTION: 'Fin d’année',
  QTS: 10,
  SOLDE: '50.250',
  IS_ACTIVE: 0,
  TYPE_CLIENT_ID: 2,
  TYPE_CLIENT_NAME: 'Grossiste',
  CIRCUIT: null,
  ACTIVITE: null,
  CATEGORY: 4,
  CATEGORY_NAME: 'Premium',
  BADGES_ID: null,
  START_DAY: '2025-01-01',
  END_DATE: '2025-12-31',
  MEDIA: null,
};

describe('voucher form', () => {
  it('requires number, quantity, balance, company and both dates on a new voucher', () => {
    expect(messages(voucherFormValues(null)).map(([f]) => f)).toEqual(['REF', 'QTS', 'SOLDE', 'TYPE_CLIENT_ID', 'START_DAY', 'END_DATE']);
    expect(voucherFormValues(null).IS_ACTIVE).toBe(1);
  });

  it('refuses an end on or before the start, under the end date', () => {
    expect(messages({ ...voucherFormValues(stored), END_DATE: '2025-01-01' })).toEqual([['END_DATE', VOUCHER_MSG.periodStrict]]);
    expect(messages({ ...voucherFormValues(stored), END_DATE: '2024-06-01' })).toEqual([['END_DATE', VOUCHER_MSG.periodStrict]]);
    expect(messages({ ...voucherFormValues(stored), SOLDE: '1.2345' })).toEqual([['SOLDE', MSG.number]]);
  });

  it('reads a stored voucher back and sends a new one as form data with its image', () => {
    expect(voucherFormValues(stored)).toMatchObject({ REF: 'VCH-3', QTS: '10', SOLDE: '50.25', TYPE_CLIENT_ID: 2, CATEGORY: 4, IS_ACTIVE: 0 });
    const file = new File([new Uint8Array([137, 80])], 'bon.png', { type: 'image/png' });
    const values = voucherForm.parse({ ...voucherFormValues(stored), REF: 'VCH-4', file });
    const data = mediaFormBody(values, null) as FormData;
    expect(data.get('REF')).toBe('VCH-4');
    expect(data.get('START_DAY')).toBe('2025-01-01');
    expect((data.get('MEDIA') as File).name).toBe('bon.png');
    expect(mediaFormBody(values, stored)).not.toBeInstanceOf(FormData);
  });
});
