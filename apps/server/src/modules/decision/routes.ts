/**
 * The decision's calls: POST SaveApplication and SaveJointApplication (accept the terms and decide; every
 * later call answers the same stored decision), POST AcceptSavingsOffer, and POST BlocklistCheck (the
 * block-list rule of the decision, for the session's own applicant only: it is never a lookup of other
 * people).
 */
import {
  APPLICATION_API_PATHS,
  API_PATHS,
  blocklistCheckRequestSchema,
  blocklistCheckResponseSchema,
  membershipResponseSchema,
  normalizeBirthDate,
  saveApplicationRequestSchema,
  submitQuerySchema,
  submitResponseSchema,
} from '@omo/domain';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import { HttpProblem } from '../../lib/http-problem.ts';
import { workWithDeadLetter } from '../../lib/jobs.ts';
import { APPLICATION_PROBLEMS, documentOnly, withViewIfAsked } from '../application/routes.ts';
import {
  createDecisionService,
  DECISION_FAILED_QUEUE,
  emailSearchDigest,
  DECISION_QUEUE,
  type DecisionService,
} from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    decisions: DecisionService;
  }
}

/** Decorates the app with the decision service and works its queues. */
export const decisionServicePlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const service = createDecisionService({
      db: app.db,
      jobs: app.jobs,
      mail: app.mail,
      joint: app.joint,
      banking: app.providers.banking,
      screening: app.providers.screening,
      catalogue: app.catalogue,
      progress: app.applications.progress,
      identity: app.identity,
      lifecycle: app.lifecycle,
      clock: app.providers.clock,
      documents: app.providers.documents,
      config,
      log: app.log,
      searchDigest: (email) => emailSearchDigest(app.ciphers.digests, email),
      onDecided: (outcome, submittedAt) => app.metrics.decided(outcome, submittedAt),
    });
    // A decision waiting for the documents' result looks again, less often each time (about a day and a
    // half at the default retry delay).
    await workWithDeadLetter<{ applicationId: string }>(
      app.jobs,
      { name: DECISION_QUEUE, retryLimit: 12, deadLetter: DECISION_FAILED_QUEUE },
      ({ applicationId }) => {
        app.log.info({ queue: DECISION_QUEUE }, 'deciding in the background');
        return service.finish(applicationId);
      },
      ({ applicationId }) => service.fail(applicationId),
    );
    app.decorate('decisions', service);
  },
  {
    name: 'decision-service',
    dependencies: ['application-service', 'mail', 'jobs', 'providers', 'joint-service', 'ciphers'],
  },
);

const decisionRoutes: FastifyPluginAsyncZod = async (app) => {
  // The primary's and the co-applicant's submissions: each accepts the terms for its applicant.
  const submissions = [
    {
      path: APPLICATION_API_PATHS.saveApplication,
      tag: 'decision',
      summary:
        'Accepts the terms and decides the application; a decision already taken is answered again, never made twice',
      role: 'primary',
    },
    {
      path: API_PATHS.saveJointApplication,
      tag: 'joint',
      summary:
        "The co-applicant accepts the terms; the joint application is decided with both applicants' checks (a decision taken is answered again)",
      role: 'joint',
    },
  ] as const;
  for (const submission of submissions) {
    app.post(
      submission.path,
      {
        validatorCompiler: documentOnly,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: [submission.tag],
          summary: submission.summary,
          querystring: submitQuerySchema,
          body: saveApplicationRequestSchema,
          response: { 200: submitResponseSchema, ...APPLICATION_PROBLEMS },
        },
      },
      async (request, reply) => {
        const context = await request.requireApplicant();
        reply.header('cache-control', 'no-store');
        const { response } = await app.funnel.track(
          request,
          context,
          'reviewterms',
          () => app.decisions.submit(context, request.body as unknown, submission.role),
          (submitted) => submitted.decision,
        );
        return withViewIfAsked(app, request, context.applicant.id, response);
      },
    );
  }

  app.post(
    APPLICATION_API_PATHS.acceptSavingsOffer,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['decision'],
        summary: 'Accepts the savings account offered instead of the refused products',
        response: {
          200: membershipResponseSchema,
          401: APPLICATION_PROBLEMS[401],
          409: APPLICATION_PROBLEMS[409],
        },
      },
    },
    async (request, reply) => {
      const context = await request.requireApplicant();
      reply.header('cache-control', 'no-store');
      return app.decisions.acceptSavingsOffer(context);
    },
  );

  app.post(
    API_PATHS.blocklistCheck,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['decision'],
        summary:
          "The block-list check of the session's applicant (the body must be their own name and birth date)",
        body: blocklistCheckRequestSchema,
        response: { 200: blocklistCheckResponseSchema, 401: APPLICATION_PROBLEMS[401] },
      },
    },
    async (request, reply) => {
      const { applicant } = await request.requireApplicant();
      const info = applicant.personalInfo;
      const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
      if (
        !info ||
        !same(info.firstName, request.body.firstName) ||
        !same(info.lastName, request.body.lastName) ||
        normalizeBirthDate(info) !== request.body.birthDate
      ) {
        throw new HttpProblem(403, "Only the applicant's own name and birth date can be checked.");
      }
      reply.header('cache-control', 'no-store');
      const result = await app.providers.banking.isBlockListed(request.body);
      if (!result.ok) throw new HttpProblem(503, 'The block list cannot be checked right now.');
      return { blockListFound: result.value };
    },
  );
};

export default decisionRoutes;
