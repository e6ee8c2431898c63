import { describe, expect, it } from 'vitest';
import { CLIENT_CREATE_REQUIRED, CLIENT_STATUS, clientCreateBody, clientUpdateBody, GOVERNORATES, MSG } from './index';

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('client rules', () => {
  it('lists the 24 governorates', () => {
    expect(GOVERNORATES).toHaveLength(24);
    expect(GOVERNORATES[0]).toBe('Ariana');
    expect(GOVERNORATES.at(-1)).toBe('Zaghouan');
  });

  it('requires the full list on add, all reported at once', () => {
    const errors = errorsOf(clientCreateBody.safeParse({}));
    expect(Object.keys(errors).sort()).toEqual([...CLIENT_CREATE_REQUIRED].sort());
    expect(new Set(Object.values(errors))).toEqual(new Set([MSG.required]));
  });

  it('requires only NAME, TVA, ADDRESS, STATUS, TYPE_CLIENT_ID and GSM on edit; absent fields stay absent', () => {
    expect(Object.keys(errorsOf(clientUpdateBody.safeParse({}))).sort()).toEqual(['ADDRESS', 'GSM', 'NAME', 'STATUS', 'TVA', 'TYPE_CLIENT_ID']);
    const ok = clientUpdateBody.parse({ NAME: 'A', TVA: '1', ADDRESS: 'x', STATUS: 1, TYPE_CLIENT_ID: '3', GSM: '+2169812', SITE: '' });
    expect(ok).toEqual({ NAME: 'A', TVA: '1', ADDRESS: 'x', STATUS: 1, TYPE_CLIENT_ID: 3, GSM: '+2169812', SITE: null });
  });

  it('wants GSM and FAX of exactly 8 digits or +, decimals with 3 places at most', () => {
    const errors = errorsOf(clientUpdateBody.safeParse({ GSM: '9812345', FAX: 'abcdefgh', PERCENTAGE: '1.2345', Latitude: '95' }));
    expect(errors).toMatchObject({ GSM: MSG.phone8, FAX: MSG.phone8, PERCENTAGE: MSG.number, Latitude: MSG.number });
  });

  it('knows the status colours and labels', () => {
    expect(CLIENT_STATUS.all.map((s) => s.label)).toEqual(['En cours', 'Validé', 'Refusé']);
    expect(CLIENT_STATUS.label(2)).toBe('Refusé');
    expect(CLIENT_STATUS.canMove(0, 1)).toBe(true);
  });
});
