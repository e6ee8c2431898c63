/** What the site module offers the other modules: they import it from here only, never from its files (biome.json). */
export { siteRoutes } from './site.routes';
export { seedSite } from './site.seed';
