import { describe, expect, it } from 'vitest';
import { activitiesResource } from '../../modules/classification/activities.resource';
import { clientTypesResource } from '../../modules/classification/client-types.resource';
import { compileResource } from './compile';

/** What the generic router derives from one declaration per field. */
describe('compileResource', () => {
  const activities = compileResource(activitiesResource);

  it('maps a (partial) body to the table columns, writing only the fields the form sends', () => {
    expect(activities.toValues({ NAME: 'Boulangerie', CIRCUIT: 3, E_COMMERCE: 1 })).toEqual({ name: 'Boulangerie', circuitId: 3, eCommerce: 1 });
    // A joined display field and the id are never written, even when a client sends them.
    expect(activities.toValues({ CIRCUIT_NAME: 'x', id: 9, ID: 9 })).toEqual({});
  });

  it('maps a row to the DTO with id and ID, flags as 0 or 1', () => {
    const row = { id: 4, NAME: 'Boulangerie', CODE: 'B', CIRCUIT: 3, CIRCUIT_NAME: 'Trad', DESCRIPTION: null, E_COMMERCE: 1, FIDELITE: 0, REMISE_RISTOUNE: 7 };
    const dto = activities.toDto({ ...row });
    expect(dto).toEqual({ ...row, ID: 4, REMISE_RISTOUNE: 0 });
    expect(activities.dto.parse(dto)).toEqual(dto);
  });

  it('derives sort keys, search targets and export columns from the same list', () => {
    expect(Object.keys(activities.sortable).sort()).toEqual(['CIRCUIT_NAME', 'CODE', 'E_COMMERCE', 'FIDELITE', 'NAME', 'REMISE_RISTOUNE', 'id']);
    expect(activities.searchTargets).toHaveLength(3);
    expect(activities.exportColumns.map((c) => c.header)).toEqual(['Nom', 'Code', 'Circuit', 'E-commerce', 'Fidélité', 'Remise / ristourne']);
    const dto = activities.toDto({ id: 1, NAME: 'N', CODE: 'C', CIRCUIT: 1, CIRCUIT_NAME: 'Ci', DESCRIPTION: null, E_COMMERCE: 1, FIDELITE: 0, REMISE_RISTOUNE: 0 });
    expect(activities.exportColumns.map((c) => c.value(dto))).toEqual(['N', 'C', 'Ci', 'Oui', 'Non', 'Non']);
  });

  it('adds MEDIA and its export column for a resource with files, and knows its position column', () => {
    const types = compileResource(clientTypesResource);
    expect(types.toDto({ id: 2, position: 1, NAME: 'Grossiste' })).toEqual({ id: 2, ID: 2, position: 1, NAME: 'Grossiste', MEDIA: null });
    expect(types.exportColumns.map((c) => c.header)).toEqual(['Position', 'Nom', 'Image']);
    expect(types.positionKey).toBe('position');
    expect(types.toValues({ NAME: 'x', position: 5 })).toEqual({ name: 'x' });
  });
});
