/**
 * The database lost under the server (PostgreSQL only: runs when DATABASE_URL is set). What a restart, a
 * failover or a managed database's maintenance does: every connection cut (pg_terminate_backend), or the
 * server unreachable for a while (a relay taken down). The process stays up, a request in flight answers a
 * retryable 503 problem with nothing half-written, the heartbeat says the database is degraded while it is
 * down, and the next requests reconnect.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_ANSWERS, TestApplicant } from '../testing/applicant.ts';
import { eventually, logCapture } from './log-capture.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';

const DATABASE_URL = process.env.DATABASE_URL;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Cuts every connection the app holds (its application_name names its schema). */
function terminateAppConnections(schema: string): Promise<number> {
  return admin(async (c) => {
    const result = await c.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [`omo ${schema}`],
    );
    return result.rowCount ?? 0;
  });
}

async function heartbeat(t: TestApp) {
  const res = await t.app.inject('/api/heartbeat');
  return { statusCode: res.statusCode, body: JSON.parse(res.body) as Record<string, string> };
}

describe.skipIf(!DATABASE_URL)('the database connections are cut (pg_terminate_backend)', () => {
  let t: TestApp;
  const log = logCapture();
  beforeAll(async () => {
    t = await buildTestApp(
      { name: 'postgres', databaseUrl: DATABASE_URL! },
      {
        env: { LOG_LEVEL: 'info' },
        logStream: log.stream,
        extend(app) {
          // A write that is part way when the connection goes: one row, then a long statement.
          app.post('/test/slow-write', async () => {
            await app.db.transaction().execute(async (trx) => {
              await sql`insert into fault_probe (note) values ('half')`.execute(trx);
              await sql`select pg_sleep(30)`.execute(trx);
            });
            return 'written';
          });
        },
      },
    );
    await admin((c) => c.query(`create table ${t.schema!}.fault_probe (note text)`));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the server up: the lost connections are logged once at warn, without internals, and the next requests reconnect', async () => {
    const applicant = new TestApplicant(t.app);
    await applicant.progress('phone');
    expect(await terminateAppConnections(t.schema!)).toBeGreaterThan(0);
    await log.waitFor((l) => l.msg === 'database connection lost');

    // The next request is served on a new connection.
    await eventually(async () => (await heartbeat(t)).statusCode === 200);
    expect((await heartbeat(t)).body).toMatchObject({ status: 'Healthy', database: 'Healthy' });
    const res = await applicant.put('Address', APPLICANT_ANSWERS.address);
    expect(res.statusCode).toBe(200);

    const warnings = log.lines.filter((l) => l.msg === 'database connection lost');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40 });
    // Nothing of the driver's internals (its connection object, the query, the URL) is printed.
    const text = JSON.stringify(warnings[0]);
    expect(text).not.toMatch(/postgres:\/\/|_connecting|search_path|select |insert /i);
  });

  it('answers a request in flight with a retryable 503 problem and keeps none of its writes', async () => {
    const pending = t.app.inject({ method: 'POST', url: '/test/slow-write' });
    await eventually(async () =>
      admin(async (c) => {
        const r = await c.query(
          "select 1 from pg_stat_activity where application_name = $1 and query like '%pg_sleep%' and state = 'active'",
          [`omo ${t.schema!}`],
        );
        return (r.rowCount ?? 0) > 0;
      }),
    );
    await terminateAppConnections(t.schema!);
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
    const rows = await admin((c) => c.query(`select count(*)::int as n from ${t.schema!}.fault_probe`));
    expect(rows.rows[0]).toEqual({ n: 0 });
    await eventually(async () => (await heartbeat(t)).statusCode === 200);
  });
});

describe.skipIf(!DATABASE_URL)('the database is unreachable for a while', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  const log = logCapture();
  beforeAll(async () => {
    const url = new URL(DATABASE_URL!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    t = await buildTestApp(
      { name: 'postgres', databaseUrl: url.toString() },
      { env: { LOG_LEVEL: 'info', JOB_POLL_SECONDS: '0.5' }, logStream: log.stream },
    );
  });
  afterEach(() => proxy.up());
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('says the database is degraded while it is down, refuses a save with a retryable 503, and keeps it once back', async () => {
    const applicant = new TestApplicant(t.app);
    await applicant.progress('phone');

    proxy.down();
    const down = await heartbeat(t);
    expect(down.statusCode).toBe(503);
    expect(down.body).toMatchObject({ status: 'Degraded', database: 'Degraded' });

    const address = APPLICANT_ANSWERS.address;
    const refused = await applicant.put('Address', address);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ status: 503 });

    // The job queue polls meanwhile through the same connections: its failures are the same outage, logged
    // once, and never an error line.
    const tried = proxy.accepted;
    await eventually(() => proxy.accepted >= tried + 3);
    expect(log.lines.filter((l) => l.msg === 'database connection lost')).toHaveLength(1);
    expect(log.lines.filter((l) => l.level >= 50)).toEqual([]);

    proxy.up();
    await eventually(async () => (await heartbeat(t)).statusCode === 200);
    expect((await heartbeat(t)).body).toMatchObject({ status: 'Healthy', database: 'Healthy' });
    expect(log.lines.some((l) => l.msg === 'database reachable again')).toBe(true);

    // The applicant's retry is kept once, and nothing before it was lost.
    expect((await applicant.put('Address', address)).statusCode).toBe(200);
    const view = (await applicant.view()).json<Record<string, unknown>>();
    expect(JSON.stringify(view)).toContain('Bremner Blvd');
    expect(JSON.stringify(view)).toContain(applicant.email);

    // The job queue works again: an e-mail queued now is delivered once.
    await t.app.db.transaction().execute((trx) =>
      t.app.mail.queue(trx, {
        key: `after-outage-${applicant.email}`,
        applicantId: null,
        to: applicant.email,
        template: 'existingMember',
        language: 'en',
        params: { firstName: 'Ada', refNo: 'ABCD2345-01' },
      }),
    );
    const mailsTo = async () =>
      (await t.app.inject('/api/dev/outbox'))
        .json<{ channel: string; to: string }[]>()
        .filter((m) => m.channel === 'email' && m.to === applicant.email);
    await eventually(async () => (await mailsTo()).length > 0);
    expect(await mailsTo()).toHaveLength(1);
  });
});
