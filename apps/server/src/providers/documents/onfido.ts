/**
 * Onfido adapter (API v3.6, Canadian region by default): POST /applicants, then POST /workflow_runs with a
 * hosted link that returns to our ID verification page; GET /workflow_runs/{id}; notifications verified by
 * X-SHA2-Signature, the hex HMAC-SHA256 of the raw body keyed with the webhook token, compared in constant
 * time before the body is parsed. Each call is bounded by the partner timeout.
 *
 * Onfido takes no idempotency key. A run is tagged with our applicant id, and before creating one the
 * adapter lists the runs of that tag still waiting for the applicant: a retry after a timeout (whose run
 * Onfido may have created all the same) reuses that run and its link instead of creating a second.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { callPartner, DEFAULT_PARTNER_TIMEOUT_MS, type OutageKind } from '../http.ts';
import type { ProviderResult } from '../result.ts';
import {
  isWorkflowRunStatus,
  runUpdateOfPayload,
  type DocumentFailure,
  type DocumentRun,
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

function failure(code: DocumentFailure['code'], message: string, httpStatus?: number, kind?: OutageKind) {
  return {
    ok: false as const,
    failure: { code, message, ...(httpStatus ? { httpStatus } : {}), ...(kind ? { kind } : {}) },
  };
}

/** The tag of an applicant's runs (our id: no personal data). */
export function runTag(applicantId: string): string {
  return `omo-${applicantId}`;
}

const WAITING_FOR_APPLICANT = new Set(['awaiting_input', 'awaiting_client_input']);

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

/** A workflow run as Onfido answers it (the fields we read). */
interface RawRun {
  id?: unknown;
  status?: unknown;
  link?: { url?: unknown };
}

function toDocumentRun(body: RawRun | undefined): DocumentRun | undefined {
  if (
    typeof body?.id !== 'string' ||
    typeof body.link?.url !== 'string' ||
    !isWorkflowRunStatus(body.status)
  ) {
    return undefined;
  }
  return { id: body.id, status: body.status, captureUrl: body.link.url };
}

export function createOnfidoDocumentVerification(options: OnfidoOptions): DocumentVerificationProvider {
  const doFetch = options.fetch ?? fetch;
  const headers = {
    authorization: `Token token=${options.apiToken}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };

  /** One call: its status and JSON body, or a failure (no answer, a refusal, an HTTP error). */
  async function call(path: string, init: { method: string; body?: unknown }) {
    const answer = await callPartner(
      doFetch,
      `${options.baseUrl}${path}`,
      {
        method: init.method,
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      },
      options.timeoutMs ?? DEFAULT_PARTNER_TIMEOUT_MS,
    );
    if (!answer.ok) {
      return failure('unavailable', `Onfido gave no answer (${answer.kind})`, undefined, answer.kind);
    }
    const { status } = answer.response;
    if (status === 401 || status === 403) return failure('unauthorized', 'Onfido refused the token', status);
    if (status === 404) return failure('notFound', 'Onfido has no such resource', status);
    if (status === 400 || status === 422)
      return failure('invalidRequest', 'Onfido refused the request', status);
    if (!answer.response.ok)
      return failure('unavailable', `Onfido answered HTTP ${status}`, status, 'httpError');
    return { ok: true as const, body: answer.body };
  }

  /** An answer without the fields we read: a partner fault (malformed). */
  const incomplete = (what: string) =>
    failure('unavailable', `Onfido answered ${what}`, undefined, 'malformed');

  /** A run of the applicant still waiting for them, from an earlier attempt; undefined when none. */
  async function waitingRun(applicantId: string) {
    const query = new URLSearchParams({ tags: runTag(applicantId) }).toString();
    const list = await call(`/workflow_runs?${query}`, { method: 'GET' });
    if (!list.ok) return list;
    // A JSON array of workflow runs (onfido-node: listWorkflowRuns answers Array<WorkflowRun>).
    const runs = Array.isArray(list.body) ? (list.body as RawRun[]) : [];
    const run = runs.find((r) => typeof r.status === 'string' && WAITING_FOR_APPLICANT.has(r.status));
    return { ok: true as const, run: run && toDocumentRun(run) };
  }

  return {
    name: 'onfido',
    async createRun(input) {
      const earlier = await waitingRun(input.applicantId);
      if (!earlier.ok) return earlier;
      if (earlier.run) return { ok: true, value: earlier.run };

      const applicant = await call('/applicants', {
        method: 'POST',
        body: { first_name: input.firstName, last_name: input.lastName, email: input.email },
      });
      if (!applicant.ok) return applicant;
      const applicantId = (applicant.body as { id?: unknown } | undefined)?.id;
      if (typeof applicantId !== 'string') return incomplete('without an applicant id');

      const run = await call('/workflow_runs', {
        method: 'POST',
        body: {
          workflow_id: options.workflowId,
          applicant_id: applicantId,
          customer_user_id: input.applicantId,
          tags: [runTag(input.applicantId)],
          link: {
            completed_redirect_url: input.returnUrl,
            expired_redirect_url: input.returnUrl,
            language: LANGUAGES[input.locale],
          },
        },
      });
      if (!run.ok) return run;
      const created = toDocumentRun(run.body as RawRun | undefined);
      return created ? { ok: true, value: created } : incomplete('an incomplete workflow run');
    },

    async getRun(runId): Promise<ProviderResult<RunUpdate, DocumentFailure>> {
      const run = await call(`/workflow_runs/${encodeURIComponent(runId)}`, { method: 'GET' });
      if (!run.ok) return run;
      const body = run.body as { id?: unknown; status?: unknown } | undefined;
      if (typeof body?.id !== 'string' || !isWorkflowRunStatus(body.status)) {
        return incomplete('an incomplete workflow run');
      }
      return { ok: true, value: { runId: body.id, status: body.status } };
    },

    // Onfido keeps the images it captured (its own retention); omo stores none of them.
    async deleteCaptures() {},

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
