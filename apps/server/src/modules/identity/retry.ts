/**
 * Works the queue of identity checks the provider did not answer (IDENTITY_RETRY_QUEUE): each job asks the
 * provider again, with backoff (JOB_RETRY_SECONDS doubled each time, about eight hours in all at the
 * default), while the applicant goes on and the decision waits for the answer (decision 0050). Once the
 * retries are spent, the identity is confirmed in person.
 */
import fp from 'fastify-plugin';
import { workWithDeadLetter } from '../../lib/jobs.ts';
import { IDENTITY_RETRY_FAILED_QUEUE, IDENTITY_RETRY_QUEUE } from './service.ts';

export const identityRetryPlugin = fp(
  async (app) => {
    await workWithDeadLetter<{ applicantId: string }>(
      app.jobs,
      { name: IDENTITY_RETRY_QUEUE, retryLimit: 10, deadLetter: IDENTITY_RETRY_FAILED_QUEUE },
      ({ applicantId }) => app.identity.retryCheck(applicantId, app.log),
      ({ applicantId }) => app.identity.giveUpCheck(applicantId, app.log),
    );
  },
  { name: 'identity-retry', dependencies: ['application-service', 'jobs'] },
);
