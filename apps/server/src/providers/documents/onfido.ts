/**
 * Onfido adapter (API v3.6, Canadian region by default): POST /applicants, then POST /workflow_runs with a
 * hosted link that returns to our ID verification page; GET /workflow_runs/{id}; notifications verified by
 * X-SHA2-Signature, the hex HMAC-SHA256 of the raw body keyed with the webhook token, compared in constant
 * time before the body is parsed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readJson, type ProviderResult } from '../result.ts';
import {
  isWorkflowRunStatus,
  runUpdateOfPayload,
  type DocumentFailure,
  type DocumentVerificationProvider,
  type RunUpdate,
} from './documents.ts';

export interface OnfidoOptions {
  /** e.g. 'https://api.ca.onfido.com/v3.6' (tests: the local fake). */
  baseUrl: string;
  apiToken: string;
  workflowId: string;
  webhookToken: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Onfido's link languages have no Canadian French; fr_FR is the nearest. */
const LANGUAGES = { en: 'en_US', fr: 'fr_FR' } as const;

function failure(code: DocumentFailure['code'], message: string, httpStatus?: number) {
  return { ok: false as const, failure: { code, message, ...(httpStatus ? { httpStatus } : {}) } };
}

/** True when `signature` is the hex HMAC-SHA256 of `rawBody` under `token`. */
export function isValidOnfidoSignature(
  rawBody: Buffer,
  signature: string | undefined,
  token: string,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', token).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

export function createOnfidoDocumentVerification(options: OnfidoOptions): DocumentVerificationProvider {
  const doFetch = options.fetch ?? fetch;
  const headers = {
    authorization: `Token token=${options.apiToken}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };

  async function call(path: string, init: { method: string; body?: unknown }) {
    try {
      const response = await doFetch(`${options.baseUrl}${path}`, {
        method: init.method,
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      return { response, body: await readJson(response) };
    } catch {
      return undefined;
    }
  }

  function httpFailure(status: number) {
    if (status === 401 || status === 403) return failure('unauthorized', 'Onfido refused the token', status);
    if (status === 404) return failure('notFound', 'Onfido has no such resource', status);
    if (status === 400 || status === 422)
      return failure('invalidRequest', 'Onfido refused the request', status);
    return failure('unavailable', `Onfido answered HTTP ${status}`, status);
  }

  return {
    name: 'onfido',
    async createRun(input) {
      const applicant = await call('/applicants', {
        method: 'POST',
        body: { first_name: input.firstName, last_name: input.lastName, email: input.email },
      });
      if (!applicant) return failure('unavailable', 'Onfido could not be reached');
      if (!applicant.response.ok) return httpFailure(applicant.response.status);
      const applicantId = (applicant.body as { id?: unknown } | undefined)?.id;
      if (typeof applicantId !== 'string')
        return failure('unavailable', 'Onfido answered without an applicant id');

      const run = await call('/workflow_runs', {
        method: 'POST',
        body: {
          workflow_id: options.workflowId,
          applicant_id: applicantId,
          customer_user_id: input.applicantId,
          link: {
            completed_redirect_url: input.returnUrl,
            expired_redirect_url: input.returnUrl,
            language: LANGUAGES[input.locale],
          },
        },
      });
      if (!run) return failure('unavailable', 'Onfido could not be reached');
      if (!run.response.ok) return httpFailure(run.response.status);
      const body = run.body as { id?: unknown; status?: unknown; link?: { url?: unknown } } | undefined;
      if (
        typeof body?.id !== 'string' ||
        typeof body.link?.url !== 'string' ||
        !isWorkflowRunStatus(body.status)
      ) {
        return failure('unavailable', 'Onfido answered an incomplete workflow run');
      }
      return { ok: true, value: { id: body.id, status: body.status, captureUrl: body.link.url } };
    },

    async getRun(runId): Promise<ProviderResult<RunUpdate, DocumentFailure>> {
      const run = await call(`/workflow_runs/${encodeURIComponent(runId)}`, { method: 'GET' });
      if (!run) return failure('unavailable', 'Onfido could not be reached');
      if (!run.response.ok) return httpFailure(run.response.status);
      const body = run.body as { id?: unknown; status?: unknown } | undefined;
      if (typeof body?.id !== 'string' || !isWorkflowRunStatus(body.status)) {
        return failure('unavailable', 'Onfido answered an incomplete workflow run');
      }
      return { ok: true, value: { runId: body.id, status: body.status } };
    },

    readNotification(rawBody, signature) {
      if (!isValidOnfidoSignature(rawBody, signature, options.webhookToken)) {
        return failure('unauthorized', 'The notification signature does not match');
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return failure('invalidRequest', 'The notification is not JSON');
      }
      const update = runUpdateOfPayload(body);
      return update
        ? { ok: true, value: update }
        : failure('invalidRequest', 'Not a workflow-run notification');
    },
  };
}
