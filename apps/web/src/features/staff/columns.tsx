import { staffUsersMeta, zoneChiefsMeta } from '@app/domain';
import type { StaffUser, ZoneChief } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** The company of a back-office user: its client type's image and name. */
function Company({ user }: { user: StaffUser }) {
  if (!user.societe) return null;
  const src = user.societe.MEDIA?.original_url;
  return (
    <span className="staff-company">
      {src ? <img className="dt-thumb staff-company-logo" src={src} alt="" loading="lazy" /> : null}
      <span>{user.societe.NAME}</span>
    </span>
  );
}

/** Zone chiefs: code, name, email, phone, active toggle saved at once. */
export const chefZoneColumns: ColumnDef<ZoneChief>[] = withLabels(zoneChiefsMeta, [
  { field: 'CODE_CHEF_ZONE', width: '9rem' },
  { field: 'username', sortKey: 'LASTNAME' },
  { field: 'EMAIL' },
  { field: 'GSM' },
  { field: 'STATUS', kind: 'switch', width: '6rem', sortable: false },
]);

/** Back-office users: name, email, phone, company (client type), active switch. */
export const backOfficeUserColumns: ColumnDef<StaffUser>[] = withLabels(staffUsersMeta, [
  { field: 'username', sortKey: 'LASTNAME' },
  { field: 'EMAIL' },
  { field: 'GSM' },
  { field: 'TYPE_CLIENT_NAME', kind: 'custom', render: (u) => <Company user={u} /> },
  { field: 'STATUS', kind: 'switch', width: '6rem', sortable: false },
]);
