/**
 * The staff actions' service on the applicant's listener, and the two calls that reach it from outside
 * the back office: the applicant's answer to staff's question (their session), and Canada Post's signed
 * in-person ID result (the provider's signature; decision 0095), which finishes the case exactly as a
 * staff member's "ID seen in person" does.
 */
import { APPLICATION_API_PATHS, staffQuestionAnswerSchema } from '@omo/domain';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { CANADA_POST_SIGNATURE_HEADER } from '../../providers/in-person-id/notification.ts';
import { APPLICATION_PROBLEMS } from '../application/routes.ts';
import { createPostOfficeResults, type PostOfficeResults } from './post-office-results.ts';
import { createStaffService, type StaffService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    staffActions: StaffService;
    postOfficeResults: PostOfficeResults;
  }
}

/** Decorates the app with the staff actions (the back office's listener uses the same service). */
export const staffServicePlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const service = createStaffService({
      db: app.db,
      mail: app.mail,
      decisions: app.decisions,
      catalogue: app.catalogue,
      sin: app.ciphers.sin,
      log: app.log,
      config,
    });
    app.decorate('staffActions', service);
    app.decorate(
      'postOfficeResults',
      createPostOfficeResults({ db: app.db, provider: app.providers.inPersonId, staff: service }),
    );
  },
  {
    name: 'staff-service',
    dependencies: ['mail', 'decision-service', 'ciphers', 'providers', 'catalogue-service'],
  },
);

const staffApplicantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    APPLICATION_API_PATHS.answerStaffQuestion,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['decision'],
        summary: "The applicant's answer to the credit union's question",
        body: staffQuestionAnswerSchema,
        response: {
          200: z.object({ answered: z.literal(true) }),
          401: APPLICATION_PROBLEMS[401],
          409: APPLICATION_PROBLEMS[409],
        },
      },
    },
    async (request, reply) => {
      const context = await request.requireApplicant();
      reply.header('cache-control', 'no-store');
      return app.staffActions.answerQuestion(context, request.body.answer);
    },
  );

  // The signature covers the raw bytes: the body is kept as a buffer, parsed after the check.
  app.register(async (notifications) => {
    notifications.removeContentTypeParser('application/json');
    notifications.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_r, body, done) => done(null, body),
    );
    notifications.post(
      APPLICATION_API_PATHS.processInPersonIdNotification,
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['identity'],
          summary:
            "Canada Post's signed in-person ID result (X-CanadaPost-Signature, HMAC-SHA256 of the body)",
          response: {
            200: z.object({
              outcome: z.enum(['recorded', 'notVerified', 'notAwaiting', 'unknownRequest']),
              repeated: z.boolean(),
            }),
            400: APPLICATION_PROBLEMS[400],
            401: APPLICATION_PROBLEMS[401],
          },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers[CANADA_POST_SIGNATURE_HEADER];
        return app.postOfficeResults.receive(raw, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
};

export default staffApplicantRoutes;
