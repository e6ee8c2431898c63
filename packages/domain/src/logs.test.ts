import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITY_LABELS, AUDIT_MSG, auditEntityLabel, auditFilters } from './audit-entities';
import { auditChanges, auditValue, logFilters, logYears } from './logs';
import { circuitsMeta } from './resources';

describe('connection logs', () => {
  it('offers the years from the current one down to 2021', () => {
    expect(logYears(new Date('2026-11-24T10:00:00Z'))).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
    expect(logYears(new Date('2021-03-01T10:00:00Z'))).toEqual([2021]);
  });
  it('accepts the two sources only, and years from 2021', () => {
    expect(logFilters.platform.safeParse('Back-Office').success).toBe(true);
    expect(logFilters.platform.safeParse('Application Mobile').success).toBe(true);
    expect(logFilters.platform.safeParse('Web').success).toBe(false);
    expect(logFilters.year.safeParse('2020').success).toBe(false);
    expect(logFilters.year.parse('2024')).toBe(2024);
  });
});

describe('audit changes', () => {
  it('reads an update as before/after pairs', () => {
    expect(auditChanges('update', { NAME: ['Ancien', 'Nouveau'], STATUS: [0, 1] })).toEqual([
      { field: 'NAME', before: 'Ancien', after: 'Nouveau' },
      { field: 'STATUS', before: 0, after: 1 },
    ]);
  });
  it('reads a create as afters and a delete as befores', () => {
    expect(auditChanges('create', { NAME: 'Café' })).toEqual([{ field: 'NAME', before: null, after: 'Café' }]);
    expect(auditChanges('delete', { NAME: 'Café' })).toEqual([{ field: 'NAME', before: 'Café', after: null }]);
  });
  it('keeps an update recorded in another shape as values, and nothing as nothing', () => {
    expect(auditChanges('update', { offered: 50, clients: [1, 2] })).toEqual([
      { field: 'offered', before: null, after: 50 },
      { field: 'clients', before: null, after: [1, 2] },
    ]);
    expect(auditChanges('reorder', null)).toEqual([]);
  });
  it('reads the table-property names of an early create as the API names', () => {
    expect(auditChanges('create', { name: 'Traditionnel', circuitId: 3, NAME: 'x' }).map((c) => c.field)).toEqual(['NAME', 'CIRCUIT_ID', 'NAME']);
    expect(auditChanges('update', { offered: 50 }).map((c) => c.field)).toEqual(['offered']);
  });
  it('writes values as one line', () => {
    expect(auditValue(null)).toBe('—');
    expect(auditValue('')).toBe('—');
    expect(auditValue(12)).toBe('12');
    expect(auditValue([1, 2])).toBe('[1,2]');
  });
});

describe('audit entities', () => {
  it('names each entity in French and filters by its key only', () => {
    expect(auditEntityLabel('clients_circuits')).toBe('Circuits clients');
    expect(auditEntityLabel('clients')).toBe('Clients');
    expect(auditEntityLabel('old_table')).toBe('old_table');
    expect(auditFilters.ENTITY.parse('clients_circuits')).toBe('clients_circuits');
    expect(auditFilters.ENTITY.safeParse('Circuits clients').error?.issues[0].message).toBe(AUDIT_MSG.entityUnknown);
    expect(auditFilters.ENTITY.safeParse('toString').success).toBe(false);
    // A resource's label is the one its metadata declares.
    expect(AUDIT_ENTITY_LABELS[circuitsMeta.path]).toBe(circuitsMeta.audit);
    // One label per entity: two entries of the filter never read alike.
    const labels = Object.values(AUDIT_ENTITY_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
