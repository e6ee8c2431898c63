import type { ClientUser } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { clientUserColumns } from './columns';

const summary = (cols: { field: string; header: string; kind?: string; sortable?: boolean; sortKey?: string }[]) =>
  cols.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}${c.sortable ? `:sort=${c.sortKey ?? c.field}` : ''}`);

describe('users listing columns', () => {
  it('name, email, GSM, client, governorate, active switch', () => {
    expect(summary(clientUserColumns)).toEqual([
      'NAME:Nom:text:sort=LASTNAME',
      'EMAIL:Email:text:sort=EMAIL',
      'GSM:GSM:text:sort=GSM',
      'CODE_CLIENT:Client:custom:sort=CODE_CLIENT',
      'GOUVERNORAT:Gouvernorat:text:sort=GOUVERNORAT',
      'STATUS:Actif:switch',
    ]);
  });

  it('shows the client as CODE_CLIENT NAME', () => {
    const client = clientUserColumns.find((c) => c.field === 'CODE_CLIENT')!;
    expect(client.render?.({ CODE_CLIENT: 'C-100', CLIENT_NAME: 'Épicerie Zitouna' } as ClientUser)).toBe('C-100 Épicerie Zitouna');
  });

  it('sorts only by fields the API sorts on', () => {
    // apps/api/src/modules/staff/client-users.resource.ts: the sortable fields of the list.
    const sorts = ['id', 'LASTNAME', 'FIRSTNAME', 'EMAIL', 'GSM', 'CODE_CLIENT', 'CLIENT_NAME', 'GOUVERNORAT', 'STATUS'];
    for (const c of clientUserColumns) if (c.sortable) expect(sorts).toContain(c.sortKey ?? c.field);
  });
});
