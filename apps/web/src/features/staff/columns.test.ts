import { describe, expect, it } from 'vitest';
import { backOfficeUserColumns, chefZoneColumns } from './columns';

const summary = (cols: { field: string; header: string; kind?: string; sortable?: boolean; sortKey?: string }[]) =>
  cols.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}${c.sortable ? `:sort=${c.sortKey ?? c.field}` : ''}`);

/** Spec 1 "Other screens in this area": zone chiefs and back-office users. */
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
  it('sorts only by fields the API sorts on', () => {
    // apps/api/src/modules/staff/staff.resource.ts: the sortable fields of each list.
    const chefSorts = ['id', 'CODE_CHEF_ZONE', 'FIRSTNAME', 'LASTNAME', 'EMAIL', 'GSM', 'STATUS'];
    const userSorts = ['id', 'FIRSTNAME', 'LASTNAME', 'EMAIL', 'GSM', 'role', 'TYPE_CLIENT_NAME', 'STATUS'];
    for (const c of chefZoneColumns) if (c.sortable) expect(chefSorts).toContain(c.sortKey ?? c.field);
    for (const c of backOfficeUserColumns) if (c.sortable) expect(userSorts).toContain(c.sortKey ?? c.field);
  });
});
