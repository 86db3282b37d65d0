/**
 * The draft-application calls of issue 3 (contract endpoints 1–4 and 10–12), all under /api/omo/ and bound
 * to the session cookie (plugins/session.ts). Bodies are validated in the service with the domain's form
 * schemas, whose context (products, today, province...) only the server knows; the route schemas below
 * document them in the OpenAPI output but let every body through to that check (`documentOnly`), so that
 * every validation failure carries the same `errors: [{ path, key, message }]` with the contact phone.
 */
import {
  addressFormSchema,
  APPLICATION_API_PATHS,
  applicationPhoneRequestSchema,
  applicationProductsRequestSchema,
  applicationSinRequestSchema,
  applicationViewSchema,
  initializeApplicationRequestSchema,
  personalInfoViewSchema,
  problemDetailsSchema,
} from '@omo/domain';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';

/** Accepts any body: the service validates it with the domain schema. */
const documentOnly: FastifySchemaCompiler<unknown> = () => (data: unknown) => ({ value: data });

const problems = {
  400: problemDetailsSchema.describe('Validation failed: errors[] with path, key (MessageKey) and message'),
  401: problemDetailsSchema.describe("No session: 'No application in progress.'"),
  409: problemDetailsSchema.describe("'Step out of order': an earlier required step is missing"),
};

const applicationRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app) => {
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
          "Starts the draft application (or updates the session's draft) and sets the session cookie; answers the appRefNo",
        body: initializeApplicationRequestSchema,
        response: { 200: z.string().describe('appRefNo (a JSON string)'), 400: problems[400] },
      },
    },
    async (request, reply) => {
      const existing = await request.findApplication();
      const { id, appRefNo } = await service.initialize(request.body as unknown, existing);
      await reply.issueSession(id);
      reply.header('cache-control', 'no-store');
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(appRefNo));
    },
  );

  app.get(
    APPLICATION_API_PATHS.application,
    {
      schema: {
        tags: ['application'],
        summary: 'The draft as the browser may see it (never the password, the SIN or a code)',
        response: { 200: applicationViewSchema, 401: problems[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.view(await request.requireApplication());
    },
  );

  const steps = [
    {
      path: APPLICATION_API_PATHS.personalInfo,
      summary: "'Tell us about yourself' (personalInfoFormSchema; the server builds the context)",
      body: personalInfoViewSchema.partial(),
      save: service.savePersonalInfo,
    },
    {
      path: APPLICATION_API_PATHS.phone,
      summary: 'The phone number of the verification screen (resets the verification, not the counters)',
      body: applicationPhoneRequestSchema,
      save: service.savePhone,
    },
    {
      path: APPLICATION_API_PATHS.address,
      summary: "'Where do you live?' (addressFormSchema)",
      body: addressFormSchema,
      save: service.saveAddress,
    },
    {
      path: APPLICATION_API_PATHS.products,
      summary: 'Term choices of the product (required only when it has term rates)',
      body: applicationProductsRequestSchema,
      save: service.saveProducts,
    },
    {
      path: APPLICATION_API_PATHS.sin,
      summary: 'The SIN (interest-bearing applications only); stored encrypted',
      body: applicationSinRequestSchema,
      save: service.saveSin,
    },
  ] as const;

  for (const step of steps) {
    app.put(
      step.path,
      {
        validatorCompiler: documentOnly,
        schema: {
          tags: ['application'],
          summary: step.summary,
          body: step.body,
          response: { 200: applicationViewSchema, ...problems },
        },
      },
      async (request, reply) => {
        const record = await request.requireApplication();
        reply.header('cache-control', 'no-store');
        return step.save(record, request.body as unknown);
      },
    );
  }
};

export default applicationRoutes;
