/**
 * The job queue: pg-boss, in the application's own database (PGlite or PostgreSQL), so a job survives a
 * restart and several processes share the work. pg-boss reaches the database through the app's
 * connection (`dbHandle.executeSql`), and a job can be sent inside a transaction of ours so that it exists
 * exactly when what it finishes was stored. Delivery is at least once: every handler is idempotent. A job
 * that was running when its process died is retried once its time runs out (expiry, checked at each
 * maintenance).
 */
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../config.ts';
import { executeSqlOn } from '../db/database.ts';
import { isConnectionError } from '../lib/connection-errors.ts';
import type { Jobs, QueueDefinition } from '../lib/jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const handle = app.dbHandle;
    // On PostgreSQL the queue's tables live beside ours when we work in a schema of our own (tests).
    const schema = handle.schema ?? 'pgboss';
    // Once the queue has stopped, the database closes: a job still running then (it outlived the stop's
    // wait) cannot record its end. Its row stays active and the job runs again once its time runs out, as
    // for a process that died; pg-boss's last command is answered as one that changed nothing.
    let stopped = false;
    const boss = new PgBoss({
      db: {
        executeSql: (text, values) =>
          stopped ? Promise.resolve({ rows: [{ count: 0 }] }) : handle.executeSql(text, values),
      },
      schema,
      pollingIntervalSeconds: config.jobs.pollSeconds,
      maintenanceIntervalSeconds: config.jobs.maintenanceSeconds,
      expireInSeconds: config.jobs.expireSeconds,
    });
    // The queue polls through the app's own connections: while the database is away each poll fails, which
    // the database's status logs once; the queue carries on when it is back (nothing is lost: jobs are rows).
    boss.on('error', (error: Error) => {
      if (isConnectionError(error)) app.dbStatus.lost(error);
      else app.log.error({ err: error }, 'job queue error');
    });
    await boss.start();
    const queues = new Map<string, QueueDefinition>();

    const jobs: Jobs = {
      async define(queue) {
        queues.set(queue.name, queue);
        const options = {
          name: queue.name,
          retryLimit: queue.retryLimit,
          retryDelay: config.jobs.retrySeconds,
          retryBackoff: queue.retryBackoff ?? false,
          expireInSeconds: config.jobs.expireSeconds,
          ...(queue.deadLetter ? { deadLetter: queue.deadLetter } : {}),
        };
        const current = (await boss.getQueue(queue.name)) as Record<string, unknown> | null;
        if (!current) await boss.createQueue(queue.name, options);
        // A queue stored as defined is left alone: a start writes nothing when nothing changed.
        else if (Object.entries(options).some(([key, value]) => current[key] !== value)) {
          await boss.updateQueue(queue.name, options);
        }
      },
      async send(queue, data, options = {}) {
        if (!queues.has(queue)) throw new Error(`Queue '${queue}' is not defined`);
        await boss.send(queue, data, {
          ...(options.startAfter ? { startAfter: options.startAfter } : {}),
          ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
          ...(options.trx ? { db: { executeSql: executeSqlOn(options.trx) } } : {}),
        } as PgBoss.SendOptions);
      },
      async work<T extends object>(queue: string, handler: (data: T) => Promise<void>) {
        await boss.work<T>(queue, { batchSize: 1 }, async ([job]) => {
          if (job) await handler(job.data);
        });
      },
      async schedule(queue, cron) {
        if (!queues.has(queue)) throw new Error(`Queue '${queue}' is not defined`);
        await boss.schedule(queue, cron, {}, { tz: 'UTC' });
      },
    };
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => {
      // Wait for running jobs a moment, then let the queue go; the database closes after.
      await boss.stop({ graceful: true, wait: true, timeout: 5_000, close: false });
      stopped = true;
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
