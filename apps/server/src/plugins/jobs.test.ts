// A job still running when the app closes (it outlived the queue's wait for it) ends without an error once
// the database is closed: its row stays active and it runs again once its time runs out, as for a process
// that died.
import { describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES } from '../testing/test-app.ts';

describe('the job queue as the app closes', () => {
  it('a job that outlives the queue ends without an unhandled error', async () => {
    const t = await buildTestApp(TEST_DATABASES[0]!, { env: { JOB_POLL_SECONDS: '0.5' } });
    let started!: () => void;
    const isRunning = new Promise<void>((resolve) => (started = resolve));
    let fail!: (error: Error) => void;
    const outcome = new Promise<void>((_, reject) => (fail = reject));
    await t.app.jobs.define({ name: 'test.slow', retryLimit: 1 });
    await t.app.jobs.work('test.slow', async () => {
      started();
      await outcome;
    });
    await t.app.jobs.send('test.slow', {});
    await isRunning;

    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // The queue waits for the job a while, then the database closes.
      await t.close();
      fail(new Error('the partner did not answer'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }, 30_000);
});
