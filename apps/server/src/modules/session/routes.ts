/**
 * The session time-out (WCAG 2.2.1): the browser reads when the applicant's session ends and warns them
 * SESSION_WARNING_MINUTES before; 'Stay signed in' extends the session, 'Exit' ends it. Reading the status
 * does not use the session, so a browser that checks it never keeps a forgotten application open.
 */
import {
  applicantStateOf,
  APPLICATION_API_PATHS,
  sessionArrivalSchema,
  sessionStatusSchema,
} from '@omo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem, NO_APPLICATION_DETAIL } from '../../lib/http-problem.ts';
import { APPLICATION_PROBLEMS } from '../application/routes.ts';

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    APPLICATION_API_PATHS.session,
    {
      schema: {
        tags: ['session'],
        summary:
          'When the session ends unless it is used, and how long before that to warn (does not extend it)',
        response: { 200: sessionStatusSchema, 401: APPLICATION_PROBLEMS[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const status = await request.findSessionStatus();
      if (!status) throw new HttpProblem(401, NO_APPLICATION_DETAIL);
      return status;
    },
  );

  app.post(
    APPLICATION_API_PATHS.sessionExtend,
    {
      schema: {
        tags: ['session'],
        summary: "'Stay signed in': starts the idle time again; an ended session stays ended (401)",
        response: { 200: sessionStatusSchema, 401: APPLICATION_PROBLEMS[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const status = await request.extendSession();
      if (!status) throw new HttpProblem(401, NO_APPLICATION_DETAIL);
      return status;
    },
  );

  app.post(
    APPLICATION_API_PATHS.sessionArrival,
    {
      schema: {
        tags: ['session'],
        summary:
          "The landing page opened: a submitted application's session ends; a draft's is named, nothing of it shown",
        response: { 200: sessionArrivalSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const context = await request.findApplicant();
      if (!context) return { hasDraft: false, nextPath: null };
      const { application, applicant } = context;
      if (applicantStateOf(applicant.role, application.decision) !== 'draft') {
        // The next person on this device starts fresh: the last applicant's session ends here.
        await reply.endSession();
        return { hasDraft: false, nextPath: null };
      }
      return { hasDraft: true, nextPath: (await app.applications.view(context)).nextPath };
    },
  );

  app.post(
    APPLICATION_API_PATHS.sessionEnd,
    {
      schema: {
        tags: ['session'],
        summary: "'Exit': ends the session (its token reaches nothing any more) and clears the cookie",
        response: { 204: z.null().describe('Ended (or there was no session)') },
      },
    },
    async (_request, reply) => {
      await reply.endSession();
      return reply.code(204).send(null);
    },
  );
};

export default sessionRoutes;
