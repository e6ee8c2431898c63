/** What the views module offers the other modules: they import it from here only, never from its files (biome.json). */
export { viewsRoutes } from './views.routes';
