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
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { MemoryCache } from '../../plugins/cache.ts';
import { operatorOnly } from '../../plugins/operator.ts';
import { HttpProblem } from '../../plugins/problem-details.ts';

/**
 * Sends a reference list as JSON text serialised (and checked against its schema) once per cache life:
 * the lists change only with the seed data, and re-validating them on every request cost most of the
 * route's time. The route's response schema still documents the answer.
 */
async function sendCachedJson<T>(
  reply: FastifyReply,
  cache: MemoryCache,
  key: string,
  schema: z.ZodType<T>,
  load: () => Promise<T>,
): Promise<FastifyReply> {
  const json = await cache.getOrLoad(`${key}:json`, async () => JSON.stringify(schema.parse(await load())));
  return reply.type('application/json; charset=utf-8').send(json);
}

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

  app.get(
    API_PATHS.onlineAccountList,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Every product offered online, ordered by displayOrder',
        response: { 200: productListSchema },
      },
    },
    async (_request, reply) =>
      sendCachedJson(reply, app.cache, 'catalogue:products', productListSchema, app.catalogue.listProducts),
  );

  app.get(
    API_PATHS.getProduct,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The products named by id or product code; unknown names are left out',
        querystring: getProductQuerySchema,
        response: { 200: productListSchema },
      },
    },
    async (request) => {
      if (splitProductCodes(request.query.prodCodes).length === 0) {
        throw new HttpProblem(400, nullParameterMessage('prodCodes'));
      }
      return app.catalogue.findProducts(request.query.prodCodes);
    },
  );

  app.get(
    API_PATHS.getOccupationList,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The occupation list',
        response: { 200: occupationListSchema },
      },
    },
    async (_request, reply) =>
      sendCachedJson(
        reply,
        app.cache,
        'catalogue:occupations',
        occupationListSchema,
        app.catalogue.listOccupations,
      ),
  );

  app.get(
    API_PATHS.getPepPositionList,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The politically exposed positions',
        response: { 200: pepPositionListSchema },
      },
    },
    async (_request, reply) =>
      sendCachedJson(
        reply,
        app.cache,
        'catalogue:pep-positions',
        pepPositionListSchema,
        app.catalogue.listPepPositions,
      ),
  );
};

export default catalogueRoutes;
