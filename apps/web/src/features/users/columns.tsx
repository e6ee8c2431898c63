import { clientOptionLabel, type ClientUser, clientUsersMeta } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/**
 * Users listing (spec 1 "Users listing"): name (last name first), email, GSM, client
 * (CODE_CLIENT NAME), governorate, and the STATUS switch saved at once.
 */
export const clientUserColumns: ColumnDef<ClientUser>[] = withLabels(clientUsersMeta, [
  { field: 'NAME', sortable: true, sortKey: 'LASTNAME' },
  { field: 'EMAIL', sortable: true },
  { field: 'GSM', sortable: true },
  {
    field: 'CODE_CLIENT',
    header: 'Client',
    sortable: true,
    kind: 'custom',
    render: (u) => clientOptionLabel({ CODE_CLIENT: u.CODE_CLIENT, NAME: u.CLIENT_NAME }),
  },
  { field: 'GOUVERNORAT', sortable: true },
  { field: 'STATUS', kind: 'switch', width: '6rem' },
]);
