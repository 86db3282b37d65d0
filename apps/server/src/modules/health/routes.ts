/**
 * GET /api/heartbeat: a plain-text status object (spec 000 §7), e.g.
 * {"status":"Healthy","database":"Healthy","version":"dev","time":"…"}. 503 when the database is down.
 */
import { API_PATHS } from '@omo/domain';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';

const heartbeatText = z
  .string()
  .describe('JSON text: {"status":"Healthy"|"Unhealthy", "database", "version", "time"}');

const healthRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  app.get(
    API_PATHS.heartbeat,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database status as plain text',
        response: { 200: heartbeatText, 503: heartbeatText },
      },
    },
    async (request, reply) => {
      let database = 'Healthy';
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'heartbeat: database check failed');
        database = 'Unhealthy';
      }
      const status = database === 'Healthy' ? 'Healthy' : 'Unhealthy';
      const body = JSON.stringify({
        status,
        database,
        version: config.buildNumber,
        time: new Date().toISOString(),
      });
      // A string payload is sent as is (the zod serializer is skipped), as text/plain.
      return reply
        .code(status === 'Healthy' ? 200 : 503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};

export default healthRoutes;
