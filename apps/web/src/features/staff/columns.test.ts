import { describe, expect, it } from 'vitest';
import { backOfficeUserColumns, chefZoneColumns } from './columns';
import { staffUsersMeta, zoneChiefsMeta } from '@app/domain';
import { labelProblems, sortKeyProblems } from '../../components/data-table/columns';

const summary = (cols: { field: string; header: string; kind?: string; sortable?: boolean; sortKey?: string }[]) =>
  cols.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}${c.sortable ? `:sort=${c.sortKey ?? c.field}` : ''}`);

/** Zone chiefs and back-office users. */
describe('staff columns', () => {
  it('zone chiefs: code, name, email, phone, active switch', () => {
    expect(summary(chefZoneColumns)).toEqual([
      'CODE_CHEF_ZONE:Code:text:sort=CODE_CHEF_ZONE',
      'username:Nom:text:sort=LASTNAME',
      'EMAIL:Email:text:sort=EMAIL',
      'GSM:Téléphone:text:sort=GSM',
      'STATUS:Actif:switch',
    ]);
  });
  it('back-office users: name, email, phone, company, active switch', () => {
    expect(summary(backOfficeUserColumns)).toEqual([
      'username:Nom:text:sort=LASTNAME',
      'EMAIL:Email:text:sort=EMAIL',
      'GSM:Téléphone:text:sort=GSM',
      'TYPE_CLIENT_NAME:Société:custom:sort=TYPE_CLIENT_NAME',
      'STATUS:Actif:switch',
    ]);
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(chefZoneColumns, zoneChiefsMeta)).toEqual([]);
    expect(labelProblems(chefZoneColumns, zoneChiefsMeta)).toEqual([]);
    expect(sortKeyProblems(backOfficeUserColumns, staffUsersMeta)).toEqual([]);
    expect(labelProblems(backOfficeUserColumns, staffUsersMeta)).toEqual([]);
  });
});
