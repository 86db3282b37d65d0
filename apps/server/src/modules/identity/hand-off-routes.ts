/**
 * The ID photos on the phone (decision 0088): POST DocumentVerification/HandOff and GET .../HandOff/Status
 * for the desktop's session; POST HandOff/Open for the phone, which spends the link and starts the
 * capture-only session the capture calls accept (routes.ts), and POST HandOff/Renew, a new link by SMS.
 */
import {
  HAND_OFF_API_PATHS,
  handOffOpenAnswerSchema,
  handOffOpenRequestSchema,
  handOffRenewAnswerSchema,
  handOffStartAnswerSchema,
  handOffStatusSchema,
  problemDetailsSchema,
} from '@omo/domain';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import { requestLanguage } from '../../lib/language.ts';
import { APPLICATION_PROBLEMS } from '../application/routes.ts';
import { createHandOffService, type HandOffService } from './hand-off.ts';

declare module 'fastify' {
  interface FastifyInstance {
    handOff: HandOffService;
  }
}

export const handOffServicePlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorate(
      'handOff',
      createHandOffService({
        db: app.db,
        clock: app.providers.clock,
        documents: app.providers.documents,
        phone: app.providers.phoneVerification,
        identity: app.identity,
        limits: {
          perIpPerHour: config.phoneSendLimitPerIpPerHour,
          perNumberPerHour: config.phoneSendLimitPerNumberPerHour,
          perApplicantPerHour: config.phoneSendLimitPerApplicantPerHour,
        },
        config,
        log: app.log,
        handedOff: (context) => app.funnel.handedOff(context),
      }),
    );
  },
  {
    name: 'hand-off-service',
    dependencies: ['database', 'providers', 'application-service', 'funnel-service'],
  },
);

export const handOffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    HAND_OFF_API_PATHS.start,
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['identity'],
        summary:
          'A link for the phone to take the ID photos: its QR code, and an SMS to the verified phone within the send ceilings; ends the older link and phone session',
        response: { 200: handOffStartAnswerSchema, ...APPLICATION_PROBLEMS },
      },
    },
    async (request, reply) => {
      const context = await request.requireApplicant();
      reply.header('cache-control', 'no-store');
      return app.handOff.start(context, { ip: request.ip, language: requestLanguage(request) });
    },
  );

  app.get(
    HAND_OFF_API_PATHS.status,
    {
      schema: {
        tags: ['identity'],
        summary: 'Where the hand-off to the phone is, the photos received, and where to go once they are in',
        response: { 200: handOffStatusSchema, 401: APPLICATION_PROBLEMS[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.handOff.status(await request.requireApplicant());
    },
  );

  app.post(
    HAND_OFF_API_PATHS.open,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['identity'],
        summary:
          'The phone opens the link: spends it and starts a capture-only session (410 when used, expired or unknown)',
        body: handOffOpenRequestSchema,
        response: { 200: handOffOpenAnswerSchema, 410: problemDetailsSchema, 429: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.handOff.open(request.body.token, reply);
    },
  );

  app.post(
    HAND_OFF_API_PATHS.renew,
    {
      config: { rateLimit: { max: 3, timeWindow: '1 minute' } },
      schema: {
        tags: ['identity'],
        summary:
          'The phone asks, with a link that no longer works, for a new one by SMS to the verified phone (within the send ceilings)',
        body: handOffOpenRequestSchema,
        response: { 200: handOffRenewAnswerSchema, 429: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.handOff.renew(request.body.token, {
        ip: request.ip,
        language: requestLanguage(request),
      });
    },
  );
};
