/**
 * Every table, gathered for Drizzle and drizzle-kit. Each shared service (lib/) and each module owns its
 * table file. The one file under db/ that may import a module: biome.json turns noRestrictedImports off
 * for it alone.
 */
export * from '../lib/auth/accounts.table';
export * from '../lib/jobs/jobs.table';
export * from '../lib/exports/jobs/export-jobs.table';
export * from '../lib/audit/audit.table';
export * from '../lib/media/media.table';
export * from '../lib/idempotency/idempotency.table';
export * from '../lib/counts/row-counts.table';
export * from '../lib/auth/app-sessions.table';
export * from '../lib/webhooks/outbox.table';
export * from '../lib/webhooks/webhooks.table';
export * from '../modules/auth/auth.table';
export * from '../lib/clients/classification.table';
export * from '../lib/clients/badges.table';
export * from '../lib/clients/clients.table';
export * from '../modules/loyalty/points.table';
export * from '../modules/communication/templates.table';
export * from '../modules/communication/invitations.table';
export * from '../modules/catalogue/catalogue.table';
export * from '../modules/orders/orders.table';
export * from '../modules/orders/returns.table';
export * from '../modules/system/sequences.table';
export * from '../modules/rewards/gifts.table';
export * from '../modules/rewards/vouchers.table';
export * from '../modules/site/site.table';
export * from '../modules/showcase/showcase.table';
export * from '../modules/settings/settings.table';
export * from '../modules/flux/flux.table';
export * from '../modules/sync/sync.table';
export * from '../modules/dashboard/dashboard.table';
export * from '../modules/views/views.table';
