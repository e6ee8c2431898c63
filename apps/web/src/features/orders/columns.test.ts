import type { Order } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { cellText, labelProblems, sortKeyProblems } from '../../components/data-table/columns';
import { orderColumns } from './columns';
import { ordersMeta } from '@app/domain';

const cells = {
  client: (o: Order, f: 'CODE_CLIENT' | 'NAME_CLIENT') => `client:${o[f]}`,
  site: (o: Order) => `site:${o.SITE}`,
  status: (o: Order) => `status:${o.STATUS}`,
};
const order: Order = {
  id: 1,
  ID: 1,
  NUM_ORDER: 'CMD-2026-00001',
  CLIENT_ID: 4,
  CODE_CLIENT: 'C0004',
  NAME_CLIENT: 'Épicerie Ben Salah',
  CREATED_AT: '2026-03-05T09:07:00.000Z',
  ADDRESS: null,
  DESTINATION: 'Tunis',
  CDZ: 'Karim Trabelsi',
  SITE: 'Tunis Nord',
  STATUS: 0,
  TOTAL_NET_TTC: 12.5,
  TOTAL_POINTS: 12,
  USER_ID: null,
  USER_NAME: null,
};

describe('order columns', () => {
  it('lists the spec’s eight columns in order, all sortable', () => {
    const cols = orderColumns(cells);
    expect(cols.map((c) => c.header)).toEqual(['N° commande', 'Code client', 'Client', 'Date', 'Destination', 'CDZ', 'Site de livraison', 'Statut']);
    expect(cols.every((c) => c.sortable)).toBe(true);
  });
  it('draws the client, site and status cells through the screen, and the date as DD/MM/YYYY à HH:mm', () => {
    const cols = orderColumns(cells);
    expect(cols.filter((c) => c.render).map((c) => c.render!(order))).toEqual(['client:C0004', 'client:Épicerie Ben Salah', 'site:Tunis Nord', 'status:0']);
    expect(cellText(cols[3], order)).toMatch(/^05\/03\/2026 à \d\d:07$/);
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(orderColumns(cells), ordersMeta)).toEqual([]);
    expect(labelProblems(orderColumns(cells), ordersMeta)).toEqual([]);
  });
});
