/** What the dashboard module offers the other modules: they import it from here only, never from its files (biome.json). */
export { dashboardRoutes } from './dashboard.routes';
