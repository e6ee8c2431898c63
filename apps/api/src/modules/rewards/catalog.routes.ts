import { GIFT_MSG, giftHasMedia, type GiftType, VOUCHER_MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerResource } from '../../lib/crud/crud.routes';
import { vouchersBulkRoutes } from './vouchers.bulk';
import { AppError } from '../../lib/http';
import { formFileSent, watchFormFile } from './form-file';
import { giftsResource } from './gifts.resource';
import { loyaltyGifts } from './gifts.table';
import { startingGiftsResource } from './starting-gifts.resource';
import { vouchersResource } from './vouchers.resource';

type Hook = (req: FastifyRequest) => Promise<void>;
const fileError = (message: string) => new AppError(422, message, { file: [message] });
const missingId = () => new AppError(422, VOUCHER_MSG.missingId, { id: [VOUCHER_MSG.missingId] });
/** A path id the generic routes would take: 1 to 2^31-1, digits only. */
const validId = (raw: unknown) => typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647;

/**
 * The rewards catalogue: gifts, starter gifts and the
 * vouchers on offer through the generic router, with the rules it has no words for added to its
 * routes here: a file only for a `bien` gift (on create and through the media calls), a starter
 * gift always with its image, and "Missing id" for a voucher PUT without a usable id.
 */
export async function rewardsCatalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const giftType = async (id: unknown): Promise<GiftType | null> => {
    const [row] = await app.db
      .select({ type: loyaltyGifts.type })
      .from(loyaltyGifts)
      .where(eq(loyaltyGifts.id, Number(id)))
      .limit(1);
    return (row?.type as GiftType | undefined) ?? null;
  };
  const bienOnly: Hook = async (req) => {
    const type = await giftType((req.params as { id: number }).id);
    // An unknown gift is left to the route (404).
    if (type && !giftHasMedia(type)) throw fileError(GIFT_MSG.mediaOnlyBien);
  };

  /** Hooks added to the generic routes, by method and path under /api: before its own, or after validation. */
  const extra: Record<string, { preValidation?: Hook; preHandler?: Hook }> = {
    'POST /gifts': {
      preValidation: watchFormFile,
      preHandler: async (req) => {
        if (formFileSent(req) && !giftHasMedia((req.body as { TYPE: GiftType }).TYPE)) throw fileError(GIFT_MSG.mediaOnlyBien);
      },
    },
    // A form-data edit's file, as an upload: only for a gift that is (or becomes) a good.
    'PUT /gifts/:id': {
      preValidation: watchFormFile,
      preHandler: async (req) => {
        if (!formFileSent(req)) return;
        const type = (req.body as { TYPE?: GiftType }).TYPE ?? (await giftType((req.params as { id: number }).id));
        if (type && !giftHasMedia(type)) throw fileError(GIFT_MSG.mediaOnlyBien);
      },
    },
    'POST /gifts/media/:id': { preHandler: bienOnly },
    'POST /gifts/:id/:name': { preHandler: bienOnly },
    'POST /startingGifts': {
      preValidation: watchFormFile,
      preHandler: async (req) => {
        if (!formFileSent(req)) throw fileError(GIFT_MSG.imageRequired);
      },
    },
    // A starter gift's image may be replaced (startingGifts/media/{id}), not removed.
    'DELETE /startingGifts/:id/media/:mediaId': {
      preHandler: async () => {
        throw fileError(GIFT_MSG.imageRequired);
      },
    },
    // A voucher edit without id is "Missing id", as in the older product: checked before the id's schema answers.
    'PUT /vochers/:id': {
      preValidation: async (req) => {
        if (!validId((req.params as { id?: unknown }).id)) throw missingId();
      },
    },
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.slice((route.prefix ?? '').length);
    for (const method of methods) {
      const hooks = extra[`${method} ${path}`];
      if (!hooks) continue;
      const list = (h: unknown) => (Array.isArray(h) ? h : h ? [h] : []) as onRequestHookHandler[];
      if (hooks.preValidation) route.preValidation = [hooks.preValidation as onRequestHookHandler, ...list(route.preValidation)];
      if (hooks.preHandler) route.preHandler = [...list(route.preHandler), hooks.preHandler as onRequestHookHandler];
    }
  });

  registerResource(app, giftsResource(app.storage.media));
  registerResource(app, startingGiftsResource);
  registerResource(app, vouchersResource);
  vouchersBulkRoutes(app);
}
