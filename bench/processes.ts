// More than one process, for real: the built server as 1 and then 2 processes (SERVER_PROCESSES) on
// PostgreSQL and Redis, behind nginx started with the repository's deploy/nginx.conf; applicants go through
// the whole journey (Create your profile to the decision, by the HTTP API as a browser would) for a fixed
// time, BENCH_CLIENTS at once. Prints the journeys per second of each and their ratio (target ≥ 1.7× on 2
// cores), with where the machine's CPU went per journey and the ratio its idle share allows. Needs nginx
// (`apt-get install -y nginx`), PostgreSQL at DATABASE_URL (or the local default) and Redis at REDIS_URL
// (or the local default). Never asserts.
// Run: node --import tsx bench/processes.ts (needs a built product: npm run build)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TestApplicant } from '../apps/server/src/testing/applicant.ts';
import { createHttpInjector } from '../apps/server/src/testing/http-injector.ts';
import { benchPort, cpuWindow, machineNote, root } from './lib.mjs';

const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

/** Starts the built server; resolves once every process listens. */
async function startOmo(processes: number, port: number, publicUrl: string, schema: string) {
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'omo-bench-')),
      SEED_DIR: 'apps/server/src/testing/fixtures/seed',
      DATABASE_URL: POSTGRES_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL,
      SERVER_PROCESSES: String(processes),
      // The bench's own X-Forwarded-For names each applicant's address, nginx adds the bench's.
      TRUST_PROXY: '2',
      RATE_LIMIT_PER_MINUTE: '100000000',
      PHONE_SEND_LIMIT_PER_IP_PER_HOUR: '100000',
      // The journeys' phone numbers repeat: the hourly ceiling per number would refuse their codes.
      PHONE_SEND_LIMIT_PER_NUMBER_PER_HOUR: '100000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = processes > 1 ? 'omo server processes started' : 'omo server started';
  await new Promise<void>((resolve, reject) => {
    let log = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      if (log.includes(started)) return;
      log += chunk.toString();
      if (log.includes(started)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  child.stdout!.resume();
  return child;
}

/** Starts nginx with deploy/nginx.conf, its listen and upstream ports replaced. */
async function startNginx(listen: number, upstream: number): Promise<ChildProcess> {
  const prefix = mkdtempSync(join(tmpdir(), 'omo-nginx-'));
  mkdirSync(join(prefix, 'temp'));
  const conf = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8')
    .replace(/listen 127\.0\.0\.1:\d+;/, `listen 127.0.0.1:${listen};`)
    .replace(/server 127\.0\.0\.1:\d+;/, `server 127.0.0.1:${upstream};`);
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  const child = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${listen}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/heartbeat`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Journeys per second of `processes` server processes behind nginx. */
async function measure(processes: number): Promise<{ perSecond: number; busyShare: number }> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  const schema = `omo_bench_${randomBytes(4).toString('hex')}`;
  await client.query(`create schema ${schema}`);
  const listen = benchPort(20);
  const upstream = benchPort(21);
  const url = `http://127.0.0.1:${listen}`;
  const omo = await startOmo(processes, upstream, url, schema);
  const nginx = await startNginx(listen, upstream);
  try {
    const http = createHttpInjector(url);
    let serial = 0;
    let counting = false;
    let journeys = 0;
    let failures = 0;
    const end = performance.now() + (WARM_UP_SECONDS + SECONDS) * 1000;
    let endWindow: ReturnType<typeof cpuWindow> | undefined;
    setTimeout(() => {
      counting = true;
      endWindow = cpuWindow([
        { label: 'omo', pid: omo.pid },
        { label: 'nginx', pid: nginx.pid },
        { label: 'bench client', pid: process.pid },
        { label: 'PostgreSQL', name: 'postgres' },
        { label: 'Redis', name: 'redis-server' },
      ]);
    }, WARM_UP_SECONDS * 1000);
    const window = new Promise<ReturnType<NonNullable<typeof endWindow>>>((resolve) =>
      setTimeout(() => resolve(endWindow!()), (WARM_UP_SECONDS + SECONDS) * 1000),
    );
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) {
          serial += 1;
          const applicant = new TestApplicant(http, {
            productIds: ['2001'],
            ip: `10.${20 + processes}.${Math.floor(serial / 250) % 250}.${(serial % 250) + 1}`,
          });
          try {
            await applicant.progress('reviewConsent');
            const res = await applicant.submit();
            if (res.statusCode !== 200) throw new Error(`SaveApplication → ${res.statusCode}`);
            if (counting && performance.now() < end) journeys += 1;
          } catch (error) {
            failures += 1;
            if (failures <= 3) console.error(String(error));
          }
        }
      }),
    );
    const perSecond = journeys / SECONDS;
    const { cpuMs, busyShare } = await window;
    const perJourney = Object.entries(cpuMs)
      .filter(([, ms]) => ms > 0)
      .map(([label, ms]) => `${label} ${(ms / journeys).toFixed(0)}`)
      .join(', ');
    console.log(
      `${processes} process${processes > 1 ? 'es' : ''} behind nginx: ${perSecond.toFixed(1)} journeys/s ` +
        `(${journeys} in ${SECONDS} s, ${CLIENTS} applicants at once${failures ? `, ${failures} failed` : ''})\n` +
        `  machine busy ${(busyShare * 100).toFixed(0)}%; CPU per journey (ms): ${perJourney}`,
    );
    return { perSecond, busyShare };
  } finally {
    await stop(nginx);
    await stop(omo);
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  }
}

if (!existsSync(NGINX)) {
  console.log(`processes: skipped (no nginx at ${NGINX}; apt-get install -y nginx)`);
} else {
  console.log(machineNote());
  const one = await measure(1);
  const two = await measure(2);
  console.log(
    `2 processes / 1 process: ${(two.perSecond / one.perSecond).toFixed(2)}× (target ≥ 1.70× on 2 cores); ` +
      // What one process leaves idle is all a second one can use, when the database, nginx and this client
      // share the machine.
      `the most this machine allows is ${(1 / one.busyShare).toFixed(2)}× (busy ${(one.busyShare * 100).toFixed(0)}% with one)`,
  );
}
