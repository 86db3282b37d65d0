/**
 * Address lookup through the server (contract endpoints 8–9): AddressComplete Find v2.10 and Retrieve
 * v2.11 shapes, proxied to `app.providers.addressLookup`, so the Canada Post key never reaches the
 * browser. No session needed (the address screen may be reloaded, and the search box calls it while
 * typing), but a tighter per-IP rate limit than the rest of the API. Provider failures become problem
 * details: 404 for an unknown Id, 503 otherwise (the browser offers manual entry).
 */
import {
  addressFindItemSchema,
  addressRetrieveItemSchema,
  APPLICATION_API_PATHS,
  problemDetailsSchema,
  type Language,
} from '@omo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '../../lib/http-problem.ts';
import type { AddressLookupFailure } from '../../providers/address-lookup/address-lookup.ts';

/** Requests per minute per IP on each lookup call. */
export const ADDRESS_LOOKUP_RATE_LIMIT = 120;

const languageSchema = z
  .string()
  .max(10)
  .optional()
  .transform((v): Language => (v && /^fr/i.test(v) ? 'fr' : 'en'))
  .describe("'en' (default) or 'fr' (2- or 4-character codes accepted)");

const findQuerySchema = z.object({
  SearchTerm: z.string().max(200).default(''),
  LastId: z.string().max(300).optional(),
  LanguagePreference: languageSchema,
  MaxSuggestions: z.coerce.number().int().min(1).max(100).default(7),
});

const retrieveQuerySchema = z.object({
  Id: z.string().min(1).max(300),
  LanguagePreference: languageSchema,
});

const problems = {
  404: problemDetailsSchema.describe('Unknown Id (or LastId)'),
  429: problemDetailsSchema.describe('Rate limit'),
  503: problemDetailsSchema.describe('Address lookup unavailable: enter the address manually'),
};

const addressLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.providers.addressLookup;

  const fail = (failure: AddressLookupFailure, log: { debug: (o: object, m: string) => void }): never => {
    if (failure.code === 'invalidId') throw new HttpProblem(404, 'No address with this Id.');
    // Logged at warn once, where the provider is wrapped (providers/failure-log.ts).
    log.debug(
      { provider: provider.name, failure: failure.code, vendorError: failure.error },
      'address lookup failed',
    );
    throw new HttpProblem(503, 'Address lookup is unavailable. Enter the address manually.');
  };

  const rateLimit = { max: ADDRESS_LOOKUP_RATE_LIMIT, timeWindow: '1 minute' };

  app.get(
    APPLICATION_API_PATHS.addressFind,
    {
      config: { rateLimit },
      schema: {
        tags: ['address lookup'],
        summary:
          "Address suggestions (Canada Post AddressComplete Find v2.10 shape); Next 'Find' items drill down with LastId",
        querystring: findQuerySchema,
        response: { 200: z.object({ Items: z.array(addressFindItemSchema) }), ...problems },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const result = await provider.find({
        searchTerm: q.SearchTerm,
        lastId: q.LastId,
        language: q.LanguagePreference,
        maxSuggestions: q.MaxSuggestions,
      });
      if (!result.ok) return fail(result.failure, request.log);
      reply.header('cache-control', 'private, max-age=300');
      return result.value;
    },
  );

  app.get(
    APPLICATION_API_PATHS.addressRetrieve,
    {
      config: { rateLimit },
      schema: {
        tags: ['address lookup'],
        summary:
          'The full address of a suggestion (Canada Post AddressComplete Retrieve v2.11 shape); Quebec answers ENG and FRE items',
        querystring: retrieveQuerySchema,
        response: { 200: z.object({ Items: z.array(addressRetrieveItemSchema) }), ...problems },
      },
    },
    async (request, reply) => {
      const result = await provider.retrieve({
        id: request.query.Id,
        language: request.query.LanguagePreference,
      });
      if (!result.ok) return fail(result.failure, request.log);
      reply.header('cache-control', 'private, max-age=300');
      return result.value;
    },
  );
};

export default addressLookupRoutes;
