/**
 * Opens the database the configuration names: PostgreSQL through node-postgres when DATABASE_URL is a
 * postgres URL, otherwise embedded PGlite (on disk in DATA_DIR, or in memory for "memory://").
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from './pglite-dialect.ts';
import { copyPgliteTemplate } from './template.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

/** The ids of the applicants of these applications, as a subquery (`where applicant_id in …`). */
export function applicantIdsOf(db: Database, applicationIds: readonly string[]) {
  return db.selectFrom('applicants').select('id').where('application_id', 'in', applicationIds);
}

/**
 * Runs raw SQL for a library that brings its own (the job queue): with values, one statement; without,
 * possibly several (its schema scripts). Answers the rows of the last statement.
 */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** An open database and what it is. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite-memory' | 'pglite-disk' | 'postgres';
  /** PostgreSQL only: the schema worked in, when not the default. */
  schema: string | undefined;
  executeSql: ExecuteSql;
  close(): Promise<void>;
}

/** Raw SQL through a Kysely instance or transaction (one statement, or several without values on pg). */
export function executeSqlOn(db: Database): ExecuteSql {
  return async (text, values = []) => {
    const result = await db.executeQuery(CompiledQuery.raw(text, values));
    return { rows: result.rows as unknown[] };
  };
}

interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL only: the schema to work in (set as search_path on every connection). Tests use it. */
  schema?: string | undefined;
  /** Embedded database on disk: the folder of the template a new data folder starts from, if any. */
  template?: string | undefined;
  /** A ready-made PGlite instance to use instead of opening one (tests start from a snapshot); closed with the handle. */
  pglite?: PGlite | undefined;
  /** PostgreSQL only: an idle connection was lost (a restart, a failover); the pool opens a new one. */
  onConnectionLost?: (error: Error) => void;
  /** PostgreSQL only: a new connection was opened (the database is reachable). */
  onConnected?: () => void;
}

/** How long a request waits for a PostgreSQL connection before it fails (retryable 503). */
const CONNECT_TIMEOUT_MS = 5_000;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/** Opens the database; the caller closes it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { databaseUrl } = options;
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
      throw new Error(`Invalid schema name: ${options.schema}`);
    }
    // node-postgres is loaded only for PostgreSQL.
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      // Fail a request in seconds, not at the TCP timeout, when the server cannot be reached.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // Names omo's sessions in pg_stat_activity (with the schema, when it works in one of its own).
      application_name: options.schema ? `omo ${options.schema}` : 'omo',
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // A connection the server dropped emits 'error': on the pool when idle, on the client while a request
    // holds it. Unheard, either ends the process. The pool discards such a connection (at once when idle,
    // on release otherwise: the request's next statement fails, a retryable 503) and opens a new one.
    const lost = (error: Error) => options.onConnectionLost?.(error);
    pool.on('error', lost);
    pool.on('connect', (client) => {
      client.on('error', lost);
      options.onConnected?.();
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      schema: options.schema,
      executeSql: executeSqlOn(db),
      close: () => db.destroy(),
    };
  }
  if (databaseUrl && databaseUrl !== 'memory://') {
    throw new Error('DATABASE_URL must be a postgres:// URL or "memory://"');
  }
  let pglite: PGlite;
  let kind: DatabaseHandle['kind'];
  if (options.pglite) {
    pglite = options.pglite;
    kind = 'pglite-memory';
  } else if (databaseUrl === 'memory://') {
    pglite = new PGlite();
    kind = 'pglite-memory';
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    // A new folder starts from the build's template (db/template.ts), not from initdb.
    mkdirSync(options.dataDir, { recursive: true });
    copyPgliteTemplate(options.template, dir);
    mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir);
    kind = 'pglite-disk';
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  const executeSql: ExecuteSql = (text, values = []) =>
    values.length > 0
      ? executeSqlOn(db)(text, values)
      : // Several statements need PGlite's exec; holding a connection keeps other queries out meanwhile.
        db.connection().execute(async () => {
          const results = await pglite.exec(text);
          return { rows: (results.at(-1)?.rows ?? []) as unknown[] };
        });
  return { db, kind, schema: undefined, executeSql, close: () => db.destroy() };
}
