/** What the orders module offers the other modules: they import it from here only, never from its files (biome.json). */
export { orderPayloadSql } from './orders.events';
export { generateOrders, generateProducts } from './orders.generate';
export { ordersRoutes } from './orders.routes';
export { seedOrders } from './orders.seed';
export { createOrder, nextOrderNumber } from './orders.service';
export { orderItems, orders } from './orders.table';
export { returnsRoutes } from './returns.routes';
export { seedReturns } from './returns.seed';
