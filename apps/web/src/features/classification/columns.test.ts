import { describe, expect, it } from 'vitest';
import { activityColumns, categoryColumns, circuitColumns, clientTypeColumns } from './columns';
import { activitiesMeta, categoriesMeta, circuitsMeta, clientTypesMeta } from '@app/domain';
import { labelProblems, sortKeyProblems } from '../../components/data-table/columns';

const summary = (cols: { field: string; header: string; kind?: string; sortable?: boolean }[]) =>
  cols.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}${c.sortable ? ':sort' : ''}`);

/** Types (image, name), circuits (name, description), activities (name, circuit, three clickable flags), categories (name, activity, description). */
describe('classification columns', () => {
  it('client types: image then name', () => {
    expect(summary(clientTypeColumns)).toEqual(['MEDIA.original_url:Image:image', 'NAME:Nom:text:sort']);
  });
  it('circuits', () => {
    expect(summary(circuitColumns)).toEqual(['NAME:Nom:text:sort', 'DESCRIPTION:Description:text:sort']);
  });
  it('activities: the three flags are inline checkboxes', () => {
    expect(summary(activityColumns)).toEqual([
      'NAME:Nom:text:sort',
      'CODE:Code:text:sort',
      'CIRCUIT_NAME:Circuit:text:sort',
      'E_COMMERCE:E-commerce:checkbox',
      'FIDELITE:Fidélité:checkbox',
      'REMISE_RISTOUNE:Remise / ristourne:checkbox',
    ]);
  });
  it('categories', () => {
    expect(summary(categoryColumns)).toEqual(['NAME:Nom:text:sort', 'ACTIVITE_NAME:Activité:text:sort', 'DESCRIPTION:Description:text:sort']);
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(clientTypeColumns, clientTypesMeta)).toEqual([]);
    expect(labelProblems(clientTypeColumns, clientTypesMeta)).toEqual([]);
    expect(sortKeyProblems(circuitColumns, circuitsMeta)).toEqual([]);
    expect(labelProblems(circuitColumns, circuitsMeta)).toEqual([]);
    expect(sortKeyProblems(activityColumns, activitiesMeta)).toEqual([]);
    expect(labelProblems(activityColumns, activitiesMeta)).toEqual([]);
    expect(sortKeyProblems(categoryColumns, categoriesMeta)).toEqual([]);
    expect(labelProblems(categoryColumns, categoriesMeta)).toEqual([]);
  });
});
