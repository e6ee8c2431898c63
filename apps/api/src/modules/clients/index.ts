/** What the clients module offers the other modules: they import it from here only, never from its files (biome.json). */
export { clientEventsSql } from './clients.events';
export { generateClient, rng } from './clients.generate';
export { clientsRoutes } from './clients.routes';
export { clientRefs, seedClients } from './clients.seed';
