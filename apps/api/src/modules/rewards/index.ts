/** What the rewards module offers the other modules: they import it from here only, never from its files (biome.json). */
export { rewardsCatalogRoutes } from './catalog.routes';
export { receiveScanned } from './conversions.service';
export { fulfilmentRoutes } from './fulfilment.routes';
export { giftConversions, giftPurchases, loyaltyGifts, startingGiftPurchases, startingGifts } from './gifts.table';
export { classification, requestGiftPurchase } from './purchases.service';
export { rebateGenerationRoutes } from './rebate-generation.routes';
export { seedRewards } from './rewards.seed';
export { tiersRoutes } from './tiers.routes';
export { voucherPurchasesRoutes } from './voucher-purchases.routes';
export { voucherPurchases } from './vouchers.table';
