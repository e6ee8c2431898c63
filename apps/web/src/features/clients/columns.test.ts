import type { Client } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { cellText, labelProblems, sortKeyProblems } from '../../components/data-table/columns';
import { renderCell } from '../../components/data-table/cells';
import { clientColumns } from './columns';
import { clientsMeta } from '@app/domain';

const columns = clientColumns(2026, (c) => `statut ${c.STATUS}`);
const row = {
  id: 1,
  CODE_CLIENT: 'C001',
  NAME: 'Épicerie',
  ANCIENNETE: 826,
  POINTS_FID: 12500,
  POINTS_FID_N: 300,
  CA_N_1: 1234.5,
  INSCRIPTION: '2023-09-01',
  LASTUSE: '2026-02-03T09:07:00.000Z', // as the API sends it: 10:07 in Tunis
  STATUS: 1,
} as unknown as Client;

/** The listing's 19 columns in this order, then the active switch and the status. */
describe('clients columns', () => {
  it('lists the spec columns in order, each sortable on the server', () => {
    expect(columns.map((c) => c.field)).toEqual([
      'CODE_CLIENT',
      'NAME',
      'GSM',
      'GSM_SYS',
      'GSM_FID',
      'CHEF_ZONE_NAME',
      'BADGE_NAME',
      'ANCIENNETE',
      'POINTS_FID',
      'POINTS_FID_N',
      'REMISE_GLOBAL',
      'REMISE_N',
      'REMISE_N_1',
      'CA_N_1',
      'RISTOURNE_SOLDE_N_1',
      'RISTOURNE_N_1',
      'RISTOURNE_RESTE',
      'INSCRIPTION',
      'LASTUSE',
      'IS_ACTIVE',
      'STATUS',
    ]);
    expect(columns.every((c) => c.sortable && !c.sortKey)).toBe(true);
  });

  it('puts the previous year on _N_1 headers and the current one on _N', () => {
    const header = (f: string) => columns.find((c) => c.field === f)?.header;
    expect(header('POINTS_FID_N')).toBe('Points 2026');
    expect(header('REMISE_N')).toBe('Remise 2026');
    expect(header('REMISE_N_1')).toBe('Remise 2025');
    expect(header('CA_N_1')).toBe('CA 2025');
    expect(header('RISTOURNE_SOLDE_N_1')).toBe('Solde ristourne 2025');
    expect(header('RISTOURNE_N_1')).toBe('Ristourne 2025');
  });

  it('formats money, dates, seniority and points', () => {
    const col = (f: string) => columns.find((c) => c.field === f)!;
    expect(cellText(col('CA_N_1'), row)).toBe('1\u00a0234,500 DT');
    expect(cellText(col('INSCRIPTION'), row)).toBe('01/09/2023');
    expect(cellText(col('LASTUSE'), row)).toBe('03/02/2026 à 10:07');
    expect(renderCell(col('ANCIENNETE'), row, {})).toBe('2 ans 3 mois');
    expect(renderCell(col('POINTS_FID'), row, {})).toBe('12\u00a0500');
    expect(renderCell(col('STATUS'), row, {})).toBe('statut 1');
    expect(col('IS_ACTIVE').kind).toBe('switch');
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(columns, clientsMeta)).toEqual([]);
    expect(labelProblems(columns, clientsMeta)).toEqual([]);
  });
});
