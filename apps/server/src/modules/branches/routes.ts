/** POST /api/omo/GetBranchLocations: the branches and ATMs nearest the applicant (spec 000 §7). */
import { API_PATHS, branchLocationsRequestSchema, branchLocationsResponseSchema } from '@omo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createBranchRepository } from './repository.ts';
import { createBranchService } from './service.ts';

const branchRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBranchService(createBranchRepository(app.db), app.cache);

  app.post(
    API_PATHS.getBranchLocations,
    {
      schema: {
        tags: ['branches'],
        summary: 'Branches and ATMs nearest a point, nearest first',
        body: branchLocationsRequestSchema,
        response: { 200: branchLocationsResponseSchema },
      },
    },
    async (request) => ({ locations: await service.listNearest(request.body) }),
  );
};

export default branchRoutes;
