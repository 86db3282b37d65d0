/**
 * The back office's API (staff listener only): the queue, a case, a reveal, and the actions. Every call
 * needs a staff session (401); every changing call its CSRF token (auth.ts); every action the role and
 * the case's state (service.ts, packages/domain flows/staff.ts).
 */
import { amountCentsOf, IN_PERSON_ID_TYPES, memberNumberOfReference, PROVINCES } from '@omo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queueQuerySchema, readQueue } from './queue.ts';
import type { StaffService } from './service.ts';
import type { BlockList } from './block-list.ts';
import { HttpProblem } from '../../lib/http-problem.ts';
import type { AnswerDigests } from '../../lib/crypto.ts';

const caseParams = z.object({ id: z.uuid() });
const requestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const reason = z.string().trim().min(3).max(500);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const staffRoutes: FastifyPluginAsyncZod<{
  service: StaffService;
  digests: AnswerDigests;
  blockList: BlockList;
}> = async (app, { service, digests, blockList }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/queue', { schema: { querystring: queueQuerySchema } }, async (request) => {
    const staff = await request.requireStaff();
    return readQueue(app.db, digests, request.query, staff.subject);
  });

  app.get('/api/cases/:id', { schema: { params: caseParams } }, async (request) => {
    await request.requireStaff();
    return service.readCase(request.params.id);
  });

  app.post(
    '/api/cases/:id/reveal',
    {
      schema: {
        params: caseParams,
        body: z.object({
          field: z.enum(['sin', 'birthDate']),
          applicant: z.enum(['primary', 'joint']),
          reason,
        }),
      },
    },
    async (request) => {
      const staff = await request.requireStaff();
      return service.reveal(request.params.id, staff, request.body);
    },
  );

  const simple = z.object({ requestId });
  const withReason = z.object({ requestId, reason });

  app.post('/api/cases/:id/assign', { schema: { params: caseParams, body: simple } }, async (request) =>
    service.assign(request.params.id, await request.requireStaff(), request.body.requestId),
  );
  app.post('/api/cases/:id/release', { schema: { params: caseParams, body: simple } }, async (request) =>
    service.release(request.params.id, await request.requireStaff(), request.body.requestId),
  );
  // The actions that take a reason: each path and the service's method.
  const withReasonActions = [
    ['decline', 'decline'],
    ['reopen', 'reopen'],
    ['screening/clear', 'clearScreeningHit'],
  ] as const;
  for (const [path, action] of withReasonActions) {
    app.post(
      `/api/cases/:id/${path}`,
      { schema: { params: caseParams, body: withReason } },
      async (request) =>
        service[action](
          request.params.id,
          await request.requireStaff(),
          request.body.requestId,
          request.body.reason,
        ),
    );
  }
  app.post(
    '/api/cases/:id/ask',
    {
      schema: {
        params: caseParams,
        body: z.object({ requestId, message: z.string().trim().min(10).max(1000) }),
      },
    },
    async (request) =>
      service.askApplicant(
        request.params.id,
        await request.requireStaff(),
        request.body.requestId,
        request.body.message,
      ),
  );
  app.post(
    '/api/cases/:id/documents/approve',
    { schema: { params: caseParams, body: simple } },
    async (request) =>
      service.reviewDocuments(request.params.id, await request.requireStaff(), request.body.requestId, {
        approved: true,
      }),
  );
  app.post(
    '/api/cases/:id/documents/refuse',
    { schema: { params: caseParams, body: withReason } },
    async (request) =>
      service.reviewDocuments(request.params.id, await request.requireStaff(), request.body.requestId, {
        approved: false,
        reason: request.body.reason,
      }),
  );
  app.post(
    '/api/cases/:id/in-person-id',
    {
      schema: {
        params: caseParams,
        body: z.object({
          requestId,
          idType: z.enum(IN_PERSON_ID_TYPES),
          idNumber: z
            .string()
            .trim()
            .min(4)
            .max(30)
            .regex(/^[A-Za-z0-9 -]+$/),
          expiry: isoDate.refine((d) => d >= new Date().toISOString().slice(0, 10), 'The ID has expired.'),
          issuingProvince: z.enum(PROVINCES.map((p) => p.code) as [string, ...string[]]),
          place: z.enum(['branch', 'postOffice']),
          placeName: z.string().trim().min(2).max(120),
        }),
      },
    },
    async (request) => {
      const { requestId: id, ...input } = request.body;
      return service.recordInPersonId(request.params.id, await request.requireStaff(), id, input);
    },
  );

  // A first deposit arrived: on the case (its member number), or matched by the reference it carries.
  const amount = z
    .string()
    .max(20)
    .transform((typed, ctx) => {
      const cents = amountCentsOf(typed);
      if (cents === null || cents === 0) {
        ctx.addIssue({ code: 'custom', message: 'Enter the amount received, like 150.00' });
        return z.NEVER;
      }
      return cents;
    });
  app.post(
    '/api/cases/:id/deposit',
    { schema: { params: caseParams, body: z.object({ requestId, amount }) } },
    async (request) =>
      service.recordDeposit(request.params.id, await request.requireStaff(), request.body.requestId, {
        amountCents: request.body.amount,
      }),
  );
  app.post(
    '/api/deposits',
    { schema: { body: z.object({ requestId, reference: z.string().max(40), amount }) } },
    async (request) => {
      const staff = await request.requireStaff();
      const memberNumber = memberNumberOfReference(request.body.reference);
      if (!memberNumber) throw new HttpProblem(400, 'The reference is not a member number.');
      const applicationId = await service.findByMemberNumber(memberNumber);
      const result = await service.recordDeposit(applicationId, staff, request.body.requestId, {
        amountCents: request.body.amount,
      });
      return { ...result, applicationId };
    },
  );

  // The internal block list: everyone reads it; reviewers and supervisors add; only a supervisor removes.
  app.get('/api/block-list', async (request) => {
    await request.requireStaff();
    return { entries: await blockList.list() };
  });
  const name = z.string().trim().min(1).max(60);
  app.post(
    '/api/block-list',
    {
      schema: { body: z.object({ firstName: name, lastName: name, birthDate: isoDate.optional(), reason }) },
    },
    async (request) => {
      const staff = await request.requireStaff();
      if (staff.role === 'auditor') throw new HttpProblem(403, 'An auditor cannot change the block list.');
      return blockList.add(staff, request.body);
    },
  );
  app.post(
    '/api/block-list/:id/remove',
    { schema: { params: caseParams, body: z.object({ reason }) } },
    async (request) => {
      const staff = await request.requireStaff();
      if (staff.role !== 'supervisor') throw new HttpProblem(403, 'Only a supervisor removes an entry.');
      await blockList.remove(staff, request.params.id, request.body.reason);
      return { removed: true };
    },
  );
};

export default staffRoutes;
