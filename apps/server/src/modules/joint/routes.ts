/**
 * The joint application's calls: POST GetApplicationFromJointCode (what the co-applicant needs to start),
 * the invitation's e-mail code and resend, POST ApplyAsSingle (the primary goes on alone once the
 * invitation has ended, through the one-time link), and off production POST /api/dev/joint/sweep and
 * /api/dev/clock to run the sweep and move time in tests. The co-applicant's submission is the decision
 * module's.
 */
import {
  API_PATHS,
  APPLICATION_API_PATHS,
  applyAsSingleQuerySchema,
  applyAsSingleRequestSchema,
  jointCodeLookupResponseSchema,
  jointCodeQuerySchema,
  jointInvitationResendSchema,
  membershipResponseSchema,
  problemDetailsSchema,
} from '@omo/domain';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { parseOrThrow } from '../application/problems.ts';
import { APPLICATION_PROBLEMS, documentOnly } from '../application/routes.ts';
import { createJointService, JOINT_SWEEP_QUEUE, type JointService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    joint: JointService;
  }
}

const JOINT_DEV_PATHS = { sweep: '/api/dev/joint/sweep', clock: '/api/dev/clock' } as const;

/** Decorates the app with the joint service and schedules its sweep. */
export const jointServicePlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const service = createJointService({
      db: app.db,
      mail: app.mail,
      links: app.ciphers.links,
      clock: app.providers.clock,
      config,
      log: app.log,
    });
    await app.jobs.define({ name: JOINT_SWEEP_QUEUE, retryLimit: 2 });
    await app.jobs.work(JOINT_SWEEP_QUEUE, async () => {
      await service.sweep();
    });
    await app.jobs.schedule(JOINT_SWEEP_QUEUE, config.jointSweepCron);
    app.decorate('joint', service);
  },
  { name: 'joint-service', dependencies: ['mail', 'jobs', 'providers', 'ciphers'] },
);

const notFound = problemDetailsSchema.describe("The typed not-found: 'Not Found'");

const jointRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  app.post(
    API_PATHS.getApplicationFromJointCode,
    {
      // Per IP; each code also counts its own lookups (JOINT_CODE_LOOKUPS_PER_HOUR).
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['joint'],
        summary:
          "What the co-applicant needs to start: whether the invitation has ended, the products, and the co-applicant's names and e-mail",
        querystring: jointCodeQuerySchema,
        response: { 200: jointCodeLookupResponseSchema, 404: notFound, 429: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.joint.lookup(request.query.jointCode);
    },
  );

  app.post(
    APPLICATION_API_PATHS.jointEmailCode,
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['joint'],
        summary:
          "E-mails a 6-digit code to the invited address: the co-applicant enters it on 'Create your profile' to show they hold it",
        querystring: jointCodeQuerySchema,
        response: { 204: z.null(), 404: notFound, 409: problemDetailsSchema, 429: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      await app.joint.sendEmailCode(request.query.jointCode);
      reply.header('cache-control', 'no-store');
      return reply.code(204).send(null);
    },
  );

  app.post(
    APPLICATION_API_PATHS.jointInvitationResend,
    {
      validatorCompiler: documentOnly,
      config: { rateLimit: { max: 3, timeWindow: '1 minute' } },
      schema: {
        tags: ['joint'],
        summary:
          "The primary sends the co-applicant's invitation again, to the same or a corrected e-mail, until the co-applicant starts",
        body: jointInvitationResendSchema,
        response: { 204: z.null(), 403: problemDetailsSchema, ...APPLICATION_PROBLEMS },
      },
    },
    async (request, reply) => {
      const context = await request.requireApplicant();
      const { email } = parseOrThrow(jointInvitationResendSchema, request.body, config.contactPhone);
      await app.joint.resendInvitation(context, email);
      reply.header('cache-control', 'no-store');
      return reply.code(204).send(null);
    },
  );

  app.post(
    API_PATHS.applyAsSingle,
    {
      validatorCompiler: documentOnly,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['joint'],
        summary:
          "The primary goes on alone once the co-applicant's part cannot go on (the one-time link e-mailed to them), confirming with their password; signs them in and answers the decision",
        querystring: applyAsSingleQuerySchema,
        body: applyAsSingleRequestSchema,
        response: { 200: membershipResponseSchema, 400: problemDetailsSchema, 404: notFound },
      },
    },
    async (request, reply) => {
      const query = parseOrThrow(applyAsSingleQuerySchema, request.query, config.contactPhone);
      const { password } = parseOrThrow(applyAsSingleRequestSchema, request.body, config.contactPhone);
      // The session comes only with the password: the code alone never signs anyone in.
      const applicationId = await app.joint.redeemSingleCode(query.code, query.type, password);
      const { applicantId, response } = await app.decisions.submitAlone(applicationId);
      await reply.issueSession(applicantId);
      reply.header('cache-control', 'no-store');
      return response;
    },
  );

  if (config.isProduction) return;

  app.post(
    JOINT_DEV_PATHS.sweep,
    {
      schema: {
        tags: ['dev'],
        summary: 'Non-production: runs the joint invitations sweep now',
        response: { 200: z.object({ reminded: z.number(), ended: z.number() }) },
      },
    },
    async () => app.joint.sweep(),
  );

  app.post(
    JOINT_DEV_PATHS.clock,
    {
      schema: {
        tags: ['dev'],
        summary: "Non-production: moves the server's clock by a number of hours (0 goes back to now)",
        body: z.object({
          offsetHours: z
            .number()
            .min(0)
            .max(24 * 60),
        }),
        response: { 200: z.object({ now: z.string() }) },
      },
    },
    async (request) => {
      const offset = request.body.offsetHours * 60 * 60 * 1000;
      app.providers.clock.now = () => new Date(Date.now() + offset);
      return { now: app.providers.clock.now().toISOString() };
    },
  );
};

export default jointRoutes;
