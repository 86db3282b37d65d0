/**
 * Builds the app for route tests: in-memory PGlite always, and PostgreSQL too when DATABASE_URL is set
 * (each app in its own fresh schema `omo_test_<random>`, dropped when the app closes). Use
 * `describe.each(TEST_DATABASES)` so the same suite runs on both. With REDIS_URL set, rate limits are
 * counted in Redis, under a key prefix of each app's own so that parallel tests do not count together.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { fileURLToPath } from 'node:url';
import { findPersonalValues } from '@omo/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { parseConfig, type AppConfig } from '../config.ts';
import { readFunnelEvents } from '../modules/funnel/repository.ts';
import { valuesTypedThrough } from './applicant.ts';
import { writeFixtureWebDist } from './web-dist.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURE_SEED_DIR = path.join(here, 'fixtures', 'seed');
/** The web build the tests serve, written to the temp folder (web-dist.ts). */
export const FIXTURE_WEB_DIST = writeFixtureWebDist();
export const REPO_ROOT = path.resolve(here, '../../../..');

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  databaseUrl: string;
}

export const TEST_DATABASES: TestDatabase[] = [
  { name: 'pglite', databaseUrl: 'memory://' },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres' as const, databaseUrl: process.env.DATABASE_URL }] : []),
];

/**
 * What a production start needs (decision 0053), on the sandbox partners: tests of the production surface
 * spread it into their env. The SMTP address answers nothing; these tests send no mail.
 */
export const PRODUCTION_TEST_ENV: Record<string, string> = {
  APP_ENV: 'production',
  ALLOW_SANDBOX_IN_PRODUCTION: 'true',
  SIN_ENCRYPTION_KEY: 'cd'.repeat(32),
  PUBLIC_URL: 'https://apply.omo.example',
  SMTP_URL: 'smtp://127.0.0.1:9',
  TRUST_PROXY: 'false',
  STAFF_PUBLIC_URL: 'https://staff.omo.example',
  STAFF_OIDC_ISSUER: 'https://login.omo.example',
  STAFF_OIDC_CLIENT_ID: 'omo-back-office',
  STAFF_OIDC_CLIENT_SECRET: 'a-test-secret-of-the-back-office',
};

/** Credentials of the identity partners (Alloy, Onfido) as the env states them: enough to choose them. */
export const IDENTITY_PARTNER_TEST_ENV: Record<string, string> = {
  IRS_REQUEST_KEY: 'J-journey',
  ALLOY_WORKFLOW_TOKEN: 'wf',
  ALLOY_WORKFLOW_SECRET: 'secret',
  ONFIDO_API_TOKEN: 'api_live.x',
  ONFIDO_WORKFLOW_ID: 'wf-1',
  ONFIDO_WEBHOOK_TOKEN: 'hook',
};

/** The Redis server of the environment (CI starts one), or undefined. */
export const TEST_REDIS_URL = process.env.REDIS_URL || undefined;

/** A test configuration: fixture seed and web build, quiet logs, overridable by environment-style values. */
export function testConfig(database: TestDatabase, env: Record<string, string> = {}): AppConfig {
  return parseConfig(
    {
      APP_ENV: 'test',
      DATABASE_URL: database.databaseUrl,
      ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {}),
      SEED_DIR: FIXTURE_SEED_DIR,
      WEB_DIST: FIXTURE_WEB_DIST,
      DATA_DIR: path.join(REPO_ROOT, '.data', 'test-unused'),
      LOG_LEVEL: 'silent',
      ...env,
    },
    REPO_ROOT,
  );
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** PostgreSQL only: the schema the app works in. */
  schema: string | undefined;
  /** Closes the app and drops the PostgreSQL test schema. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  logStream?: DestinationStream;
  /** Keeps each chunk the app logs here, as written (in place of logStream). */
  logLines?: string[];
  rateLimitMax?: number;
  /** PostgreSQL only: use this existing schema (another app's) instead of a fresh one; it is not dropped. */
  databaseSchema?: string;
  /** Prefix of the rate-limit keys in Redis (default: one of the app's own). */
  rateLimitNamespace?: string;
  /** Adds routes or hooks before the app is readied (tests of the app's own plumbing). */
  extend?: (app: FastifyInstance) => void;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates a fresh schema for a PostgreSQL test run; returns its name. */
export async function createTestSchema(url: string): Promise<string> {
  const schema = `omo_test_${randomBytes(6).toString('hex')}`;
  await withClient(url, (c) => c.query(`create schema ${schema}`));
  return schema;
}

export async function dropTestSchema(url: string, schema: string): Promise<void> {
  await withClient(url, (c) => c.query(`drop schema if exists ${schema} cascade`));
}

/**
 * A fresh in-memory PGlite. Creating one runs initdb, which takes seconds on a busy machine; so the
 * first one is dumped to a snapshot in the temp folder and later ones load it (about a second).
 */
export async function createTestPglite(): Promise<PGlite> {
  const snapshot = path.join(tmpdir(), `omo-pglite-initdb-${process.versions.node}.tar`);
  if (existsSync(snapshot)) {
    try {
      const db = new PGlite({ loadDataDir: new Blob([await readFile(snapshot)]) });
      await db.waitReady;
      return db;
    } catch {
      // a damaged snapshot: fall through and make a new one
    }
  }
  const db = new PGlite();
  await db.waitReady;
  const dump = await db.dumpDataDir('none');
  const partial = `${snapshot}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, snapshot);
  return db;
}

/** A stream that keeps each chunk written to it in `lines`. */
function streamInto(lines: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
}

/** Builds and readies the app on the given database. */
export async function buildTestApp(database: TestDatabase, options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(database, options.env);
  const isPostgres = database.name === 'postgres';
  const ownsSchema = isPostgres && !options.databaseSchema;
  const schema = isPostgres
    ? (options.databaseSchema ?? (await createTestSchema(database.databaseUrl)))
    : undefined;
  const app = await buildApp(config, {
    ...(isPostgres ? {} : { pglite: await createTestPglite() }),
    ...(options.rateLimitMax ? { rateLimitMax: options.rateLimitMax } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.logLines ? { logStream: streamInto(options.logLines) } : {}),
    ...(schema ? { databaseSchema: schema } : {}),
    rateLimitNamespace: options.rateLimitNamespace ?? `omo-test-${randomBytes(6).toString('hex')}-`,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    config,
    schema,
    async close() {
      const leak = await assertFunnelHoldsNoTypedValue(app).catch((error: unknown) => error);
      await app.close();
      if (schema && ownsSchema) await dropTestSchema(database.databaseUrl, schema);
      if (leak) throw leak;
    },
  };
}

/**
 * The app of a suite, built before its tests and closed after them. The object is returned at once and
 * filled in by the suite's first hook: a test (or a later hook) uses it as it is.
 */
export function useTestApp(database: TestDatabase, options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(database, options));
  }, 120_000);
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/**
 * The funnel's guard, run as every test app closes: no funnel event may hold anything its test applicants
 * typed (findPersonalValues). A finding fails the suite, naming the event's field.
 */
async function assertFunnelHoldsNoTypedValue(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('db')) return;
  const events = await readFunnelEvents(app.db);
  const findings = findPersonalValues(events, valuesTypedThrough(app));
  if (findings.length > 0) {
    throw new Error(
      `Funnel events hold what an applicant typed: ${findings.map((f) => `${f.field}=${JSON.stringify(f.value)}`).join(', ')}`,
    );
  }
}
