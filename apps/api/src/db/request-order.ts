import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * When the request being served arrived (performance.now()), for the embedded database's queue
 * (pglite-thread.ts). PGlite runs one statement at a time; served in plain arrival order, a request
 * of ten statements queues ten times behind every request that came meanwhile, and under load its
 * wait grows with its length. Served oldest request first, a request once started finishes first.
 */
export const requestArrival = new AsyncLocalStorage<number>();

/**
 * The arrival of the request being served; work outside a request (jobs, start-up) arrives now. Work a
 * request leaves running after its reply (an export's writer) is started with `requestArrival.exit`,
 * or it would pass before every request that comes after.
 */
export const arrival = () => requestArrival.getStore() ?? performance.now();
