/**
 * The applicant's calls under /api/omo/, bound to the session cookie (plugins/session.ts): start the
 * application, read it, save each step (one route per StepHandler of the service) and run the identity
 * check its host screen asks for. Bodies are validated in the service with the domain's form schemas, whose
 * context (products, today, province…) only the server knows; the route schemas document them in the
 * OpenAPI output but let every body through to that check (`documentOnly`), so that every validation
 * failure carries the same `errors: [{ path, key, message }]` with the contact phone.
 */
import {
  APPLICATION_API_PATHS,
  applicationViewSchema,
  decisionSeenBy,
  initializeApplicationRequestSchema,
  formatSin,
  problemDetailsSchema,
  sinRevealResponseSchema,
  type ApplicationView,
} from '@omo/domain';
import { requestLanguage } from '../../lib/language.ts';
import { HttpProblem } from '../../plugins/problem-details.ts';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A submit's answer with the application's view as decided when the caller asked for it (`?view=true`):
 * the outcome page then needs no read of its own.
 */
export async function withViewIfAsked<T extends object>(
  app: FastifyInstance,
  request: FastifyRequest,
  applicantId: string,
  answer: T,
): Promise<T & { view?: ApplicationView }> {
  if ((request.query as { view?: unknown } | null)?.view !== 'true') return answer;
  return { ...answer, view: await app.applications.view(await app.applications.reload(applicantId)) };
}

/** Accepts any body: the service validates it with the domain schema. */
export const documentOnly: FastifySchemaCompiler<unknown> = () => (data: unknown) => ({ value: data });

export const APPLICATION_PROBLEMS = {
  400: problemDetailsSchema.describe('Validation failed: errors[] with path, key (MessageKey) and message'),
  401: problemDetailsSchema.describe("No session: 'No application in progress.'"),
  409: problemDetailsSchema.describe(
    "'Step out of order': an earlier required step is missing; nextPath says where to go",
  ),
};

const sendCodeQuerySchema = z.object({
  sendCode: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      "'true': once saved, a mobile phone whose verification is next is texted its code, as PhoneVerification/Start with 'sms' would (same limits and ceilings); a send refused or failed leaves the send screen next",
    ),
});

const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.applications;

  app.post(
    APPLICATION_API_PATHS.initializeApplication,
    {
      validatorCompiler: documentOnly,
      // argon2id costs 19 MiB and tens of milliseconds per call: a tighter ceiling than the API's.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['application'],
        summary:
          "Starts the application (or updates the session's applicant) and sets the session cookie; answers the appRefNo the server generated",
        body: initializeApplicationRequestSchema,
        querystring: z.object({
          view: z
            .enum(['true', 'false'])
            .optional()
            .describe("'true': the answer is { appRefNo, view }, the application's view with it"),
        }),
        response: {
          200: z.union([
            z.string().describe('appRefNo (a JSON string)'),
            z.object({ appRefNo: z.string(), view: applicationViewSchema }).describe('Asked with ?view=true'),
          ]),
          400: APPLICATION_PROBLEMS[400],
        },
      },
    },
    async (request, reply) => {
      const existing = await request.findApplicant();
      const { applicantId, appRefNo } = await service.initialize(request.body as unknown, existing, (code) =>
        app.joint.applicationOfCode(code),
      );
      await reply.issueSession(applicantId);
      // The optional, unticked box asking for reminders (decision 0068): only a tick records consent.
      if ((request.body as { reminderConsent?: unknown }).reminderConsent === true) {
        await app.reminders.consent(app.db, applicantId, requestLanguage(request));
      }
      await app.funnel.started(request, applicantId);
      reply.header('cache-control', 'no-store');
      // Asked for, the view comes with it: the next screen needs no read of its own.
      const withView = (request.query as { view?: unknown } | null)?.view === 'true';
      const answer = withView
        ? { appRefNo, view: await service.view(await service.reload(applicantId)) }
        : appRefNo;
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
    },
  );

  app.get(
    APPLICATION_API_PATHS.application,
    {
      schema: {
        tags: ['application'],
        summary: 'The application as the browser may see it (never the password, the SIN or a code)',
        response: { 200: applicationViewSchema, 401: APPLICATION_PROBLEMS[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.view(await request.requireApplicant());
    },
  );

  for (const step of service.steps) {
    // Personal information's save may send the phone's code too: one request where there were three.
    const sendsCode = step.stepId === 'personalinfo';
    app.put(
      step.path,
      {
        validatorCompiler: documentOnly,
        schema: {
          tags: ['application'],
          summary: step.summary,
          ...(sendsCode ? { querystring: sendCodeQuerySchema } : {}),
          body: step.body,
          response: { 200: applicationViewSchema, ...APPLICATION_PROBLEMS },
        },
      },
      async (request, reply) => {
        const context = await request.requireApplicant();
        reply.header('cache-control', 'no-store');
        const asked = sendsCode && (request.query as { sendCode?: unknown } | null)?.sendCode === 'true';
        return app.funnel.track(request, context, step.stepId, () =>
          service.saveStep(step.stepId, context, request.body as unknown, {
            sendCode: asked,
            ip: request.ip,
            language: requestLanguage(request),
            log: request.log,
          }),
        );
      },
    );
  }

  app.get(
    APPLICATION_API_PATHS.sinReveal,
    {
      // A reveal is a click: a tight ceiling keeps a stolen session from reading it in a loop.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['application'],
        summary:
          "The session's own applicant's SIN in full, for the review's reveal (no-store; never logged)",
        response: {
          200: sinRevealResponseSchema,
          401: APPLICATION_PROBLEMS[401],
          404: problemDetailsSchema.describe('No SIN was given'),
          409: problemDetailsSchema.describe('The application was submitted: its SIN is no longer shown'),
        },
      },
    },
    async (request, reply) => {
      const context = await request.requireApplicant();
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
      // Only the review shows it: once submitted, a session (a link's, a stolen one) cannot read it.
      if (decisionSeenBy(context.applicant.role, context.application.decision)) {
        throw new HttpProblem(409, 'The application was submitted: its SIN is no longer shown.');
      }
      const digits = await service.progress.sinOf(context.applicant);
      if (!digits) throw new HttpProblem(404, 'No SIN was given.');
      return { sin: formatSin(digits) };
    },
  );

  app.post(
    APPLICATION_API_PATHS.identityCheck,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['identity'],
        summary:
          'Runs the identity check once the earlier steps are complete (idempotent: a check already done is not run again); answers the view',
        response: {
          200: applicationViewSchema,
          401: APPLICATION_PROBLEMS[401],
          409: APPLICATION_PROBLEMS[409],
        },
      },
    },
    async (request, reply) => {
      const context = await request.requireApplicant();
      reply.header('cache-control', 'no-store');
      await app.identity.runCheck(context, request.log);
      return service.view(await service.reload(context.applicant.id));
    },
  );
};

export default applicationRoutes;
