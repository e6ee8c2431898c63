import { type ZoneChief, zoneChiefBody, zoneChiefUpdateBody, zoneChiefsMeta } from '@app/domain';
import { FieldGrid, PhoneField, SelectField, SwitchField, TextField } from '../../components/fields';
import { chefZoneColumns } from './columns';
import { PasswordField } from './PasswordField';
import { StaffListPage } from './StaffListPage';
import { UniqueEmailField } from './UniqueEmailField';

/** Zone chiefs (/layout/settings/chef-zone): accounts of role chefZone with their code. */
export default function ChefZonePage() {
  return (
    <StaffListPage<ZoneChief>
      resource={zoneChiefsMeta}
      columns={chefZoneColumns}
      writeAction="chefzone:write"
      form={{
        titles: { add: 'Ajouter un chef de zone', edit: 'Modifier le chef de zone', view: 'Détails du chef de zone' },
        schemas: { add: zoneChiefBody, edit: zoneChiefUpdateBody },
        createPath: 'chef-zone',
        itemPath: (row) => `chef-zone/${row.id}`,
        toValues: (row) => ({
          CODE_CHEF_ZONE: row?.CODE_CHEF_ZONE ?? '',
          FIRSTNAME: row?.FIRSTNAME ?? '',
          LASTNAME: row?.LASTNAME ?? '',
          EMAIL: row?.EMAIL ?? '',
          GSM: row?.GSM ?? '',
          TYPE_CLIENT_ID: row?.TYPE_CLIENT_ID ?? null,
          STATUS: row?.STATUS ?? 1,
          ...(row ? {} : { PASSWORD: '' }),
        }),
        content: (mode, row) => (
          <FieldGrid>
            <TextField name="CODE_CHEF_ZONE" label="Code chef de zone" required maxLength={30} autoFocus />
            <SelectField name="TYPE_CLIENT_ID" label="Société" source={{ path: 'typeclients' }} />
            <TextField name="FIRSTNAME" label="Prénom" required maxLength={60} autoComplete="off" />
            <TextField name="LASTNAME" label="Nom" required maxLength={60} autoComplete="off" />
            <UniqueEmailField name="EMAIL" label="Email" required ignore={row?.id ?? null} />
            <PhoneField name="GSM" label="Téléphone" required />
            {mode === 'add' && <PasswordField name="PASSWORD" label="Mot de passe" required hint="Au moins 8 caractères." />}
            <SwitchField name="STATUS" label="Actif" />
          </FieldGrid>
        ),
      }}
    />
  );
}
