// The ceiling of the framework on this machine: a bare Fastify process (no plugins) answering, for each
// catalogue URL, the very bytes omo answered (plain, and brotli with its header). Started by load.mjs as a
// process of its own, as omo's server is, so neither shares an event loop with the load generator.
// Usage: node bare-server.mjs <port> <omo base URL> <path>...
import { get } from 'node:http';
import Fastify from 'fastify';

const [port, omo, ...paths] = process.argv.slice(2);

/** The bytes of an answer as they travelled (http.get does not decode them). */
function rawBody(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
}

const app = Fastify({ logger: false });
for (const [index, path] of paths.entries()) {
  for (const encoding of ['identity', 'br']) {
    const body = await rawBody(`${omo}${path}`, encoding);
    app.get(`/${index}/${encoding}`, (_request, reply) => {
      reply.type('application/json; charset=utf-8');
      if (encoding === 'br') reply.header('content-encoding', 'br');
      return reply.send(body);
    });
  }
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('listening');
