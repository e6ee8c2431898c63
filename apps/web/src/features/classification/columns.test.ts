import { describe, expect, it } from 'vitest';
import { activityColumns, categoryColumns, circuitColumns, clientTypeColumns } from './columns';

const summary = (cols: { field: string; header: string; kind?: string; sortable?: boolean }[]) =>
  cols.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}${c.sortable ? ':sort' : ''}`);

/** Spec 1 §2: types (image, name), circuits (name, description), activities (name, circuit, three clickable flags), categories (name, activity, description). */
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
  it('sorts only by fields the API sorts on', () => {
    const apiSorts = ['NAME', 'CODE', 'CIRCUIT_NAME', 'ACTIVITE_NAME', 'DESCRIPTION', 'position', 'id'];
    for (const c of [...clientTypeColumns, ...circuitColumns, ...activityColumns, ...categoryColumns])
      if (c.sortable) expect(apiSorts).toContain(c.sortKey ?? c.field);
  });
});
