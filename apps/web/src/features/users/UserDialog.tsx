import { CLIENT_USER_MSG, type ClientUser, clientUserBody, GENDERS, GOVERNORATES } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { DateField, EmailField, FieldGrid, type Option, PhoneField, SelectField, SwitchField, TextField } from '../../components/fields';
import { ClientPicker } from '../../components/fields/ClientPicker';
import { FormDialog, type FormMode } from '../../components/form-dialog';
import { notify } from '../../lib/toast';
import { createClientUser, invalidateClientUsers, updateClientUser } from './users.api';

export interface UserDialogState {
  visible: boolean;
  mode: FormMode;
  row: ClientUser | null;
}

const GENDER_OPTIONS: Option[] = GENDERS.map((g) => ({ value: g, label: g }));
const GOVERNORATE_OPTIONS: Option[] = GOVERNORATES.map((g) => ({ value: g, label: g }));
const TITLES: Record<FormMode, string> = { add: 'Ajouter un utilisateur', edit: "Modifier l'utilisateur", view: "Détails de l'utilisateur" };
// The same domain schema the server validates POST client-users and PUT users/{id} with.
const schema = clientUserBody as unknown as z.ZodType<FieldValues, FieldValues>;

const toValues = (row: ClientUser | null): FieldValues => ({
  LASTNAME: row?.LASTNAME ?? '',
  FIRSTNAME: row?.FIRSTNAME ?? '',
  EMAIL: row?.EMAIL ?? '',
  GSM: row?.GSM ?? '',
  CLIENT_ID: row?.CLIENT_ID ?? null,
  BIRTHDAY: row?.BIRTHDAY ?? null,
  GENDER: row?.GENDER ?? null,
  GOUVERNORAT: row?.GOUVERNORAT ?? null,
  STATUS: row?.STATUS ?? 1,
});

/**
 * The client user's form: names, email, GSM, the client (searched on the
 * server), birthday (picked at 08:00, sent YYYY-MM-DD), civility, optional governorate, active.
 * Decision: no role field — a client's user may only be patente, which the server gives.
 * No password either: a new user is invited, and the invitation's link lets him choose one.
 */
export function UserDialog({ state, onHide }: { state: UserDialogState; onHide: () => void }) {
  const qc = useQueryClient();
  const { mode, row } = state;

  const onSubmit = async (values: FieldValues) => {
    if (mode === 'edit' && row) await updateClientUser(row.id, values);
    else await createClientUser(values as never);
    await invalidateClientUsers(qc);
    notify.success(mode === 'add' ? 'Ajout effectué' : 'Modification effectuée', 'Les données ont été enregistrées avec succès.');
  };

  const today = new Date();
  return (
    <FormDialog<FieldValues, FieldValues>
      visible={state.visible}
      mode={mode}
      titles={TITLES}
      schema={schema}
      defaultValues={toValues(row) as DefaultValues<FieldValues>}
      onSubmit={onSubmit}
      onHide={onHide}
    >
      <FieldGrid>
        <TextField name="LASTNAME" label="Nom" required maxLength={60} autoFocus autoComplete="off" />
        <TextField name="FIRSTNAME" label="Prénom" required maxLength={60} autoComplete="off" />
        <EmailField name="EMAIL" label="Email" required autoComplete="off" />
        <PhoneField name="GSM" label="GSM" required />
        <ClientPicker
          name="CLIENT_ID"
          label="Client"
          required
          initial={row?.CLIENT_ID != null ? { id: row.CLIENT_ID, CODE_CLIENT: row.CODE_CLIENT ?? '', NAME: row.CLIENT_NAME ?? '' } : null}
          // A request whose code matched no client: the code typed helps staff find the right one.
          hint={row && !row.CODE_OK && row.REQUESTED_CODE ? CLIENT_USER_MSG.requestedCodeHint(row.REQUESTED_CODE) : undefined}
        />
        <DateField name="BIRTHDAY" label="Date de naissance" required maxDate={today} />
        <SelectField name="GENDER" label="Civilité" required options={GENDER_OPTIONS} filter={false} />
        <SelectField name="GOUVERNORAT" label="Gouvernorat" options={GOVERNORATE_OPTIONS} />
        <SwitchField name="STATUS" label="Actif" />
      </FieldGrid>
    </FormDialog>
  );
}
