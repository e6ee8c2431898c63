import type { ClientUser } from '@app/domain';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { clientUserColumns } from './columns';
import { clientUsersMeta } from '@app/domain';
import { labelProblems, sortKeyProblems } from '../../components/data-table/columns';

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
    expect(client.render?.({ CODE_CLIENT: 'C-100', CLIENT_NAME: 'Épicerie Zitouna', CODE_OK: true } as ClientUser)).toBe('C-100 Épicerie Zitouna');
  });

  it('shows a request whose code matched no client as the code typed, marked « Code inconnu »', () => {
    const client = clientUserColumns.find((c) => c.field === 'CODE_CLIENT')!;
    const cell = renderToStaticMarkup(
      createElement(Fragment, null, client.render?.({ CODE_CLIENT: null, CLIENT_NAME: null, REQUESTED_CODE: 'C-10O', CODE_OK: false } as ClientUser)),
    );
    expect(cell).toContain('C-10O');
    expect(cell).toContain('Code inconnu');
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(clientUserColumns, clientUsersMeta)).toEqual([]);
    expect(labelProblems(clientUserColumns, clientUsersMeta)).toEqual([]);
  });
});
