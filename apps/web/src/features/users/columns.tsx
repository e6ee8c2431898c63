import { type ClientUser, clientOptionLabel } from '@app/domain';
import type { ColumnDef } from '../../components/data-table';

/**
 * Users listing (spec 1 "Users listing"): name (last name first), email, GSM, client
 * (CODE_CLIENT NAME), governorate, and the STATUS switch saved at once.
 */
export const clientUserColumns: ColumnDef<ClientUser>[] = [
  { field: 'NAME', header: 'Nom', sortable: true, sortKey: 'LASTNAME' },
  { field: 'EMAIL', header: 'Email', sortable: true },
  { field: 'GSM', header: 'GSM', sortable: true },
  {
    field: 'CODE_CLIENT',
    header: 'Client',
    sortable: true,
    kind: 'custom',
    render: (u) => clientOptionLabel({ CODE_CLIENT: u.CODE_CLIENT, NAME: u.CLIENT_NAME }),
  },
  { field: 'GOUVERNORAT', header: 'Gouvernorat', sortable: true },
  { field: 'STATUS', header: 'Actif', kind: 'switch', width: '6rem' },
];
