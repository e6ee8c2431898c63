/** What the classification module offers the other modules: they import it from here only, never from its files (biome.json). */
export { classificationRoutes } from './classification.routes';
export { seedClassification } from './classification.seed';
