/**
 * Works the retention queue (service.ts) on its hourly schedule and decorates the app with the service.
 */
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { createRetentionService, RETENTION_CRON, RETENTION_QUEUE, type RetentionService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    retention: RetentionService;
  }
}

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const service = createRetentionService({
      db: app.db,
      clock: app.providers.clock,
      draftRetentionDays: config.draftRetentionDays,
      sessionIdleMinutes: config.sessionIdleMinutes,
      funnelRetentionDays: config.funnelRetentionDays,
    });
    // A missed run is made up by the next one: no retries needed beyond a couple.
    await app.jobs.define({ name: RETENTION_QUEUE, retryLimit: 2 });
    await app.jobs.work(RETENTION_QUEUE, async () => {
      const report = await service.run();
      app.log.info({ queue: RETENTION_QUEUE, deleted: report }, 'retention run');
    });
    await app.jobs.schedule(RETENTION_QUEUE, RETENTION_CRON);
    app.decorate('retention', service);
  },
  { name: 'retention', dependencies: ['jobs', 'providers'] },
);
