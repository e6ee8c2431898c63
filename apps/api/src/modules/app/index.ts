/** What the app module offers the other modules: they import it from here only, never from its files (biome.json). */
export { appRoutes } from './app.routes';
