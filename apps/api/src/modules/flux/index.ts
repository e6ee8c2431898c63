/** What the flux module offers the other modules: they import it from here only, never from its files (biome.json). */
export { fluxRoutes } from './flux.routes';
export { seedFlux } from './flux.seed';
export { flux, fluxReads, fluxRecipients } from './flux.table';
