/** What the loyalty module offers the other modules: they import it from here only, never from its files (biome.json). */
export { badgesRoutes } from './badges.routes';
export { seedBadges } from './badges.seed';
export { ledgerRoutes } from './ledger.routes';
export { lotsRoutes } from './lots.routes';
export { pointsEventsCte } from './points.events';
export { expiringFor, expiringSoon, registerPointsExpiry } from './points.expiry';
export { nextExpiries } from './points.lots';
export { pointsRoutes } from './points.routes';
export { seedPointsExpiry } from './points.seed';
export { applyPoints } from './points.service';
export { pointsLedger } from './points.table';
