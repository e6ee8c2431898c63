import { backOfficeUserBody, backOfficeUserUpdateBody, can, ROLE, ROLE_LABELS, type StaffUser, staffUsersMeta } from '@app/domain';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { lazy, Suspense, useState } from 'react';
import { FieldGrid, type Option, PhoneField, SelectField, SwitchField, TextField } from '../../components/fields';
import { useSessionUser } from '../../lib/useSession';
import { backOfficeUserColumns } from './columns';
import { PasswordField } from './PasswordField';
import { StaffListPage } from './StaffListPage';
import { saveUserField, useRoles } from './staff.api';
import { UniqueEmailField } from './UniqueEmailField';

// Loads on first use: the list screen stays within its JavaScript budget.
const InviteDialog = lazy(() => import('../../components/invite-dialog').then((m) => ({ default: m.InviteDialog })));

/** Roles a back-office account may take: every role but patente (client users only). */
function useRoleOptions(enabled: boolean): Option[] {
  const { data } = useRoles(enabled, (rows) =>
    rows.filter((r) => r.LABEL !== ROLE.patente).map((r) => ({ value: r.id, label: ROLE_LABELS[r.LABEL] ?? r.LABEL })),
  );
  return data ?? [];
}

/**
 * Back-office users (/layout/settings/users_backoffice): staff accounts with their company.
 * An admin adds users of his own role, so the role field is hidden for him (the server
 * forces it too). Invite: a confirmation first, then the dialog
 * 'Inviter administrateur' with a template selector and send, for that one user.
 */
export default function BackOfficeUsersPage() {
  const user = useSessionUser();
  const showRole = user?.role !== ROLE.admin;
  const roleOptions = useRoleOptions(showRole);
  const canInvite = can(user?.role, 'invitations:send');
  const [invite, setInvite] = useState<StaffUser | null>(null);
  // Mounted from the first opening on, so closing keeps the dialog's own animation.
  const [inviteUsed, setInviteUsed] = useState(false);
  const askInvite = (row: StaffUser) =>
    confirmDialog({
      header: 'Confirmation',
      message: `Voulez-vous vraiment inviter ${row.username} (${row.EMAIL}) ?`,
      icon: 'pi pi-envelope',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      defaultFocus: 'accept',
      accept: () => {
        setInviteUsed(true);
        setInvite(row);
      },
    });
  return (
    <>
      <StaffListPage<StaffUser>
        resource={{ ...staffUsersMeta, path: 'back-office/users' }}
        bulk={{ list: 'staffUsers', rowLabel: (u) => `${u.FIRSTNAME} ${u.LASTNAME} (${u.EMAIL})` }}
        columns={backOfficeUserColumns}
        writeAction="users:write"
        deletable={false}
        onToggle={(row, field, value) => saveUserField(row.id, field, value)}
        rowActions={
          canInvite
            ? (row) => (
                <Button
                  type="button"
                  icon="pi pi-envelope"
                  rounded
                  text
                  severity="help"
                  aria-label="Inviter"
                  title="Inviter l'utilisateur"
                  onClick={() => askInvite(row)}
                />
              )
            : undefined
        }
        form={{
          titles: { add: 'Ajouter un utilisateur', edit: "Modifier l'utilisateur", view: "Détails de l'utilisateur" },
          schemas: { add: backOfficeUserBody, edit: backOfficeUserUpdateBody },
          createPath: 'userBO',
          itemPath: (row) => `users/${row.id}`,
          toValues: (row) => ({
            LASTNAME: row?.LASTNAME ?? '',
            FIRSTNAME: row?.FIRSTNAME ?? '',
            EMAIL: row?.EMAIL ?? '',
            GSM: row?.GSM ?? '',
            TYPE_CLIENT_ID: row?.TYPE_CLIENT_ID ?? null,
            STATUS: row?.STATUS ?? 1,
            ...(showRole ? { ROLE_ID: row?.ROLE_ID ?? null } : {}),
            ...(row ? {} : { PASSWORD: '' }),
          }),
          content: (mode, row) => (
            <FieldGrid>
              <TextField name="LASTNAME" label="Nom" required maxLength={60} autoFocus autoComplete="off" />
              <TextField name="FIRSTNAME" label="Prénom" required maxLength={60} autoComplete="off" />
              <UniqueEmailField name="EMAIL" label="Email" required ignore={row?.id ?? null} />
              <PhoneField name="GSM" label="Téléphone" required />
              <SelectField name="TYPE_CLIENT_ID" label="Société" source={{ path: 'typeclients' }} />
              {showRole && <SelectField name="ROLE_ID" label="Rôle" options={roleOptions} />}
              {mode === 'add' && <PasswordField name="PASSWORD" label="Mot de passe" required hint="Au moins 8 caractères." />}
              <SwitchField name="STATUS" label="Actif" />
            </FieldGrid>
          ),
        }}
      />
      <Suspense fallback={null}>
        {canInvite && inviteUsed && (
          <InviteDialog
            visible={invite !== null}
            onHide={() => setInvite(null)}
            recipients={invite ? [{ email: invite.EMAIL, label: invite.username }] : []}
            title="Inviter administrateur"
          />
        )}
      </Suspense>
    </>
  );
}
