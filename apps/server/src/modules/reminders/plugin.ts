/** Decorates the app with the reminder service and schedules its sweep on the job queue. */
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import {
  createReminderService,
  REMINDER_SWEEP_CRON,
  REMINDER_SWEEP_QUEUE,
  type ReminderService,
} from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reminders: ReminderService;
  }
}

export const reminderServicePlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const service = createReminderService({
      db: app.db,
      mail: app.mail,
      clock: app.providers.clock,
      config,
      log: app.log,
    });
    await app.jobs.define({ name: REMINDER_SWEEP_QUEUE, retryLimit: 2 });
    await app.jobs.work(REMINDER_SWEEP_QUEUE, async () => {
      await service.sweep();
    });
    await app.jobs.schedule(REMINDER_SWEEP_QUEUE, REMINDER_SWEEP_CRON);
    app.decorate('reminders', service);
  },
  { name: 'reminder-service', dependencies: ['mail', 'jobs', 'providers'] },
);
