/**
 * Opens the database, brings its schema up to date and loads the seed data, then decorates the app
 * with `db` (the Kysely instance). Closed when the app closes.
 */
import type { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../db/database.ts';
import { createDependencyStatus, type DependencyStatus } from '../lib/dependency-status.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDatabase } from '../db/seed.ts';
import { PGLITE_TEMPLATE_DIR } from '../db/template.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
    /** The open database, for the libraries that bring their own SQL (the job queue). */
    dbHandle: DatabaseHandle;
    /** Whether the database answered when last asked (the heartbeat reports it). */
    dbStatus: DependencyStatus;
  }
}

interface DatabasePluginOptions {
  config: AppConfig;
  /** PostgreSQL only: work in this schema (tests). */
  schema?: string | undefined;
  /** Use this PGlite instance (tests). */
  pglite?: PGlite | undefined;
}

export default fp<DatabasePluginOptions>(
  async (app, { config, schema: testSchema, pglite }) => {
    const schema = testSchema ?? config.databaseSchema;
    const dbStatus = createDependencyStatus(app.log, {
      dependency: 'database',
      lost: 'database connection lost',
      back: 'database reachable again',
    });
    const handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      schema,
      pglite,
      // Beside the built server (dist/); a server run from source starts a new folder with initdb.
      template: path.join(path.dirname(fileURLToPath(import.meta.url)), PGLITE_TEMPLATE_DIR),
      onConnectionLost: (error) => dbStatus.lost(error),
      onConnected: () => dbStatus.reached(),
    });
    try {
      await migrateToLatest(handle.db, handle.kind === 'postgres' ? (schema ?? 'public') : undefined);
      const report = await seedDatabase(handle.db, config.seedDir);
      app.log.info({ database: handle.kind, seeded: report }, 'database ready');
    } catch (error) {
      await handle.close();
      throw error;
    }
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.decorate('dbHandle', handle);
    app.decorate('dbStatus', dbStatus);
    app.addHook('onClose', async () => {
      await handle.close();
    });
  },
  { name: 'database' },
);
