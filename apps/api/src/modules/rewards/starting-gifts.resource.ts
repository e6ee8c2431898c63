import { formatDate, GIFT_MSG, MSG, type StartingGift, startingGiftBody, startingGiftsMeta } from '@app/domain';
import { dateTimeField } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { startingGifts as t } from './gifts.table';

/**
 * Starter gifts: REF, NAME,
 * DESCRIPTION and the image are all required; POST is form data with the file (catalog.routes.ts
 * refuses a create without one, and the removal of the image), PUT JSON, the image replaced through
 * startingGifts/media/{id}. Deleting one already given to clients is refused (409).
 */
export const startingGiftsResource = defineResource<StartingGift>()({
  meta: startingGiftsMeta,
  tag: 'gifts',
  actions: { read: 'gifts:read', write: 'gifts:write' },
  table: t,
  idColumn: t.id,
  body: startingGiftBody,
  fields: [
    // REF has no trigram index (the table holds a handful of rows); NAME has one.
    { api: 'REF', column: t.ref, search: true, export: { width: 1 } },
    { api: 'NAME', column: t.name, search: true, export: { width: 2 } },
    { api: 'DESCRIPTION', column: t.description, export: { width: 3 } },
    { api: 'CREATED_AT', column: t.createdAt, ...dateTimeField, sort: true, export: { width: 1, format: (v) => formatDate(v as string) } },
  ],
  unique: { starting_gifts_ref_unique: { field: 'REF', message: GIFT_MSG.startingRefExists } },
  inUseMessage: MSG.inUse('ce cadeau de bienvenue a déjà été attribué à des clients'),
  media: { names: { image: 'image' }, export: { header: 'Image', width: 1.2 } },
  formCreate: true,
});
