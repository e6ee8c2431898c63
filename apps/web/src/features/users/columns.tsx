import { CLIENT_USER_MSG, clientOptionLabel, type ClientUser, clientUsersMeta } from '@app/domain';
import { Tag } from 'primereact/tag';
import { type ColumnDef, withLabels } from '../../components/data-table';

/**
 * Users listing: name (last name first), email, GSM, client
 * (CODE_CLIENT NAME), governorate, and the STATUS switch saved at once. A request from the app whose
 * code matched no client shows the code typed, marked « Code inconnu », until staff choose its client.
 */
export const clientUserColumns: ColumnDef<ClientUser>[] = withLabels(clientUsersMeta, [
  { field: 'NAME', sortKey: 'LASTNAME' },
  { field: 'EMAIL' },
  { field: 'GSM' },
  {
    field: 'CODE_CLIENT',
    header: 'Client',
    sortable: true,
    kind: 'custom',
    render: (u) =>
      u.CODE_OK ? (
        clientOptionLabel({ CODE_CLIENT: u.CODE_CLIENT, NAME: u.CLIENT_NAME })
      ) : (
        <span className="usr-code-unknown">
          {u.REQUESTED_CODE ?? ''}
          <Tag severity="warning" value={CLIENT_USER_MSG.codeUnknown} />
        </span>
      ),
  },
  { field: 'GOUVERNORAT' },
  { field: 'STATUS', kind: 'switch', width: '6rem', sortable: false },
]);
