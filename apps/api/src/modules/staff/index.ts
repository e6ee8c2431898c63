/** What the staff module offers the other modules: they import it from here only, never from its files (biome.json). */
export { roleIdByLabel } from './staff.repository';
export { staffRoutes } from './staff.routes';
export { seedStaff } from './staff.seed';
