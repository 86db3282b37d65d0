/**
 * A Kysely dialect over PGlite (embedded PostgreSQL in WebAssembly). PGlite is a single connection, so
 * connections are handed out one at a time through a mutex: a transaction keeps the connection until it
 * commits or rolls back, and other queries wait for it. SQL generation is Kysely's PostgreSQL one.
 *
 * A query is one call into PGlite (parse, bind, describe, execute and sync in one message), with its
 * values prepared as node-postgres prepares them, so both engines receive the same parameters.
 * `pglite.query` would make six calls and describe the statement first, about three times the cost.
 */
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import pgUtils from 'pg/lib/utils.js';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** A FIFO mutex: `lock()` resolves when the caller holds it; `unlock()` hands it to the next waiter. */
class Mutex {
  #held = false;
  #waiters: (() => void)[] = [];

  async lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
}

const COMMANDS_WITH_AFFECTED_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** The extended-protocol messages of one statement with its values, as one buffer. */
function statementMessage(sql: string, parameters: readonly unknown[]): Uint8Array {
  const { serialize } = protocol;
  const parts = [
    serialize.parse({ text: sql }),
    serialize.bind({ values: parameters.map((value) => pgUtils.prepareValue(value)) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ];
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { messages } = await this.#pglite.execProtocol(
      statementMessage(compiledQuery.sql, compiledQuery.parameters),
      {},
    );
    const [result = { rows: [] }] = parse.parseResults(messages, this.#pglite.parsers) as Partial<
      Results<R>
    >[];
    const command = result.command ?? '';
    return {
      rows: result.rows ?? [],
      numAffectedRows: COMMANDS_WITH_AFFECTED_ROWS.has(command)
        ? BigInt(result.rowCount ?? result.affectedRows ?? 0)
        : undefined,
    };
  }

  // eslint-disable-next-line require-yield -- streaming is not offered by PGlite
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #ownsInstance: boolean;
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;

  constructor(pglite: PGlite, ownsInstance: boolean) {
    this.#pglite = pglite;
    this.#ownsInstance = ownsInstance;
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    if (this.#ownsInstance && !this.#pglite.closed) await this.#pglite.close();
  }
}

/** Options of the PGlite dialect. */
interface PGliteDialectConfig {
  pglite: PGlite;
  /** When true (the default), destroying the Kysely instance closes PGlite. */
  ownsInstance?: boolean;
}

/** Kysely dialect for PGlite; queries are compiled as PostgreSQL. */
export class PGliteDialect implements Dialect {
  readonly #config: PGliteDialectConfig;

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#config.pglite, this.#config.ownsInstance ?? true);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
