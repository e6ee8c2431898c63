import { type StartingGift, startingGiftsMeta } from '@app/domain';
import { FieldGrid, FileField, formFields, TextAreaField, TextField } from '../../components/fields';
import { mediaFormBody, ResourcePage, syncImage } from '../../components/resource-page';
import { starterGiftColumns } from './columns';
import { STARTER_GIFTS_PATH, type StarterGiftFormIn, type StarterGiftFormOut, starterGiftForm, starterGiftFormValues } from './starter-gift-form';

const F = formFields<StarterGiftFormIn>()({ FileField, TextAreaField, TextField });

/**
 * Starter gifts (spec 2 "Starter gifts list", `/layout/starter_gifts`): image, ref, title,
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
            <F.TextField name="REF" label="Référence" required maxLength={50} autoFocus />
            <F.TextField name="NAME" label="Titre" required maxLength={150} />
            <F.FileField name="file" label="Image" family="image" required />
            <F.TextAreaField name="DESCRIPTION" label="Description" required maxLength={2000} />
          </FieldGrid>
        ),
      }}
    />
  );
}
