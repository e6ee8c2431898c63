/** What the settings module offers the other modules: they import it from here only, never from its files (biome.json). */
export { readCompany } from './company';
export { settingsRoutes } from './settings.routes';
export { seedSiteSettings } from './settings.seed';
export { programmeSettings } from './settings.table';
