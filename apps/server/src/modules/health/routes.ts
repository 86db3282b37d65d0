/**
 * GET /api/heartbeat: a plain-text status object (spec 000 §7), e.g.
 * {"status":"Healthy","database":"Healthy","version":"dev","time":"…"}. Each dependency is "Healthy" or
 * "Degraded": the database is asked on each call (503 while it cannot be reached: this process can serve
 * nothing, though it stays up and reconnects); Redis, when configured, as last seen (200: limits are
 * counted in this process's memory meanwhile).
 */
import { API_PATHS } from '@omo/domain';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { isConnectionError } from '../../lib/connection-errors.ts';

const heartbeatText = z
  .string()
  .describe(
    'JSON text: {"status":"Healthy"|"Degraded", "database":"Healthy"|"Degraded", "redis" (when configured), "version", "time"}',
  );

const healthRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  /** True when the database answers; a connection the server dropped meanwhile is tried once more. */
  async function databaseAnswers(): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await sql`select 1`.execute(app.db);
        app.dbStatus.reached();
        return true;
      } catch (error) {
        if (isConnectionError(error)) {
          if (attempt < 2) continue;
          app.dbStatus.lost(error);
        } else {
          app.log.error({ err: error }, 'heartbeat: database check failed');
        }
        return false;
      }
    }
  }

  app.get(
    API_PATHS.heartbeat,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and dependency status as plain text',
        response: { 200: heartbeatText, 503: heartbeatText },
      },
    },
    async (_request, reply) => {
      const database = (await databaseAnswers()) ? 'Healthy' : 'Degraded';
      const redis = app.rateLimitStore.redisState;
      const degraded = database !== 'Healthy' || (redis !== undefined && redis !== 'Healthy');
      const body = JSON.stringify({
        status: degraded ? 'Degraded' : 'Healthy',
        database,
        ...(redis ? { redis } : {}),
        version: config.buildNumber,
        time: new Date().toISOString(),
      });
      // A string payload is sent as is (the zod serializer is skipped), as text/plain.
      return reply
        .code(database === 'Healthy' ? 200 : 503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};

export default healthRoutes;
