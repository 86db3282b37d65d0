/**
 * Decorates the app with the funnel's recorder (service.ts) and takes the browser's reports of a step's
 * view: POST FunnelView { stepId, device }, answered 204 whether or not it was counted (no session yet, a
 * step not of the applicant's flow), so that the page never waits on it nor shows an error for it.
 */
import { DEVICE_CLASSES, FUNNEL_VIEW_PATH } from '@omo/domain';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createFunnelService, type FunnelService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    funnel: FunnelService;
  }
}

export const funnelServicePlugin = fp(
  async (app) => {
    app.decorate(
      'funnel',
      createFunnelService({
        db: app.db,
        catalogue: app.catalogue,
        clock: app.providers.clock,
        log: app.log,
        reload: (applicantId) => app.applications.reload(applicantId),
      }),
    );
  },
  {
    name: 'funnel-service',
    dependencies: ['database', 'catalogue-service', 'providers', 'application-service'],
  },
);

/** POST body of a step's view: the step id and the device class (the browser knows its viewport). */
const funnelViewRequestSchema = z.object({
  stepId: z.string().min(1).max(40),
  device: z.enum(DEVICE_CLASSES),
});

export const funnelViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    FUNNEL_VIEW_PATH,
    {
      schema: {
        tags: ['funnel'],
        summary:
          "A step's page opened (the funnel's view: the step id and the device class by viewport width); 204 always",
        body: funnelViewRequestSchema,
        response: { 204: z.null().describe('Counted, or not counted (no application yet, an unknown step)') },
      },
    },
    async (request, reply) => {
      const context = await request.findApplicant();
      if (context) await app.funnel.view(request, context, request.body.stepId, request.body.device);
      return reply.code(204).send(null);
    },
  );
};
