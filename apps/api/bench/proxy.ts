/**
 * A round-robin HTTP proxy for the two-node load figure (bench/load.ts), in a process of its own as a
 * load balancer would be: `node --import tsx bench/proxy.ts <port> <node url>…`. Keep-alive to the
 * nodes; prints "ready" once it listens.
 */
import http from 'node:http';

const [port, ...targets] = process.argv.slice(2);
const nodes = targets.map((t) => new URL(t));
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
let next = 0;

const server = http.createServer((req, res) => {
  const node = nodes[next++ % nodes.length];
  const upstream = http.request({ host: node.hostname, port: node.port, method: req.method, path: req.url, headers: req.headers, agent }, (reply) => {
    res.writeHead(reply.statusCode ?? 502, reply.headers);
    reply.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
