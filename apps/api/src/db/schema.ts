/** Every table, gathered for Drizzle and drizzle-kit. Each module owns its table file. */
export * from '../modules/auth/auth.table';
export * from '../modules/audit/audit.table';
export * from '../modules/media/media.table';
export * from '../modules/classification/classification.table';
export * from '../modules/loyalty/badges.table';
export * from '../modules/contacts/clients.table';
export * from '../modules/loyalty/points.table';
export * from '../modules/communication/templates.table';
export * from '../modules/communication/invitations.table';
export * from '../modules/catalogue/catalogue.table';
export * from '../modules/orders/orders.table';
export * from '../modules/orders/returns.table';
export * from '../modules/system/sequences.table';
export * from '../modules/rewards/gifts.table';
export * from '../modules/rewards/vouchers.table';
export * from '../modules/sync/sync.table';
