/**
 * The job queue as the modules see it (plugins/jobs.ts runs it on pg-boss): queues defined with their
 * retries, jobs sent (inside a transaction of ours when given one) and worked one at a time per process.
 */
import type { Database } from '../db/database.ts';

/** A queue: its name and how its jobs are retried. */
export interface QueueDefinition {
  name: string;
  /** Attempts after the first (each JOB_RETRY_SECONDS later, doubled each time with backoff). */
  retryLimit: number;
  retryBackoff?: boolean;
  /** Where a job goes once its retries are spent (a queue of its own, defined too). */
  deadLetter?: string;
}

export interface SendOptions {
  /** Run no earlier than this. */
  startAfter?: Date;
  /** At most one queued job with this key (a repeated send is dropped). */
  singletonKey?: string;
  /** Send as part of this transaction: the job exists only if it commits. */
  trx?: Database;
}

export interface Jobs {
  /** Creates (or updates) a queue; do it before sending to it or working it. */
  define(queue: QueueDefinition): Promise<void>;
  send(queue: string, data: object, options?: SendOptions): Promise<void>;
  /** Runs `handler` for each job of the queue, one at a time per process; a throw retries the job. */
  work<T extends object>(queue: string, handler: (data: T) => Promise<void>): Promise<void>;
  /** Sends a job to the queue on a cron schedule (once per tick across every process). */
  schedule(queue: string, cron: string): Promise<void>;
}

/**
 * A queue retried with backoff whose spent jobs go to a queue of their own (retried 5 times): `work` runs
 * each job, `giveUp` each job whose retries are spent.
 */
export async function workWithDeadLetter<T extends object>(
  jobs: Jobs,
  queue: { name: string; retryLimit: number; deadLetter: string },
  work: (data: T) => Promise<void>,
  giveUp: (data: T) => Promise<void>,
): Promise<void> {
  await jobs.define({ name: queue.deadLetter, retryLimit: 5 });
  await jobs.define({ ...queue, retryBackoff: true });
  await jobs.work<T>(queue.name, work);
  await jobs.work<T>(queue.deadLetter, giveUp);
}
