/**
 * ID in person (spec 001 §2.9, §7): POST CreateIDVerificationRequest (the request's id), POST
 * CanadaPostCreate?applicantId= (the post-office request with its barcode and the nearest post office, for
 * the session's own applicant only) and GET Application/NearestBranch (the branch panel).
 */
import {
  APPLICATION_API_PATHS,
  canadaPostCreateQuerySchema,
  canadaPostCreateResponseSchema,
  idVerificationRequestResponseSchema,
  nearestBranchResponseSchema,
} from '@omo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpProblem } from '../../lib/http-problem.ts';
import { APPLICATION_PROBLEMS } from '../application/routes.ts';
import { createBranchRepository } from '../branches/repository.ts';
import { createBranchService } from '../branches/service.ts';
import { createInPersonIdService } from './service.ts';

const inPersonIdRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createInPersonIdService({
    db: app.db,
    provider: app.providers.inPersonId,
    branches: createBranchService(createBranchRepository(app.db), app.cache),
  });

  app.post(
    APPLICATION_API_PATHS.canadaPostCreate,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['in-person ID'],
        summary:
          "Creates (once) the applicant's in-person ID request at a post office: its Code 128 barcode and the nearest post office",
        querystring: canadaPostCreateQuerySchema,
        response: {
          200: canadaPostCreateResponseSchema,
          401: APPLICATION_PROBLEMS[401],
          409: APPLICATION_PROBLEMS[409],
        },
      },
    },
    async (request, reply) => {
      const context = await request.requireApplicant();
      if (request.query.applicantId !== context.applicant.id) {
        throw new HttpProblem(403, "Only the applicant's own request can be created.");
      }
      reply.header('cache-control', 'no-store');
      return service.createPostOfficeRequest(context);
    },
  );

  app.post(
    APPLICATION_API_PATHS.createIdVerificationRequest,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['in-person ID'],
        summary:
          "The id of the session's applicant's in-person ID request (made once; the body, the applicant, is not needed)",
        response: {
          200: idVerificationRequestResponseSchema,
          401: APPLICATION_PROBLEMS[401],
          409: APPLICATION_PROBLEMS[409],
        },
      },
    },
    async (request, reply) => {
      const context = await request.requireApplicant();
      reply.header('cache-control', 'no-store');
      return service.createIdVerificationRequest(context);
    },
  );

  app.get(
    APPLICATION_API_PATHS.nearestBranch,
    {
      schema: {
        tags: ['in-person ID'],
        summary: "The branch nearest the applicant's home postal code (ID in person)",
        response: {
          200: nearestBranchResponseSchema,
          401: APPLICATION_PROBLEMS[401],
          409: APPLICATION_PROBLEMS[409],
        },
      },
    },
    async (request, reply) => {
      const context = await request.requireApplicant();
      reply.header('cache-control', 'no-store');
      return { branch: await service.findNearestBranch(context) };
    },
  );
};

export default inPersonIdRoutes;
