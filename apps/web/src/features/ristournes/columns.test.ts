import type { Ristourne, SegmentedClient } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { cellText, type ColumnDef, labelProblems, sortKeyProblems } from '../../components/data-table/columns';
import { activityLabel, segmentedClientColumns, tierColumns } from './columns';
import { ristournesMeta } from '@app/domain';

const shape = (cols: { field: string; header: string; kind?: string; sortable?: boolean }[]) =>
  cols.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}${c.sortable ? ':sort' : ''}`);
function text<Row>(cols: ColumnDef<Row>[], row: Row, field: string) {
  const col = cols.find((c) => c.field === field)!;
  return col.render ? col.render(row) : cellText(col, row);
}

const tier: Ristourne = {
  id: 3,
  NUM_RISTOURNE: 2,
  NAME: 'Argent',
  YEAR: 2025,
  VAL_MIN: '5000.000',
  VAL_MAX: '9999.999',
  PERCENTAGE: '2.500',
  REMISE: '1.000',
  ACTIVITE: null,
  ACTIVITE_NAME: null,
  IS_ACTIVE: 1,
};

describe('rebate tier columns', () => {
  it('lists number, name, year, range, percentages, activity and the active switch', () => {
    expect(shape(tierColumns)).toEqual([
      'NUM_RISTOURNE:N°:text:sort',
      'NAME:Nom:text:sort',
      'YEAR:Année:text:sort',
      'VAL_MIN:CA min:money:sort',
      'VAL_MAX:CA max:money:sort',
      'PERCENTAGE:Pourcentage:custom:sort',
      'REMISE:Remise:custom:sort',
      'ACTIVITE_NAME:Activité:custom:sort',
      'IS_ACTIVE:Actif:switch',
    ]);
  });

  it('shows dinars with three decimals, percentages with %, and a tier without activity as such', () => {
    expect(text(tierColumns, tier, 'VAL_MIN')).toBe('5\u00a0000,000 DT');
    expect(text(tierColumns, tier, 'VAL_MAX')).toBe('9\u00a0999,999 DT');
    expect(text(tierColumns, tier, 'PERCENTAGE')).toBe('2,5\u00a0%');
    expect(text(tierColumns, tier, 'REMISE')).toBe('1\u00a0%');
    expect(text(tierColumns, tier, 'ACTIVITE_NAME')).toBe('Sans activité');
    expect(text(tierColumns, { ...tier, ACTIVITE: 4, ACTIVITE_NAME: 'Épicerie' }, 'ACTIVITE_NAME')).toBe('Épicerie');
  });
});

describe('segmented clients columns', () => {
  const client: SegmentedClient = { id: 1, CODE_CLIENT: 'C-001', NAME: 'Épicerie Amal', ACTIVITE_ID: null, ACTIVITE_NAME: null, CA_N_1: '4500.500' };
  it('shows code, name, activity and CA N-1 in dinars, none sortable (the server orders by CA N-1)', () => {
    expect(shape(segmentedClientColumns)).toEqual(['CODE_CLIENT:Code client:text', 'NAME:Client:text', 'ACTIVITE_NAME:Activité:custom', 'CA_N_1:CA N-1:money']);
    expect(text(segmentedClientColumns, client, 'CA_N_1')).toBe('4\u00a0500,500 DT');
    expect(text(segmentedClientColumns, client, 'ACTIVITE_NAME')).toBe('Sans activité');
    expect(activityLabel({ ACTIVITE_NAME: 'Café' })).toBe('Café');
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(tierColumns, ristournesMeta)).toEqual([]);
    expect(labelProblems(tierColumns, ristournesMeta)).toEqual([]);
  });
});
