/** What the logs module offers the other modules: they import it from here only, never from its files (biome.json). */
export { generateAppUsers, generateConnectionLogs } from './logs.generate';
export { logsRoutes } from './logs.routes';
export { seedConnectionLogs } from './logs.seed';
