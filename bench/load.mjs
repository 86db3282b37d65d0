// Requests per second of the catalogue API (OnlineAccountList, GetProduct) beside a bare Fastify process
// answering the same bytes, in the same run, on this machine (loopback only, bounded duration). Each call
// is measured as a plain client asks it (no compression), as a browser asks it (brotli) and as a browser
// revalidates it (If-None-Match → 304). The bare route shows the ceiling of the framework here.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchPort, machineNote, startServer } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
// The bare route and ours take turns, this many times, and the median of each is kept: on a shared
// machine the load of the moment weighs on both alike.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const CALLS = [
  ['OnlineAccountList', '/api/omo/OnlineAccountList'],
  ['GetProduct       ', '/api/omo/GetProduct?prodCodes=1001'],
];

const server = await startServer({ port: benchPort(3) });
// Not benchPort(4): the server's back office listens on its port + 1.
const barePort = benchPort(5);
const bare = fork(join(import.meta.dirname, 'bare-server.mjs'), [
  String(barePort),
  server.url,
  ...CALLS.map(([, path]) => path),
]);
await new Promise((resolve, reject) => {
  bare.once('message', resolve);
  bare.once('exit', reject);
});

async function measureOnce(url, headers) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Measures each target in turn, ROUNDS times; the median of each. */
async function measure(targets) {
  const runs = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, { url, headers = {} }] of targets.entries()) runs[i].push(await measureOnce(url, headers));
  }
  return runs.map((r) => {
    const rps = median(r.map((x) => x.rps));
    return {
      rps,
      text: `${rps.toFixed(0)} req/s (median of ${r.length}; p50 ${median(r.map((x) => x.p50))} ms, p99 ${median(r.map((x) => x.p99))} ms, ${r.reduce((n, x) => n + x.non2xx, 0)} non-2xx)`,
    };
  });
}

console.log(`${DURATION} s each, ${CONNECTIONS} connections, ${ROUNDS} rounds ${machineNote()}`);
try {
  for (const [index, [name, path]] of CALLS.entries()) {
    const etag = (await fetch(`${server.url}${path}`)).headers.get('etag');
    for (const [label, encoding] of [
      ['plain ', 'identity'],
      ['brotli', 'br'],
    ]) {
      const [ceiling, ours] = await measure([
        { url: `http://127.0.0.1:${barePort}/${index}/${encoding}` },
        { url: `${server.url}${path}`, headers: { 'accept-encoding': encoding } },
      ]);
      console.log(`bare Fastify, same bytes (${label})  : ${ceiling.text}`);
      console.log(`${name} (${label})        : ${ours.text}`);
      console.log(
        `${name} (${label}) runs at ${(ours.rps / ceiling.rps).toFixed(2)}× the bare route (target ≥ 0.5×)`,
      );
    }
    if (etag) {
      const [revalidate] = await measure([
        { url: `${server.url}${path}`, headers: { 'accept-encoding': 'br', 'if-none-match': etag } },
      ]);
      console.log(
        `${name} (304 on If-None-Match): ${revalidate.text.replace('non-2xx', 'non-2xx: the 304s')}`,
      );
    } else {
      console.log(`${name}: no ETag`);
    }
  }
} finally {
  bare.kill();
  await server.stop();
}
