/**
 * Non-production APIs (registered only when APP_ENV is not production): the /productlist groups, the
 * outbox of sandbox messages, newest first, and the reminders' sweep run now (the browser stories).
 */
import { outboxMessageSchema, productListPageSchema } from '@omo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createOutboxRepository } from '../outbox/repository.ts';

const DEV_PATHS = {
  productList: '/api/dev/productlist',
  outbox: '/api/dev/outbox',
  reminderSweep: '/api/dev/reminders/sweep',
} as const;

/** Answer of GET /api/dev/productlist (schema in @omo/domain). */

const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = createOutboxRepository(app.db);

  app.get(
    DEV_PATHS.productList,
    {
      schema: {
        tags: ['dev'],
        summary: 'Non-production: the /productlist groups (products by group, then the extra links)',
        response: { 200: productListPageSchema },
      },
    },
    async () => ({ groups: await app.catalogue.listProductListGroups() }),
  );

  app.get(
    DEV_PATHS.outbox,
    {
      schema: {
        tags: ['dev'],
        summary: 'Non-production: messages written by the sandbox providers, newest first',
        response: { 200: z.array(outboxMessageSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return outbox.list();
    },
  );

  app.post(
    DEV_PATHS.reminderSweep,
    {
      schema: {
        tags: ['dev'],
        summary: 'Non-production: runs the reminders sweep now (at the server clock)',
        response: { 200: z.object({ reminded: z.number(), noticed: z.number() }) },
      },
    },
    async () => app.reminders.sweep(),
  );
};

export default devRoutes;
