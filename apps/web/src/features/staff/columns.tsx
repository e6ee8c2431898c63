import type { StaffUser, ZoneChief } from '@app/domain';
import type { ColumnDef } from '../../components/data-table';

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

/** Zone chiefs (spec 1 "Other screens"): code, name, email, phone, active toggle saved at once. */
export const chefZoneColumns: ColumnDef<ZoneChief>[] = [
  { field: 'CODE_CHEF_ZONE', header: 'Code', sortable: true, width: '9rem' },
  { field: 'username', header: 'Nom', sortable: true, sortKey: 'LASTNAME' },
  { field: 'EMAIL', header: 'Email', sortable: true },
  { field: 'GSM', header: 'Téléphone', sortable: true },
  { field: 'STATUS', header: 'Actif', kind: 'switch', width: '6rem' },
];

/** Back-office users (spec 1 "Other screens"): name, email, phone, company (client type), active switch. */
export const backOfficeUserColumns: ColumnDef<StaffUser>[] = [
  { field: 'username', header: 'Nom', sortable: true, sortKey: 'LASTNAME' },
  { field: 'EMAIL', header: 'Email', sortable: true },
  { field: 'GSM', header: 'Téléphone', sortable: true },
  { field: 'TYPE_CLIENT_NAME', header: 'Société', sortable: true, kind: 'custom', render: (u) => <Company user={u} /> },
  { field: 'STATUS', header: 'Actif', kind: 'switch', width: '6rem' },
];
