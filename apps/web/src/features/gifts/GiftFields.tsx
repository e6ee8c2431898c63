import { GIFT_MEDIA_FAMILY, GIFT_TYPE_LABELS, GIFT_TYPES, type GiftType } from '@app/domain';
import { useFormContext, useWatch } from 'react-hook-form';
import { DateField, FieldGrid, FileField, type FileValue, formFields, isNewFile, NumberField, SelectField, SwitchField, TextAreaField, TextField } from '../../components/fields';
import { type GiftFormIn, voucherValueFor } from './gift-form';

const F = formFields<GiftFormIn>()({ DateField, FileField, NumberField, SelectField, SwitchField, TextAreaField, TextField });

const TYPE_OPTIONS = GIFT_TYPES.map((value) => ({ value, label: GIFT_TYPE_LABELS[value] }));

/** An image previews; a video shows its file name (an <img> cannot draw it). */
const isImage = (v: FileValue | undefined) => (isNewFile(v) ? v.type.startsWith('image/') : typeof v === 'string' && /\.(png|jpe?g|gif|webp)$/i.test(v));

/**
 * The gift form (spec 2 §4 Gift type, §5): a good shows the image field (image or video) and hides
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
      <F.TextField name="REF" label="Référence" required maxLength={50} autoFocus />
      <F.TextField name="NAME" label="Nom du cadeau" required maxLength={150} />
      <F.SelectField name="TYPE" label="Type" required options={TYPE_OPTIONS} filter={false} onValueChange={onType} />
      <F.NumberField name="QTS" label="Quantité (stock)" required decimals={0} />
      <F.NumberField name="NBR_OF_POINTS" label="Nombre de points" decimals={0} />
      {type === 'voucher' && <F.NumberField name="VOCHER_VALUE" label="Valeur du voucher (DT)" required decimals={3} />}
      {type === 'bien' && <F.FileField name="file" label="Image ou vidéo" family={GIFT_MEDIA_FAMILY} preview={isImage(file)} />}
      <F.DateField name="START_DAY" label="Date de début" />
      <F.DateField name="END_DATE" label="Date de fin" />
      <F.SelectField name="ACTIVITE" label="Activité" source={{ path: 'clients_activities' }} />
      <F.SelectField name="CIRCUIT" label="Circuit" source={{ path: 'clients_circuits' }} />
      <F.SelectField name="CATEGORY" label="Catégorie client" source={{ path: 'clients_categories' }} />
      <F.SelectField name="TYPE_CLIENT_ID" label="Type de client" source={{ path: 'typeclients' }} />
      <F.SelectField name="BADGES_ID" label="Badge" source={{ path: 'badges' }} />
      <F.SwitchField name="IS_ACTIVE" label="Actif" />
      <F.TextAreaField name="DESCRIPTION" label="Description" maxLength={2000} />
    </FieldGrid>
  );
}
