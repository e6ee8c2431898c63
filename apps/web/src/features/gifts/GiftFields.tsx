import { GIFT_MEDIA_FAMILY, GIFT_TYPE_LABELS, GIFT_TYPES, type GiftType } from '@app/domain';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  DateField as AnyDateField,
  FieldGrid,
  FileField as AnyFileField,
  type FileValue,
  type FormField,
  type FormSelectField,
  isNewFile,
  NumberField as AnyNumberField,
  SelectField as AnySelectField,
  SwitchField as AnySwitchField,
  TextAreaField as AnyTextAreaField,
  TextField as AnyTextField,
} from '../../components/fields';
import { type GiftFormIn, voucherValueFor } from './gift-form';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const DateField: FormField<typeof AnyDateField, GiftFormIn> = AnyDateField;
const FileField: FormField<typeof AnyFileField, GiftFormIn> = AnyFileField;
const NumberField: FormField<typeof AnyNumberField, GiftFormIn> = AnyNumberField;
const SelectField: FormSelectField<GiftFormIn> = AnySelectField;
const SwitchField: FormField<typeof AnySwitchField, GiftFormIn> = AnySwitchField;
const TextAreaField: FormField<typeof AnyTextAreaField, GiftFormIn> = AnyTextAreaField;
const TextField: FormField<typeof AnyTextField, GiftFormIn> = AnyTextField;

const TYPE_OPTIONS = GIFT_TYPES.map((value) => ({ value, label: GIFT_TYPE_LABELS[value] }));

/** An image previews; a video shows its file name (an <img> cannot draw it). */
const isImage = (v: FileValue | undefined) => (isNewFile(v) ? v.type.startsWith('image/') : typeof v === 'string' && /\.(png|jpe?g|gif|webp)$/i.test(v));

/**
 * The gift form: a good shows the image field (image or video) and hides
 * the voucher value (sent as 0); a voucher needs the value and has no image. The eligibility selects
 * are optional and independent.
 */
export function GiftFields() {
  const { control, getValues, setValue } = useFormContext();
  const [type, file] = useWatch({ control, name: ['TYPE', 'file'] }) as [GiftType, FileValue | undefined];
  const onType = (next: unknown) => {
    if (next === 'bien' || next === 'voucher') setValue('VOCHER_VALUE', voucherValueFor(next, getValues('VOCHER_VALUE')), { shouldValidate: false });
  };
  return (
    <FieldGrid>
      <TextField name="REF" label="Référence" required maxLength={50} autoFocus />
      <TextField name="NAME" label="Nom du cadeau" required maxLength={150} />
      <SelectField name="TYPE" label="Type" required options={TYPE_OPTIONS} filter={false} onValueChange={onType} />
      <NumberField name="QTS" label="Quantité (stock)" required decimals={0} />
      <NumberField name="NBR_OF_POINTS" label="Nombre de points" decimals={0} />
      {type === 'voucher' && <NumberField name="VOCHER_VALUE" label="Valeur du voucher (DT)" required decimals={3} />}
      {type === 'bien' && <FileField name="file" label="Image ou vidéo" family={GIFT_MEDIA_FAMILY} preview={isImage(file)} />}
      <DateField name="START_DAY" label="Date de début" />
      <DateField name="END_DATE" label="Date de fin" />
      <SelectField name="ACTIVITE" label="Activité" source={{ path: 'clients_activities' }} />
      <SelectField name="CIRCUIT" label="Circuit" source={{ path: 'clients_circuits' }} />
      <SelectField name="CATEGORY" label="Catégorie client" source={{ path: 'clients_categories' }} />
      <SelectField name="TYPE_CLIENT_ID" label="Type de client" source={{ path: 'typeclients' }} />
      <SelectField name="BADGES_ID" label="Badge" source={{ path: 'badges' }} />
      <SwitchField name="IS_ACTIVE" label="Actif" />
      <TextAreaField name="DESCRIPTION" label="Description" maxLength={2000} />
    </FieldGrid>
  );
}
