import { GIFTS_PAGE_SIZE, type StartingGift } from '@app/domain';
import { FieldGrid, FileField, TextAreaField, TextField } from '../../components/fields';
import { mediaFormBody, ResourcePage, syncImage } from '../../components/resource-page';
import { NEWEST_FIRST, starterGiftColumns } from './columns';
import { STARTER_GIFTS_PATH, type StarterGiftFormIn, type StarterGiftFormOut, starterGiftForm, starterGiftFormValues } from './starter-gift-form';

/**
 * Starter gifts (spec 2 "Starter gifts list", `/layout/starter_gifts`): image, ref, title,
 * description, date; a new one is one form-data call with its (required) image, an edit sends JSON
 * and a new image through startingGifts/media/{id}.
 */
export default function StarterGiftsPage() {
  return (
    <ResourcePage<StartingGift, StarterGiftFormIn, StarterGiftFormOut>
      path={STARTER_GIFTS_PATH}
      columns={starterGiftColumns}
      itemNoun="ce cadeau de bienvenue"
      defaultPerPage={GIFTS_PAGE_SIZE}
      defaultSort={NEWEST_FIRST}
      writeAction="gifts:write"
      minWidth="50rem"
      form={{
        schema: starterGiftForm,
        titles: { add: 'Ajouter un cadeau de bienvenue', edit: 'Modifier le cadeau de bienvenue', view: 'Détails du cadeau de bienvenue' },
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
