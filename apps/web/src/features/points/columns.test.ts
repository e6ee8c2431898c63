import { CLIENT_POINTS_LISTS, productPointsMeta } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { labelProblems, sortKeyProblems } from '../../components/data-table/columns';
import { balanceColumns, type ClientPoints, clientLabel, formatPoints, type OfferedPointsRow, offeredColumns } from './columns';
import { productPointColumns } from './ProductPointsTab';

const summary = (cols: { field: string; header: string; kind?: string; sortable?: boolean }[]) =>
  cols.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}${c.sortable ? ':sort' : ''}`);

const balance: ClientPoints = { id: 4, CLIENT_ID: 4, CODE_CLIENT: 'C0004', NAME: 'Épicerie du Lac', POINTS_FID: 12500, POINTS_EXPIRANT: 1200 };
const offered: OfferedPointsRow = { id: 4, CLIENT_ID: 4, CODE_CLIENT: 'C0004', NAME: 'Épicerie du Lac', POINTS_OFFERED: 300 };

describe('points columns', () => {
  it('balances: code client, client, points, points expiring within 30 days (sorted on each, as GET clients/points allows)', () => {
    expect(summary(balanceColumns)).toEqual([
      'CODE_CLIENT:Code client:text:sort',
      'NAME:Client:text:sort',
      'POINTS_FID:Points:custom:sort',
      'POINTS_EXPIRANT:Expirant sous 30 jours:custom:sort',
    ]);
    expect(balanceColumns[2].render?.(balance)).toBe('12\u00a0500');
    expect(balanceColumns[3].render?.(balance)).toBe('1\u00a0200');
    expect(balanceColumns[3].render?.({ ...balance, POINTS_EXPIRANT: 0 })).toBe('—');
  });
  it('offered points: points, client code, client', () => {
    expect(summary(offeredColumns)).toEqual(['POINTS_OFFERED:Points:custom:sort', 'CODE_CLIENT:Code client:text:sort', 'NAME:Client:text:sort']);
    expect(offeredColumns[0].render?.(offered)).toBe('300');
  });
  it('sorts only on keys the API sorts on (the domain’s CLIENT_POINTS_LISTS, which points.routes.ts reads)', () => {
    expect(sortKeyProblems(balanceColumns, CLIENT_POINTS_LISTS)).toEqual([]);
    expect(sortKeyProblems(offeredColumns, CLIENT_POINTS_LISTS)).toEqual([]);
  });
  it('formats points and labels a client as CODE_CLIENT followed by NAME', () => {
    expect(formatPoints(1234567)).toBe('1\u00a0234\u00a0567');
    expect(formatPoints(-25)).toBe('-25');
    expect(clientLabel(balance)).toBe('C0004 Épicerie du Lac');
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('product points sort only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(productPointColumns, productPointsMeta)).toEqual([]);
    expect(labelProblems(productPointColumns, productPointsMeta)).toEqual([]);
  });
});
