import { type Voucher, vouchersMeta } from '@app/domain';
import { DateField, FieldGrid, FileField, formFields, NumberField, SelectField, SwitchField, TextAreaField, TextField } from '../../components/fields';
import { mediaFormBody, ResourcePage, syncImage } from '../../components/resource-page';
import { voucherColumns } from './columns';
import { VOUCHERS_PATH, type VoucherFormIn, type VoucherFormOut, voucherForm, voucherFormValues } from './voucher-form';

const F = formFields<VoucherFormIn>()({ DateField, FileField, NumberField, SelectField, SwitchField, TextAreaField, TextField });

/**
 * Vouchers on offer (spec 2 "Vouchers list", `/layout/vouchers-list`): 50 rows, the active switch
 * saved at once, add / edit / view / delete. A zone chief reads the list only (vouchers:read): no
 * add, edit, delete or switch; the server refuses his writes anyway.
 */
export default function VouchersListPage() {
  return (
    <ResourcePage<Voucher, VoucherFormIn, VoucherFormOut>
      resource={vouchersMeta}
      columns={voucherColumns}
      writeAction="vouchers:write"
      minWidth="50rem"
      form={{
        schema: voucherForm,
        toValues: voucherFormValues,
        toBody: mediaFormBody,
        afterSave: (saved, values, before) => syncImage(VOUCHERS_PATH, saved, values.file, before),
        content: <VoucherFields />,
      }}
    />
  );
}

function VoucherFields() {
  return (
    <FieldGrid>
      <F.TextField name="REF" label="Numéro de voucher" required maxLength={50} autoFocus />
      <F.NumberField name="QTS" label="Quantité" required decimals={0} />
      <F.NumberField name="SOLDE" label="Solde (DT)" required decimals={3} />
      <F.SelectField name="TYPE_CLIENT_ID" label="Société" required source={{ path: 'typeclients' }} />
      <F.DateField name="START_DAY" label="Date de début" required />
      <F.DateField name="END_DATE" label="Date de fin" required />
      <F.SelectField name="CATEGORY" label="Catégorie client" source={{ path: 'clients_categories' }} />
      <F.SelectField name="CIRCUIT" label="Circuit" source={{ path: 'clients_circuits' }} />
      <F.SelectField name="ACTIVITE" label="Activité" source={{ path: 'clients_activities' }} />
      <F.SelectField name="BADGES_ID" label="Badge" source={{ path: 'badges' }} />
      <F.FileField name="file" label="Image" family="image" />
      <F.SwitchField name="IS_ACTIVE" label="Actif" />
      <F.TextAreaField name="DESCRIPTION" label="Description" maxLength={2000} />
    </FieldGrid>
  );
}
