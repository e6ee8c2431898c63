import { type Voucher, vouchersMeta } from '@app/domain';
import {
  DateField as AnyDateField,
  FieldGrid,
  FileField as AnyFileField,
  type FormField,
  type FormSelectField,
  NumberField as AnyNumberField,
  SelectField as AnySelectField,
  SwitchField as AnySwitchField,
  TextAreaField as AnyTextAreaField,
  TextField as AnyTextField,
} from '../../components/fields';
import { mediaFormBody, ResourcePage, syncImage } from '../../components/resource-page';
import { voucherColumns } from './columns';
import { VOUCHERS_PATH, type VoucherFormIn, type VoucherFormOut, voucherForm, voucherFormValues } from './voucher-form';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const DateField: FormField<typeof AnyDateField, VoucherFormIn> = AnyDateField;
const FileField: FormField<typeof AnyFileField, VoucherFormIn> = AnyFileField;
const NumberField: FormField<typeof AnyNumberField, VoucherFormIn> = AnyNumberField;
const SelectField: FormSelectField<VoucherFormIn> = AnySelectField;
const SwitchField: FormField<typeof AnySwitchField, VoucherFormIn> = AnySwitchField;
const TextAreaField: FormField<typeof AnyTextAreaField, VoucherFormIn> = AnyTextAreaField;
const TextField: FormField<typeof AnyTextField, VoucherFormIn> = AnyTextField;

/**
 * Vouchers on offer (`/layout/vouchers-list`): 50 rows, the active switch
 * saved at once, add / edit / view / delete. A zone chief reads the list only (vouchers:read): no
 * add, edit, delete or switch; the server refuses his writes anyway.
 */
export default function VouchersListPage() {
  return (
    <ResourcePage<Voucher, VoucherFormIn, VoucherFormOut>
      resource={vouchersMeta}
      columns={voucherColumns}
      writeAction="vouchers:write"
      bulk={{ list: 'vouchers', rowLabel: (v) => v.REF }}
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
      <TextField name="REF" label="Numéro de voucher" required maxLength={50} autoFocus />
      <NumberField name="QTS" label="Quantité" required decimals={0} />
      <NumberField name="SOLDE" label="Solde (DT)" required decimals={3} />
      <SelectField name="TYPE_CLIENT_ID" label="Société" required source={{ path: 'typeclients' }} />
      <DateField name="START_DAY" label="Date de début" required />
      <DateField name="END_DATE" label="Date de fin" required />
      <SelectField name="CATEGORY" label="Catégorie client" source={{ path: 'clients_categories' }} />
      <SelectField name="CIRCUIT" label="Circuit" source={{ path: 'clients_circuits' }} />
      <SelectField name="ACTIVITE" label="Activité" source={{ path: 'clients_activities' }} />
      <SelectField name="BADGES_ID" label="Badge" source={{ path: 'badges' }} />
      <FileField name="file" label="Image" family="image" />
      <SwitchField name="IS_ACTIVE" label="Actif" />
      <TextAreaField name="DESCRIPTION" label="Description" maxLength={2000} />
    </FieldGrid>
  );
}
