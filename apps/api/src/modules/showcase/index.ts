/** What the showcase module offers the other modules: they import it from here only, never from its files (biome.json). */
export { showcaseRoutes } from './showcase.routes';
export { seedShowcase } from './showcase.seed';
