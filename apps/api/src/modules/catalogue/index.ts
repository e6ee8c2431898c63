/** What the catalogue module offers the other modules: they import it from here only, never from its files (biome.json). */
export { catalogueRoutes } from './catalogue.routes';
export { seedCatalogue, type DemoProduct } from './catalogue.seed';
export { brands, productCategories, products, subCategories } from './catalogue.table';
export { productsRoutes } from './products.routes';
export { pointsOfDay, priceOfDay } from './terms-of-day';
