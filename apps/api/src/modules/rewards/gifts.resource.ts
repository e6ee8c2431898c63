import {
  formatDate,
  formatMoney,
  type Gift,
  GIFT_MEDIA_FAMILY,
  GIFT_MSG,
  GIFT_TYPE_LABELS,
  GIFT_TYPES,
  giftBody,
  giftHasMedia,
  giftsMeta,
  type GiftType,
  giftUpdateBody,
  giftVoucherValue,
  MSG,
  periodInOrder,
} from '@app/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { dateTimeField, flag01Field, orEmpty, yesNo } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { AppError } from '../../lib/http';
import { clientActivities as activities } from '../../lib/clients/classification.table';
import { deleteMedia } from '../../lib/media/media.service';
import type { ObjectStore } from '../../lib/storage';
import { loyaltyGifts as t } from './gifts.table';
import { moneyText } from './money-text';
import { checkEligibilityRefs } from './reward-refs';

const refused = (field: string, message: string) => new AppError(422, message, { [field]: [message] });

/**
 * Gifts bought with points. POST takes
 * form data with the file (a `bien` only: catalog.routes.ts refuses one for a voucher), PUT JSON. A
 * `bien` keeps VOCHER_VALUE 0; a gift that becomes a voucher loses its image in the same
 * transaction. `uploads` is the media store (its files are removed with the media rows).
 */
export const giftsResource = (uploads: ObjectStore) =>
  defineResource<Gift>()({
    meta: giftsMeta,
    tag: 'gifts',
    actions: { read: 'gifts:read', write: 'gifts:write' },
    table: t,
    idColumn: t.id,
    body: giftBody,
    updateBody: giftUpdateBody,
    // A good's stored voucher value 0 means none: a good turned voucher must be given one.
    storedAsBody: (gift) => ({ ...gift, VOCHER_VALUE: giftHasMedia(gift.TYPE) ? null : gift.VOCHER_VALUE }),
    joins: [{ table: activities, on: eq(activities.id, t.activiteId), kind: 'left' }],
    // A PUT may carry a few fields: the rules are checked against the gift as it will be.
    prepare: async (values, { mode, id, body, db }) => {
      const [before] =
        mode === 'update' && id
          ? await db.select({ type: t.type, value: t.voucherValue, start: t.startDay, end: t.endDate }).from(t).where(eq(t.id, id)).limit(1)
          : [];
      const pick = <K extends string>(key: string, stored: K | null | undefined) => (body[key] !== undefined ? (body[key] as K | null) : (stored ?? null));
      const type = pick<GiftType>('TYPE', before?.type as GiftType | undefined) ?? 'bien';
      if (!periodInOrder(pick('START_DAY', before?.start), pick('END_DATE', before?.end))) throw refused('END_DATE', MSG.periodOrder);
      if (type === 'voucher') {
        const value = pick<string>('VOCHER_VALUE', before?.value);
        if (!value) throw refused('VOCHER_VALUE', GIFT_MSG.voucherValueRequired);
        if (Number(value) <= 0) throw refused('VOCHER_VALUE', GIFT_MSG.voucherValuePositive);
        values.voucherValue = giftVoucherValue(type, value);
      } else if (mode === 'create' || body.TYPE !== undefined || body.VOCHER_VALUE !== undefined) {
        values.voucherValue = giftVoucherValue(type, null);
      }
      await checkEligibilityRefs(db, body);
    },
    afterWrite: async (tx, { id, body, before }) => {
      // Only a good has an image: a gift turned voucher loses it. The audit's diff of
      // the update records MEDIA going to null.
      if (body.TYPE === 'voucher' && before?.MEDIA) await deleteMedia(tx, uploads, { entity: 'gifts', entityId: id });
    },
    fields: [
      { api: 'REF', column: t.ref, search: true, sort: 'text', export: { width: 1 } },
      { api: 'NAME', column: t.name, search: true, sort: 'text', export: { width: 2 } },
      { api: 'TYPE', column: t.type, schema: z.enum(GIFT_TYPES), export: { width: 0.8, format: (v) => GIFT_TYPE_LABELS[v as GiftType] ?? String(v) } },
      { api: 'QTS', column: t.qts, export: { width: 0.7 } },
      { api: 'NBR_OF_POINTS', column: t.nbrOfPoints, export: { width: 0.8 } },
      {
        api: 'VOCHER_VALUE',
        column: t.voucherValue,
        ...moneyText,
        export: { width: 1.1, format: (v, d) => (d.TYPE === 'voucher' ? formatMoney(v as string) : ''), uses: ['TYPE'] },
      },
      { api: 'START_DAY', column: t.startDay, export: { width: 0.9, format: (v) => formatDate(v as string | null) } },
      { api: 'END_DATE', column: t.endDate, export: { width: 0.9, format: (v) => formatDate(v as string | null) } },
      { api: 'ACTIVITE', column: t.activiteId },
      { api: 'ACTIVITE_NAME', column: activities.name, export: { width: 1.2, format: orEmpty } },
      { api: 'CIRCUIT', column: t.circuitId },
      { api: 'CATEGORY', column: t.categoryId },
      { api: 'TYPE_CLIENT_ID', column: t.typeClientId },
      { api: 'BADGES_ID', column: t.badgesId },
      { api: 'IS_ACTIVE', column: t.isActive, ...flag01Field, export: { width: 0.6, format: yesNo } },
      { api: 'DESCRIPTION', column: t.description, export: { width: 2, format: orEmpty } },
      { api: 'CREATED_AT', column: t.createdAt, ...dateTimeField },
    ],
    unique: { loyalty_gifts_ref_unique: { field: 'REF', message: GIFT_MSG.refExists } },
    inUseMessage: MSG.inUse('ce cadeau fait l’objet de demandes de conversion'),
    media: { names: { image: GIFT_MEDIA_FAMILY }, export: { header: 'Image', width: 1.2 } },
    formCreate: true,
  });
