/**
 * Catalogue calls of spec 000 §7: products (all, or by id/code), the occupation and politically exposed
 * position lists, and ClearCache, which drops every in-memory reference-data cache of this process
 * (a POST, for an operator only in production).
 */
import {
  API_PATHS,
  getProductQuerySchema,
  nullParameterMessage,
  occupationListSchema,
  pepPositionListSchema,
  productListSchema,
  splitProductCodes,
} from '@omo/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { keepAtMost } from '../../lib/bounded-map.ts';
import { precompressJson, sendPrecompressed, type PrecompressedJson } from '../../lib/precompressed.ts';
import type { MemoryCache } from '../../lib/memory-cache.ts';
import { operatorOnly } from '../../lib/operator.ts';
import { HttpProblem } from '../../lib/http-problem.ts';

/**
 * Sends a reference list prepared once per cache life: serialised (and checked against its schema),
 * compressed (brotli and gzip) and named by an ETag when first asked, so each request is a lookup. The
 * lists change only with the seed data (and ClearCache); re-validating or compressing them on every
 * request cost most of the route's time. The route's response schema still documents the answer.
 */
async function sendCachedJson<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: MemoryCache,
  key: string,
  schema: z.ZodType<T>,
  load: () => Promise<T>,
): Promise<FastifyReply> {
  const payload = await cache.getOrLoad(`${key}:payload`, async () =>
    precompressJson(JSON.stringify(schema.parse(await load()))),
  );
  return sendPrecompressed(request, reply, payload);
}

/**
 * Distinct GetProduct answers (and distinct queries) kept prepared; past this, the first kept is dropped
 * (any query is allowed).
 */
const MAX_PREPARED_PRODUCT_ANSWERS = 256;

/** GetProduct's prepared answers for one cache life. */
interface ProductAnswers {
  /** By the products found (unknown names add nothing): spellings of one choice share an answer and ETag. */
  byProducts: Map<string, Promise<PrecompressedJson>>;
  /** By the prodCodes value as asked: a query answered before is one lookup. */
  byQuery: Map<string, PrecompressedJson>;
}

/** The answers are prepared here (compression of their own); the rest of the API uses @fastify/compress. */
const PREPARED = { compress: false, decompress: false } as const;

const catalogueRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  app.post(
    API_PATHS.clearCache,
    {
      onRequest: operatorOnly(config),
      schema: {
        tags: ['catalogue'],
        summary:
          'Clears the in-memory caches of products and lists (production: operator only, Authorization: Bearer OPERATOR_TOKEN)',
        response: { 204: z.null().describe('Caches cleared') },
      },
    },
    async (_request, reply) => {
      app.cache.clear();
      return reply.code(204).send(null);
    },
  );

  /** The reference lists: each answered whole from its prepared payload. */
  const lists = [
    {
      path: API_PATHS.onlineAccountList,
      summary: 'Every product offered online, ordered by displayOrder',
      key: 'catalogue:products',
      schema: productListSchema,
      load: app.catalogue.listProducts,
    },
    {
      path: API_PATHS.getOccupationList,
      summary: 'The occupation list',
      key: 'catalogue:occupations',
      schema: occupationListSchema,
      load: app.catalogue.listOccupations,
    },
    {
      path: API_PATHS.getPepPositionList,
      summary: 'The politically exposed positions',
      key: 'catalogue:pep-positions',
      schema: pepPositionListSchema,
      load: app.catalogue.listPepPositions,
    },
  ] as const;
  for (const list of lists) {
    app.get(
      list.path,
      {
        ...PREPARED,
        schema: { tags: ['catalogue'], summary: list.summary, response: { 200: list.schema } },
      },
      async (request, reply) =>
        sendCachedJson<unknown>(request, reply, app.cache, list.key, list.schema, list.load),
    );
  }

  app.get(
    API_PATHS.getProduct,
    {
      ...PREPARED,
      schema: {
        tags: ['catalogue'],
        summary: 'The products named by id or product code; unknown names are left out',
        querystring: getProductQuerySchema,
        response: { 200: productListSchema },
      },
    },
    async (request, reply) => {
      const { prodCodes } = request.query;
      // Kept as long as the catalogue cache.
      const answers = await app.cache.getOrLoad(
        'catalogue:product-answers',
        async (): Promise<ProductAnswers> => ({ byProducts: new Map(), byQuery: new Map() }),
      );
      const asked = answers.byQuery.get(prodCodes);
      if (asked) return sendPrecompressed(request, reply, asked);

      if (splitProductCodes(prodCodes).length === 0) {
        throw new HttpProblem(400, nullParameterMessage('prodCodes'));
      }
      const products = await app.catalogue.findProducts(prodCodes);
      const key = products.map((p) => p.productID).join(';');
      let pending = answers.byProducts.get(key);
      if (!pending) {
        pending = precompressJson(JSON.stringify(productListSchema.parse(products)));
        keepAtMost(answers.byProducts, MAX_PREPARED_PRODUCT_ANSWERS, key, pending);
        pending.catch(() => answers.byProducts.delete(key));
      }
      const payload = await pending;
      keepAtMost(answers.byQuery, MAX_PREPARED_PRODUCT_ANSWERS, prodCodes, payload);
      return sendPrecompressed(request, reply, payload);
    },
  );
};

export default catalogueRoutes;
