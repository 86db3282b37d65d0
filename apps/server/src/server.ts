/**
 * Starts omo: parses the configuration, builds the app, listens, and shuts down gracefully on SIGINT or
 * SIGTERM (stop accepting, finish in-flight requests, close the database). A bad configuration exits
 * with status 1 and a message naming the variable. With SERVER_PROCESSES > 1 it is the primary of that
 * many such processes (src/cluster.ts).
 */
import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { reportReady, runPrimary } from './cluster.ts';
import { ConfigError, parseConfig, type AppConfig } from './config.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config: AppConfig;
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    config = parseConfig();
    // Several processes: this one forks and watches them (src/cluster.ts); each worker runs what follows.
    if (config.serverProcesses > 1 && cluster.isPrimary) return await runPrimary(config.serverProcesses);
    // Building checks what only the app knows (provider credentials, the SIN key), with the same errors.
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  try {
    await app.listen({ port: config.port, host: config.host });
    await app.staff.listen({ port: config.staff.port, host: config.host });
    app.log.info(
      {
        appEnv: config.appEnv,
        database: app.dbKind,
        publicUrl: config.publicUrl,
        staffUrl: config.staff.publicUrl,
      },
      'omo server started',
    );
    reportReady();
  } catch (error) {
    app.log.error({ err: error }, 'could not start');
    await app.close();
    process.exit(1);
  }
}

void main();
