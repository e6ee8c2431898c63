/**
 * The load generator of embedded-load.ts, in a process of its own so that its own work does not delay
 * the server's answers it measures: autocannon on the request mix given as JSON in BENCH_LOAD, the
 * result printed as one JSON line on stdout.
 */
import autocannon from 'autocannon';

const { url, connections, duration, requests } = JSON.parse(process.env.BENCH_LOAD ?? '{}') as {
  url: string;
  connections: number;
  duration: number;
  requests: autocannon.Request[];
};
const result = await autocannon({ url, connections, duration, requests, timeout: 10 });
process.stdout.write(`${JSON.stringify(result)}\n`);
