// A server killed mid-decision and started again finishes the decision exactly once. The server runs as a
// real process (started as `npm start` starts it, from source), on embedded PGlite in a folder of its own
// and, when DATABASE_URL is set, on PostgreSQL in a schema of its own. An applicant of the Slow persona
// submits and is shown the processing page; the process is killed (SIGKILL: nothing is flushed) while the
// decision is being taken, started again, killed again while its job is deciding, and started once more.
// Then: one member, one decision e-mail, the applicant sees the approved decision. A server killed while
// the applicant still waits for the decision (before the processing page was shown) e-mails it too, once,
// when its job decides after the restart.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TestApplicant } from './testing/applicant.ts';
import { freePort } from './testing/free-port.ts';
import { createHttpInjector } from './testing/http-injector.ts';
import { pollUntil } from './testing/poll.ts';
import { serverProcessEnv, spawnServer } from './testing/server-process.ts';
import { createTestSchema, dropTestSchema } from './testing/test-app.ts';

const SLOW_SECONDS = 8;

/** A server process and the lines it logged. */
class ServerProcess {
  child: ChildProcess | undefined;
  log = '';

  constructor(private readonly env: Record<string, string>) {}

  get baseUrl() {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  async start(): Promise<void> {
    this.log = '';
    const child = spawnServer(this.env);
    this.child = child;
    child.stdout!.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    await this.waitForLog('omo server started', 120_000);
  }

  async waitForLog(text: string, ms = 60_000): Promise<void> {
    const until = Date.now() + ms;
    while (!this.log.includes(text)) {
      if (this.child?.exitCode !== null && this.child?.exitCode !== undefined) {
        throw new Error(`the server exited (${this.child.exitCode}):\n${this.log.slice(-2000)}`);
      }
      if (Date.now() > until) throw new Error(`no '${text}' in the log:\n${this.log.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGKILL: the process ends at once, mid-whatever. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM: a graceful stop. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

interface Counts {
  members: number;
  deliveries: number;
  decision: { state: string; outcome: string | null };
}

const COUNT_SQL = {
  members: `select count(*)::int as n from members m join applicants p on p.id = m.applicant_id where p.email = $1`,
  deliveries: `select count(*)::int as n from email_deliveries where to_address = $1`,
  decision: `select a.decision from applications a join applicants p on p.application_id = a.id where p.email = $1`,
};

const databases = [
  { name: 'pglite (on disk)', postgres: false },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres', postgres: true }] : []),
];

/** Waits until `read` answers something `done` accepts. */
const until = <T>(read: () => Promise<T>, done: (value: T) => boolean) => pollUntil(read, done, 90_000, 250);

describe.each(databases)('a server killed mid-decision and restarted, on $name', ({ postgres }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'omo-restart-'));
  let schema: string | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await dropTestSchema(process.env.DATABASE_URL!, schema);
  });

  async function counts(email: string): Promise<Counts> {
    const query = async (run: (text: string) => Promise<{ rows: Record<string, unknown>[] }>) => ({
      members: Number((await run(COUNT_SQL.members)).rows[0]!.n),
      deliveries: Number((await run(COUNT_SQL.deliveries)).rows[0]!.n),
      decision: (await run(COUNT_SQL.decision)).rows[0]!.decision as Counts['decision'],
    });
    if (postgres) {
      const client = new pg.Client({
        connectionString: process.env.DATABASE_URL,
        options: `-c search_path=${schema}`,
      });
      await client.connect();
      try {
        return await query((text) => client.query(text, [email]));
      } finally {
        await client.end();
      }
    }
    const db = new PGlite(path.join(dataDir, 'pglite'));
    try {
      return await query((text) => db.query(text, [email]));
    } finally {
      await db.close();
    }
  }

  /** A server on this test's database, with the given decision wait and Slow persona's decision time. */
  async function serverWith(waitSeconds: number): Promise<ServerProcess> {
    if (postgres) schema ??= await createTestSchema(process.env.DATABASE_URL!);
    const port = await freePort();
    return new ServerProcess({
      ...serverProcessEnv(port),
      DATA_DIR: dataDir,
      DECISION_WAIT_SECONDS: String(waitSeconds),
      SANDBOX_SLOW_DECISION_SECONDS: String(SLOW_SECONDS),
      JOB_POLL_SECONDS: '0.5',
      JOB_EXPIRE_SECONDS: '4',
      JOB_RETRY_SECONDS: '1',
      JOB_MAINTENANCE_SECONDS: '1',
      ...(postgres
        ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema! }
        : { DATABASE_URL: '' }),
    });
  }

  const emailsTo = async (http: ReturnType<typeof createHttpInjector>, to: string) =>
    (await http.inject('/api/dev/outbox'))
      .json<{ channel: string; to: string; body: string }[]>()
      .filter((m) => m.channel === 'email' && m.to === to);

  it('finishes the decision once: one member, one e-mail, the approved decision', async () => {
    server = await serverWith(1);
    await server.start();
    const http = createHttpInjector(server.baseUrl);
    const applicant = await new TestApplicant(http, { productIds: ['2001'], lastName: 'Slow' }).progress(
      'reviewConsent',
    );

    const submitted = await applicant.submit();
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().showTimeoutScreen).toBe(true);
    // Killed while the decision is being taken (the Slow decision takes SLOW_SECONDS).
    await server.kill();

    // Started again: the job queued with the submission decides; killed again while it does, if it is
    // still deciding (a restart on a busy machine may take longer than the Slow decision).
    await server.start();
    await server.waitForLog('deciding in the background', 60_000);
    await server.kill();

    await server.start();
    const deadline = Date.now() + 90_000;
    let view = (await applicant.view()).json();
    while (view.decision.state !== 'decided' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      view = (await applicant.view()).json();
    }
    expect(view.decision).toMatchObject({ state: 'decided', outcome: 'approved' });
    const memberNumber = view.decision.response.primaryCustNo as string;
    expect(memberNumber).toMatch(/^\d+$/);

    let mails: { to: string; body: string }[] = [];
    while (mails.length === 0 && Date.now() < deadline) {
      mails = (await http.inject('/api/dev/outbox'))
        .json<{ channel: string; to: string; body: string }[]>()
        .filter((m) => m.channel === 'email' && m.to === applicant.email);
      if (mails.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(memberNumber);

    // Longer than a lost job's expiry and retry: nothing runs a second time.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await server.stop();
    const after = await counts(applicant.email);
    expect(after.members).toBe(1);
    expect(after.deliveries).toBe(1);
    expect(after.decision).toMatchObject({
      state: 'decided',
      outcome: 'approved',
      primaryCustNo: memberNumber,
    });
  }, 300_000);
  it('e-mails the decision once when the server died while the applicant waited for it', async () => {
    server = await serverWith(4);
    await server.start();
    const http = createHttpInjector(server.baseUrl);
    const applicant = await new TestApplicant(http, { productIds: ['2001'], lastName: 'Slow' }).progress(
      'reviewConsent',
    );
    // Killed inside the decision, while the submission still waits for it (nobody saw processing).
    const waiting = applicant.submit().catch(() => undefined);
    await until(
      async () => (await applicant.view()).json<{ decision: { state: string } | null }>().decision,
      (decision) => decision?.state === 'deciding',
    );
    await server.kill();
    await waiting;

    await server.start();
    // The browser submits again, as it does after a failed request: it is answered the decision (still
    // being taken, or taken by the job meanwhile), never a second one.
    const retried = await applicant.submit();
    expect(retried.statusCode, retried.body).toBe(200);

    const view = await until(
      async () => (await applicant.view()).json(),
      (v) => v.decision?.state === 'decided',
    );
    expect(view.decision).toMatchObject({ state: 'decided', outcome: 'approved' });
    const memberNumber = view.decision.response.primaryCustNo as string;
    const mails = await until(
      () => emailsTo(http, applicant.email),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(memberNumber);
    // Longer than a lost job's expiry and retry: nothing is sent a second time.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await emailsTo(http, applicant.email)).toHaveLength(1);
    await server.stop();
    expect((await counts(applicant.email)).deliveries).toBe(1);
  }, 300_000);
});
