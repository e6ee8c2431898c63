/** What the sync module offers the other modules: they import it from here only, never from its files (biome.json). */
export { syncRoutes } from './sync.routes';
