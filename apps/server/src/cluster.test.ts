// SERVER_PROCESSES: one omo on PostgreSQL as several processes sharing its port (started as `npm start`
// starts it, from source). The requests are answered by every process, /metrics counts them all, a process
// that dies is replaced, and a SIGTERM stops them all gracefully. On PGlite the setting is refused.
import { spawnSync, type ChildProcess } from 'node:child_process';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig, ConfigError } from './config.ts';
import { TestApplicant } from './testing/applicant.ts';
import { freePort } from './testing/free-port.ts';
import { createHttpInjector, type Injector } from './testing/http-injector.ts';
import { pollUntil as until } from './testing/poll.ts';
import { serverProcessEnv, spawnServer } from './testing/server-process.ts';
import { createTestSchema, dropTestSchema } from './testing/test-app.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const TOKEN = 'cluster-test-operations-token-0123456789abcdef';

/** The pids of a process's node children (its workers; not tsx's esbuild). */
function childrenOf(pid: number): number[] {
  const out = spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, command]) => command === 'node')
    .map(([pid]) => Number(pid));
}

/** The pids that logged 'omo server started', in order. */
const startedPids = (log: string) =>
  log
    .split('\n')
    .filter((line) => line.includes('omo server started'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);

describe('SERVER_PROCESSES=2 on PostgreSQL', () => {
  let schema: string | undefined;
  let child: ChildProcess | undefined;
  let log = '';
  let baseUrl = '';

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (schema) await dropTestSchema(DATABASE_URL, schema);
  });

  /** GETs a path with a fresh connection, so that the processes take turns. */
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}${path}`, {
      headers: { connection: 'close', ...headers },
      signal: AbortSignal.timeout(20_000),
    });
  const requestsCounted = async () => {
    const text = await (await get('/metrics', { authorization: `Bearer ${TOKEN}` })).text();
    const line = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('omo_http_requests_total{') &&
          l.includes('route="/api/omo/GetApiConfig"') &&
          l.includes('status="200"'),
      );
    return Number(line?.split(' ').at(-1) ?? 0);
  };

  it('answers from both processes, counts their requests together, replaces one that dies, and stops on SIGTERM', async () => {
    schema = await createTestSchema(DATABASE_URL);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawnServer({
      ...serverProcessEnv(port),
      OPERATIONS_TOKEN: TOKEN,
      DATABASE_URL,
      DATABASE_SCHEMA: schema,
      SERVER_PROCESSES: '2',
    });
    child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await until(
      () => log,
      (l) => l.includes('omo server processes started') || child!.exitCode !== null,
      120_000,
    );
    expect(log).toContain('omo server processes started');

    const workers = childrenOf(child.pid!);
    expect(workers).toHaveLength(2);
    // Each worker's own line may reach the pipe after the primary's.
    expect(
      (
        await until(
          () => startedPids(log),
          (pids) => pids.length === 2,
        )
      ).sort(),
    ).toEqual([...workers].sort());

    for (let i = 0; i < 10; i++) expect((await get('/api/omo/GetApiConfig')).status).toBe(200);
    // Both processes answered them.
    const answeredBy = new Set(
      log
        .split('\n')
        .filter((line) => line.includes('incoming request') && line.includes('/api/omo/GetApiConfig'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );
    expect([...answeredBy].sort()).toEqual([...workers].sort());
    // Every process's requests, whichever answers /metrics.
    expect(await requestsCounted()).toBe(10);
    expect(await requestsCounted()).toBe(10);

    // An applicant whose every call may reach either process goes from the profile to a member: what one
    // process wrote (the SIN under its key, the phone code's hash) the other reads.
    const http = createHttpInjector(baseUrl);
    const anyProcess: Injector = {
      inject: ((options: InjectOptions | string) => {
        const o = typeof options === 'string' ? { url: options } : options;
        return http.inject({ ...o, headers: { ...o.headers, connection: 'close' } });
      }) as Injector['inject'],
    };
    const applicant = new TestApplicant(anyProcess, { productIds: ['2001'] });
    await applicant.progress('reviewConsent');
    const submitted = await applicant.submit();
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<{ primaryCustNo: string | null }>().primaryCustNo).toMatch(/^\d+$/);

    // A process that dies is replaced.
    process.kill(workers[0]!, 'SIGKILL');
    const replaced = await until(
      () => childrenOf(child!.pid!),
      (pids) => pids.length === 2 && !pids.includes(workers[0]!),
    );
    expect(replaced).toHaveLength(2);
    expect(replaced).toContain(workers[1]);
    await until(
      () => startedPids(log),
      (pids) => pids.length === 3,
    );
    expect(startedPids(log)[2]).toBe(replaced.find((pid) => pid !== workers[1]));
    expect((await get('/api/omo/GetApiConfig')).status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(replaced.filter(alive)).toEqual([]);
  }, 180_000);
});

describe('SERVER_PROCESSES on PGlite', () => {
  it('is refused: the embedded database lives in one process', () => {
    expect(() => parseConfig({ SERVER_PROCESSES: '2', DATABASE_URL: '' })).toThrow(ConfigError);
    expect(() => parseConfig({ SERVER_PROCESSES: '2', DATABASE_URL: '' })).toThrow(
      'SERVER_PROCESSES=2 needs DATABASE_URL',
    );
    expect(parseConfig({ SERVER_PROCESSES: '2', DATABASE_URL }).serverProcesses).toBe(2);
    expect(parseConfig({}).serverProcesses).toBe(1);
  });
});
