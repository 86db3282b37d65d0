/**
 * Coming back later (decision 0068): POST RequestLink (answered 200 the same whatever it finds), POST
 * OpenLink (sends the code, answers only its channel), POST VerifyCode (a new session at the step where
 * the applicant left) and POST Unsubscribe (one click in a reminder). Each call has its own per-IP limit.
 */
import {
  RESUME_API_PATHS,
  resumeLinkAnswerSchema,
  resumeLinkRequestSchema,
  resumeOpenAnswerSchema,
  resumeTokenSchema,
  resumeVerifyAnswerSchema,
  resumeVerifyRequestSchema,
  problemDetailsSchema,
} from '@omo/domain';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { requestLanguage } from '../../lib/language.ts';
import { createResumeService, RESUME_LINK_QUEUE, type ResumeLinkJob, type ResumeService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    resume: ResumeService;
  }
}

/** Decorates the app with the resume service and works the queue of link requests. */
export const resumeServicePlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const service = createResumeService({
      db: app.db,
      mail: app.mail,
      jobs: app.jobs,
      phone: app.providers.phoneVerification,
      clock: app.providers.clock,
      config,
      log: app.log,
      nextPathOf: async (context) => (await app.applications.view(context)).nextPath,
      resumed: (context, how, nextPath) => app.funnel.resumed(context, how, nextPath),
    });
    await app.jobs.define({ name: RESUME_LINK_QUEUE, retryLimit: 3 });
    await app.jobs.work<ResumeLinkJob>(RESUME_LINK_QUEUE, async (job) => {
      await service.sendLink(job);
    });
    app.decorate('resume', service);
  },
  {
    name: 'resume-service',
    dependencies: ['mail', 'jobs', 'providers', 'application-service', 'funnel-service'],
  },
);

const resumeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    RESUME_API_PATHS.requestLink,
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['resume'],
        summary:
          "Ask for a link to the draft: the session's applicant's, or an e-mail address's; answered the same whether or not there is a draft",
        body: resumeLinkRequestSchema,
        response: { 200: resumeLinkAnswerSchema, 429: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const language = request.body.language ?? requestLanguage(request);
      const email = request.body.email;
      const context = email ? undefined : await request.findApplicant();
      // The same job whatever is found: the answer and its time tell nothing.
      await app.resume.requestLink(
        context ? { applicantId: context.applicant.id, language } : { email: email ?? '', language },
      );
      return { requested: true as const };
    },
  );

  app.post(
    RESUME_API_PATHS.openLink,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['resume'],
        summary: "The link's page opened: sends the code to the verified phone, else to the e-mail",
        body: resumeTokenSchema,
        response: { 200: resumeOpenAnswerSchema, 410: problemDetailsSchema, 429: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.resume.openLink(request.body.token, requestLanguage(request));
    },
  );

  app.post(
    RESUME_API_PATHS.verifyCode,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['resume'],
        summary: 'The code: spends the link and starts a new session at the step where the applicant left',
        body: resumeVerifyRequestSchema,
        response: {
          200: resumeVerifyAnswerSchema,
          400: problemDetailsSchema,
          410: problemDetailsSchema,
          429: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { applicantId, nextPath } = await app.resume.verifyCode(request.body.token, request.body.code);
      await reply.issueSession(applicantId);
      return { nextPath };
    },
  );

  app.post(
    RESUME_API_PATHS.unsubscribe,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['resume'],
        summary: 'One click in a reminder: no more reminders (204 for any token, known or not)',
        body: resumeTokenSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.reminders.unsubscribe(request.body.token);
      return reply.code(204).send(null);
    },
  );
};

export default resumeRoutes;
