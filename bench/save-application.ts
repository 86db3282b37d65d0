// SaveApplication under load: 50 applicants submit at once, three rounds, on embedded PGlite and (when
// DATABASE_URL is set, or the local default answers) on PostgreSQL. Each applicant first goes through
// every step by the HTTP API, as a browser would; then the 50 submissions start together and each one's
// time to its decision is measured. Prints p50, p99 and the slowest; never asserts.
// Run: node --import tsx bench/save-application.ts (needs a built product: npm run build)
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TestApplicant } from '../apps/server/src/testing/applicant.ts';
import { createHttpInjector } from '../apps/server/src/testing/http-injector.ts';
import { benchPort, machineNote, startServer } from './lib.mjs';

const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function prepare(http: ReturnType<typeof createHttpInjector>, round: number): Promise<TestApplicant[]> {
  const applicants = Array.from(
    { length: CONCURRENT },
    (_, i) =>
      new TestApplicant(http, {
        productIds: ['2001'],
        ip: `10.${round}.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      }),
  );
  // Ten at a time: the preparation is not what is measured.
  for (let i = 0; i < applicants.length; i += 10) {
    await Promise.all(applicants.slice(i, i + 10).map((a) => a.progress('reviewConsent')));
  }
  return applicants;
}

async function measure(label: string, env: Record<string, string>, port: number) {
  const server = await startServer({
    port,
    env: {
      TRUST_PROXY: '1',
      PHONE_SEND_LIMIT_PER_IP_PER_HOUR: '100000',
      SEED_DIR: 'apps/server/src/testing/fixtures/seed',
      ...env,
    },
  });
  try {
    const http = createHttpInjector(server.url);
    const times: number[] = [];
    let members = 0;
    let cpuMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const applicants = await prepare(http, round);
      const cpuBefore = server.cpuMs() ?? NaN;
      const results = await Promise.all(
        applicants.map(async (a) => {
          const started = performance.now();
          const res = await a.submit();
          const ms = performance.now() - started;
          if (res.statusCode !== 200) throw new Error(`SaveApplication → ${res.statusCode} ${res.body}`);
          if (res.json<{ primaryCustNo: string | null }>().primaryCustNo) members += 1;
          return ms;
        }),
      );
      cpuMs += (server.cpuMs() ?? NaN) - cpuBefore;
      times.push(...results);
    }
    const sorted = [...times].sort((x, y) => x - y);
    console.log(
      `${label}: ${CONCURRENT} at once × ${ROUNDS} rounds, ${members}/${times.length} members made — ` +
        `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, ` +
        `slowest ${sorted.at(-1)!.toFixed(0)} ms; the server's CPU time ${(cpuMs / times.length).toFixed(1)} ms ` +
        `per submission`,
    );
  } finally {
    await server.stop();
  }
}

console.log(machineNote());
await measure('SaveApplication on PGlite    ', {}, benchPort(5));

const client = new pg.Client({ connectionString: POSTGRES_URL });
const reachable = await client.connect().then(
  () => true,
  () => false,
);
if (reachable) {
  const schema = `omo_bench_${randomBytes(4).toString('hex')}`;
  await client.query(`create schema ${schema}`);
  try {
    await measure(
      'SaveApplication on PostgreSQL',
      { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema },
      benchPort(6),
    );
  } finally {
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  }
} else {
  console.log('SaveApplication on PostgreSQL: skipped (no server at DATABASE_URL)');
}
