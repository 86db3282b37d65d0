/**
 * The sandbox document verification: runs live in `document_runs`; the applicant captures the ID's front
 * and back and a selfie on our own page (images checked by their bytes, stored encrypted in
 * `identity_documents`); submitting decides the run by the applicant's last name: Fallback is declined,
 * Docreview waits for a person's look (Onfido's `review`: the credit union's staff approve or refuse the
 * documents in the back office), anyone else approved. It decides its runs itself, so it sends no notifications: any that arrives is
 * refused (it could only be forged: an applicant approving their own documents).
 */
import { randomBytes } from 'node:crypto';
import { checkIdentityImage } from '@omo/domain';
import { applicantIdsOf, type Database } from '../../db/database.ts';
import type { BytesCipher } from '../../lib/crypto.ts';
import type { Clock } from '../clock.ts';
import { isWorkflowRunStatus, type SandboxDocumentVerification } from './documents.ts';

/** A run's capture link stays valid this long (Onfido's links default to days; the sandbox keeps a day). */
const RUN_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function createSandboxDocumentVerification(deps: {
  db: Database;
  cipher: BytesCipher;
  clock: Clock;
}): SandboxDocumentVerification {
  const { db, cipher, clock } = deps;

  async function findRun(runId: string) {
    const run = await db
      .selectFrom('document_runs')
      .select(['id', 'applicant_id', 'status', 'expires_at'])
      .where('id', '=', runId)
      .executeTakeFirst();
    if (!run) return undefined;
    // A link not used in time is abandoned, as Onfido reports it.
    if (run.status === 'awaiting_input' && new Date(run.expires_at) < clock.now()) {
      await setStatus(run.id, 'abandoned');
      return { ...run, status: 'abandoned' };
    }
    return run;
  }

  async function setStatus(runId: string, status: string) {
    await db
      .updateTable('document_runs')
      .set({ status, updated_at: clock.now() })
      .where('id', '=', runId)
      .execute();
  }

  const notFound = {
    ok: false as const,
    failure: { code: 'notFound' as const, message: 'No such workflow run' },
  };

  return {
    name: 'sandbox',
    async createRun(input) {
      const id = `wr_${randomBytes(12).toString('hex')}`;
      await db
        .insertInto('document_runs')
        .values({
          id,
          applicant_id: input.applicantId,
          status: 'awaiting_input',
          expires_at: new Date(clock.now().getTime() + RUN_LIFETIME_MS),
        })
        .execute();
      return { ok: true, value: { id, status: 'awaiting_input', captureUrl: input.sandboxCaptureUrl } };
    },

    async getRun(runId) {
      const run = await findRun(runId);
      if (!run || !isWorkflowRunStatus(run.status)) return notFound;
      return { ok: true, value: { runId: run.id, status: run.status } };
    },

    readNotification() {
      return {
        ok: false,
        failure: { code: 'unauthorized', message: 'The sandbox sends no notifications' },
      };
    },

    async captureImage(runId, side, bytes, declaredType) {
      const run = await findRun(runId);
      if (!run) return notFound;
      if (run.status !== 'awaiting_input') {
        return { ok: false, failure: { code: 'invalidRequest', message: `The run is ${run.status}` } };
      }
      const problem = checkIdentityImage(bytes, declaredType);
      if (problem) return { ok: false, failure: { code: problem, message: 'The image was refused' } };
      const values = {
        applicant_id: run.applicant_id,
        side,
        content_type: declaredType?.split(';')[0]?.trim().toLowerCase() || 'application/octet-stream',
        byte_size: bytes.length,
        ciphertext: cipher.encrypt(bytes, `${run.applicant_id}:${side}`),
      };
      await db
        .insertInto('identity_documents')
        .values(values)
        .onConflict((oc) => oc.columns(['applicant_id', 'side']).doUpdateSet(values))
        .execute();
      return { ok: true, value: undefined };
    },

    async capturedSides(runId) {
      const run = await findRun(runId);
      if (!run) return [];
      const rows = await db
        .selectFrom('identity_documents')
        .select('side')
        .where('applicant_id', '=', run.applicant_id)
        .execute();
      return rows.map((r) => r.side);
    },

    async deleteCaptures(trx, applicationId) {
      await trx
        .deleteFrom('identity_documents')
        .where('applicant_id', 'in', applicantIdsOf(trx, [applicationId]))
        .execute();
    },

    async submitRun(runId, lastName) {
      const run = await findRun(runId);
      if (!run) return notFound;
      if (run.status !== 'awaiting_input') {
        return { ok: false, failure: { code: 'invalidRequest', message: `The run is ${run.status}` } };
      }
      const persona = lastName.trim().toLowerCase();
      const result = persona === 'fallback' ? 'declined' : persona === 'docreview' ? 'review' : 'approved';
      await setStatus(runId, result);
      return {
        ok: true,
        value: [
          { runId, status: 'processing' },
          { runId, status: result },
        ],
      };
    },
  };
}
