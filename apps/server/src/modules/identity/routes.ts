/**
 * Document verification calls: the consent that starts a run (POST DocumentVerification/Start), its status
 * for the 2-second poll of the ID verification page (GET .../Status), the sandbox capture page's uploads
 * (PUT .../Capture/{side} with the image as the body, then POST .../Capture/Submit), and the provider's
 * notifications (POST ProcessIDVNotification), whose signature the real provider checks over the raw body
 * (the sandbox, which decides its runs itself, refuses them all).
 */
import {
  API_PATHS,
  APPLICATION_API_PATHS,
  documentVerificationStartRequestSchema,
  documentVerificationStartResponseSchema,
  documentVerificationStatusResponseSchema,
  IDENTITY_IMAGE_MAX_BYTES,
  IDENTITY_IMAGE_SIDES,
  IDENTITY_IMAGE_TYPES,
} from '@omo/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.ts';
import { APPLICATION_PROBLEMS, documentOnly } from '../application/routes.ts';

const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const identity = app.identity;

  app.post(
    APPLICATION_API_PATHS.documentVerificationStart,
    {
      validatorCompiler: documentOnly,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['identity'],
        summary: 'Records the ID verification consent and answers where the documents are captured',
        body: documentVerificationStartRequestSchema,
        response: { 200: documentVerificationStartResponseSchema, ...APPLICATION_PROBLEMS },
      },
    },
    async (request, reply) => {
      const context = await request.requireApplicant();
      reply.header('cache-control', 'no-store');
      return identity.startDocuments(context, request.body as unknown, requestLanguage(request));
    },
  );

  app.post(
    APPLICATION_API_PATHS.documentVerificationInPerson,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['identity'],
        summary:
          'The applicant shows ID in person instead of online (offered on the ID verification page, and again while document verification is unavailable)',
        response: { 200: documentVerificationStatusResponseSchema, ...APPLICATION_PROBLEMS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return identity.chooseInPerson(await request.requireApplicant());
    },
  );

  app.get(
    APPLICATION_API_PATHS.documentVerificationStatus,
    {
      schema: {
        tags: ['identity'],
        summary: 'The identity status; isDone once the documents were submitted, decided or the link expired',
        response: { 200: documentVerificationStatusResponseSchema, 401: APPLICATION_PROBLEMS[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return identity.documentStatus(await request.requireApplicant());
    },
  );

  if (app.providers.documents.name === 'sandbox') {
    // The sandbox capture page sends each image as the body, checked by its bytes, at most 10 MiB.
    app.register(async (scope) => {
      const capture = scope.withTypeProvider<ZodTypeProvider>();
      // Only images: any other media type is answered 415.
      capture.removeAllContentTypeParsers();
      capture.addContentTypeParser(
        [...IDENTITY_IMAGE_TYPES, 'image/heif'],
        { parseAs: 'buffer', bodyLimit: IDENTITY_IMAGE_MAX_BYTES },
        (_request, body, done) => done(null, body),
      );
      capture.put(
        `${APPLICATION_API_PATHS.documentVerificationCapture}/:side`,
        {
          bodyLimit: IDENTITY_IMAGE_MAX_BYTES,
          config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
          schema: {
            tags: ['identity'],
            summary:
              'Sandbox capture: one image (front, back or selfie) as the body, JPEG, PNG, WebP or HEIC',
            params: z.object({ side: z.enum(IDENTITY_IMAGE_SIDES) }),
            response: {
              200: z.object({
                side: z.enum(IDENTITY_IMAGE_SIDES),
                captured: z.array(z.enum(IDENTITY_IMAGE_SIDES)),
              }),
              ...APPLICATION_PROBLEMS,
            },
          },
        },
        async (request, reply) => {
          // The desktop's session or the phone's capture-only one (hand-off.ts).
          const context = await app.handOff.requireCapture(request);
          reply.header('cache-control', 'no-store');
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return identity.captureImage(context, request.params.side, body, request.headers['content-type']);
        },
      );
    });

    app.post(
      `${APPLICATION_API_PATHS.documentVerificationCapture}/Submit`,
      {
        schema: {
          tags: ['identity'],
          summary:
            'Sandbox capture: submits the three images; the run is decided by the applicant’s last name',
          response: { 200: documentVerificationStatusResponseSchema, ...APPLICATION_PROBLEMS },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const context = await app.handOff.requireCapture(request);
        const status = await identity.submitCapture(context);
        await app.handOff.photosIn(context);
        return status;
      },
    );
  }

  // The notification's signature covers the raw bytes: the body is kept as a buffer, parsed after the check.
  app.register(async (notifications) => {
    notifications.removeContentTypeParser('application/json');
    notifications.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_r, body, done) => done(null, body),
    );
    notifications.post(
      API_PATHS.processIdvNotification,
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['identity'],
          summary: 'The document-verification provider’s notification of a workflow run (X-SHA2-Signature)',
          response: {
            200: z.object({ applicantId: z.string() }),
            400: APPLICATION_PROBLEMS[400],
            401: APPLICATION_PROBLEMS[401],
          },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-sha2-signature'];
        return identity.processNotification(raw, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
};

export default identityRoutes;
