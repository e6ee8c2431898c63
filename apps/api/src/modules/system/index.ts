/** What the system module offers the other modules: they import it from here only, never from its files (biome.json). */
export { nextNumber, nextNumbers } from './sequences';
export { numberSequences } from './sequences.table';
export { systemRoutes } from './system.routes';
