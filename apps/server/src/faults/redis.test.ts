/**
 * Redis is an accelerator, not a dependency: unreachable at start or later, the server starts and counts
 * the rate limits in its own memory until Redis is back, says so once in the log, and in the heartbeat.
 */
import { createServer, type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startTcpProxy } from '../testing/tcp-proxy.ts';
import { buildTestApp, TEST_DATABASES, TEST_REDIS_URL, type TestApp } from '../testing/test-app.ts';
import { eventually, logCapture } from './log-capture.ts';

const REDIS_URL = TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 3;
const UNREACHABLE = "Redis unreachable: rate limits are counted in this process's memory until it is back";

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Statuses of `count` API calls from one client. */
async function calls(t: TestApp, count: number, ip = '192.0.2.20'): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    out.push((await t.app.inject({ url: '/api/omo/GetApiConfig', remoteAddress: ip })).statusCode);
  }
  return out;
}

let probe = 0;
/** The heartbeat, each time from an address of its own (the tests' limit is tiny). */
async function heartbeat(t: TestApp) {
  probe += 1;
  const res = await t.app.inject({ url: '/api/heartbeat', remoteAddress: `198.51.100.${probe % 250}` });
  return { statusCode: res.statusCode, body: JSON.parse(res.body) as Record<string, string> };
}

describe('Redis unreachable at start', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('starts, counts the limits in memory, says so once in the log and in the heartbeat', async () => {
    const log = logCapture();
    const t = await buildTestApp(TEST_DATABASES[0]!, {
      env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, LOG_LEVEL: 'info' },
      logStream: log.stream,
      rateLimitMax: LIMIT,
    });
    apps.push(t);
    expect(await calls(t, LIMIT + 1)).toEqual([200, 200, 200, 429]);
    const beat = await heartbeat(t);
    expect(beat.statusCode).toBe(200);
    expect(beat.body).toMatchObject({ status: 'Degraded', database: 'Healthy', redis: 'Degraded' });
    const warnings = log.lines.filter((l) => l.msg === UNREACHABLE);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, dependency: 'redis', failure: 'ECONNREFUSED' });
    expect(JSON.stringify(log.lines)).not.toContain('redis://');
  });
});

describe('Redis lost and back', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('counts in Redis once it is reachable, in memory while it is away, and never refuses a request for it', async () => {
    const target = new URL(REDIS_URL);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    closers.push(() => proxy.close());
    proxy.down();
    const log = logCapture();
    const namespace = `omo-fault-${process.pid}-${Date.now()}-`;
    const t = await buildTestApp(TEST_DATABASES[0]!, {
      env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, LOG_LEVEL: 'info' },
      logStream: log.stream,
      rateLimitMax: LIMIT,
      rateLimitNamespace: namespace,
    });
    closers.push(() => t.close());
    expect((await heartbeat(t)).body).toMatchObject({ redis: 'Degraded' });
    expect(await calls(t, 1, '192.0.2.30')).toEqual([200]);

    proxy.up();
    await eventually(async () => (await heartbeat(t)).body.redis === 'Healthy');
    expect(log.lines.some((l) => l.msg === 'Redis reachable again: rate limits are shared again')).toBe(true);
    // Counted in Redis now: the key of this client is there.
    expect(await calls(t, LIMIT + 1, '192.0.2.31')).toEqual([200, 200, 200, 429]);
    const direct = new Redis(REDIS_URL);
    closers.push(async () => void (await direct.quit()));
    expect(await direct.keys(`${namespace}*192.0.2.31`)).toHaveLength(1);

    // Away again: still served, and still limited.
    proxy.down();
    expect(await calls(t, LIMIT + 1, '192.0.2.32')).toEqual([200, 200, 200, 429]);
    expect((await heartbeat(t)).body).toMatchObject({ status: 'Degraded', redis: 'Degraded' });
    expect(log.lines.filter((l) => l.msg === UNREACHABLE)).toHaveLength(2);
  });
});
