/**
 * Phone verification calls of issue 3 (contract endpoints 5–7), bound to the session's draft:
 * Start (send a code by SMS or voice call), Check (a 6-digit code) and Continue (close the step,
 * verified or not). The logic and limits are in service.ts (`app.phoneVerification`).
 */
import {
  APPLICATION_API_PATHS,
  applicationPhoneViewSchema,
  applicationViewSchema,
  problemDetailsSchema,
  verificationCodeSchema,
} from '@omo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.ts';

const startBodySchema = z.object({
  channel: z.enum(['sms', 'call']),
  /** Language of the message; the Accept-Language header when absent. */
  language: z.enum(['en', 'fr']).optional(),
});

const verificationAnswerSchema = z.object({
  phone: applicationPhoneViewSchema,
  error: z
    .enum(['expired', 'notFound', 'unavailable', 'ceiling'])
    .optional()
    .describe(
      "Check: 'expired', 'notFound' when no verification is waiting for the code (used or replaced), or 'unavailable' when the provider could not check it (Continue is then allowed, unverified). Start: 'ceiling' when an hourly ceiling refused the send, counted as a send failure",
    ),
});

const problems = {
  401: problemDetailsSchema.describe("No session: 'No application in progress.'"),
  409: problemDetailsSchema.describe("'Step out of order', already verified, or no code sent yet"),
  429: problemDetailsSchema.describe("A limit of 3 was reached (errors[0].key 'verification.limit')"),
};

const phoneVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Composed with the application's services (plugins/applicant-services.ts): a save sends codes too.
  const service = app.phoneVerification;

  app.post(
    APPLICATION_API_PATHS.phoneVerificationStart,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['phone verification'],
        summary:
          "Sends a verification code by SMS or voice call; a start while a code is pending is a resend (resend and invalid counters + 1); a send the provider or an hourly ceiling refuses is a send failure (sendFailCounter + 1; error 'ceiling' for the latter)",
        body: startBodySchema,
        response: { 200: verificationAnswerSchema, ...problems },
      },
    },
    async (request, reply) => {
      const context = await request.requireApplicant();
      reply.header('cache-control', 'no-store');
      return service.start(context, {
        channel: request.body.channel,
        locale: request.body.language ?? requestLanguage(request),
        ip: request.ip,
        log: request.log,
      });
    },
  );

  app.post(
    APPLICATION_API_PATHS.phoneVerificationCheck,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['phone verification'],
        summary:
          "Checks a code: status 'approved', or 'pending' with invalidCounter + 1; error 'expired' or 'notFound' for an expired or used code",
        body: verificationCodeSchema,
        response: { 200: verificationAnswerSchema, 400: problemDetailsSchema, ...problems },
      },
    },
    async (request, reply) => {
      const context = await request.requireApplicant();
      reply.header('cache-control', 'no-store');
      return service.check(context, request.body.code, request.log);
    },
  );

  app.post(
    APPLICATION_API_PATHS.phoneVerificationContinue,
    {
      schema: {
        tags: ['phone verification'],
        summary:
          'Closes the phone step when verified or a counter reached 3, recording whether the phone was verified; answers the draft view',
        response: { 200: applicationViewSchema, ...problems },
      },
    },
    async (request, reply) => {
      const context = await request.requireApplicant();
      reply.header('cache-control', 'no-store');
      return service.continue(context);
    },
  );
};

export default phoneVerificationRoutes;
