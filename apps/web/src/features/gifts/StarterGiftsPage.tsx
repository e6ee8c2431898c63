import { type StartingGift, startingGiftsMeta } from '@app/domain';
import { FieldGrid, FileField as AnyFileField, type FormField, TextAreaField as AnyTextAreaField, TextField as AnyTextField } from '../../components/fields';
import { mediaFormBody, ResourcePage, syncImage } from '../../components/resource-page';
import { starterGiftColumns } from './columns';
import { STARTER_GIFTS_PATH, type StarterGiftFormIn, type StarterGiftFormOut, starterGiftForm, starterGiftFormValues } from './starter-gift-form';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const FileField: FormField<typeof AnyFileField, StarterGiftFormIn> = AnyFileField;
const TextAreaField: FormField<typeof AnyTextAreaField, StarterGiftFormIn> = AnyTextAreaField;
const TextField: FormField<typeof AnyTextField, StarterGiftFormIn> = AnyTextField;

/**
 * Starter gifts (`/layout/starter_gifts`): image, ref, title,
 * description, date; a new one is one form-data call with its (required) image, an edit sends JSON
 * and a new image through startingGifts/media/{id}.
 */
export default function StarterGiftsPage() {
  return (
    <ResourcePage<StartingGift, StarterGiftFormIn, StarterGiftFormOut>
      resource={startingGiftsMeta}
      columns={starterGiftColumns}
      writeAction="gifts:write"
      minWidth="50rem"
      form={{
        schema: starterGiftForm,
        toValues: starterGiftFormValues,
        toBody: mediaFormBody,
        afterSave: (saved, values, before) => syncImage(STARTER_GIFTS_PATH, saved, values.file, before),
        content: (
          <FieldGrid>
            <TextField name="REF" label="Référence" required maxLength={50} autoFocus />
            <TextField name="NAME" label="Titre" required maxLength={150} />
            <FileField name="file" label="Image" family="image" required />
            <TextAreaField name="DESCRIPTION" label="Description" required maxLength={2000} />
          </FieldGrid>
        ),
      }}
    />
  );
}
