// Requests per second of GET /api/omo/OnlineAccountList beside a bare Fastify route in the same run, on
// this machine (loopback only, bounded duration). The bare route shows the ceiling of the framework here.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startServer } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 3294, host: '127.0.0.1' });
const server = await startServer({ port: 3293 });

async function measure(title, url) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  console.log(
    `${title}: ${result.requests.average.toFixed(0)} req/s (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx)`,
  );
  return result.requests.average;
}

const bareRps = await measure('bare Fastify route            ', 'http://127.0.0.1:3294/bare');
const listRps = await measure('GET /api/omo/OnlineAccountList', `${server.url}/api/omo/OnlineAccountList`);
console.log(`OnlineAccountList runs at ${((listRps / bareRps) * 100).toFixed(0)}% of the bare route`);
await server.stop();
await bare.close();
