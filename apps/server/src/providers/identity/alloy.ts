/**
 * Alloy adapter: POST {base}/v1/journeys/{journey token}/applications with HTTP Basic auth (workflow token
 * and secret), one person entity, synchronous (Alloy's default): the answer's status and complete_outcome
 * are the decision. The profile never reaches the logs: failures carry only the HTTP status and the kind.
 *
 * Alloy takes no idempotency key, but finds an application by our external_application_id (GET
 * /v1/journeys/applications/ext/{id}/latest). That id is the applicant's id and a digest of the profile, so
 * before creating one the adapter asks for the latest application of the same profile: a retry after a
 * timeout (whose application Alloy may have created all the same) reuses it instead of creating another,
 * while a changed profile is evaluated afresh.
 */
import { createHash } from 'node:crypto';
import { callPartner, DEFAULT_PARTNER_TIMEOUT_MS, type OutageKind } from '../http.ts';
import {
  decisionOfJourneyApplication,
  type IdentityFailure,
  type IdentityProfile,
  type IdentityProvider,
} from './identity.ts';

interface AlloyOptions {
  /** e.g. 'https://sandbox.alloy.co' (tests: the local fake). */
  baseUrl: string;
  journeyToken: string;
  workflowToken: string;
  workflowSecret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The journey application body of a profile (Alloy's person entity). */
function toJourneyApplicationBody(profile: IdentityProfile): Record<string, unknown> {
  return {
    entities: [
      {
        external_entity_id: profile.externalId,
        entity_type: 'person',
        branch_name: 'persons',
        data: {
          name_first: profile.nameFirst,
          ...(profile.nameMiddle ? { name_middle: profile.nameMiddle } : {}),
          name_last: profile.nameLast,
          birth_date: profile.birthDate,
          email_address: profile.emailAddress,
          phone_number: profile.phoneNumber,
          ...(profile.sin ? { document_sin: profile.sin } : {}),
          addresses: profile.addresses.map((a) => ({
            type: a.type,
            line_1: a.line1,
            ...(a.line2 ? { line_2: a.line2 } : {}),
            city: a.city,
            state: a.state,
            postal_code: a.postalCode,
            country_code: a.countryCode,
          })),
          meta: { phone_verified: profile.phoneVerified },
        },
      },
    ],
    external_application_id: externalApplicationId(profile),
  };
}

/** Our id of one evaluation: the applicant's id and a digest of what is evaluated (no personal data). */
function externalApplicationId(profile: IdentityProfile): string {
  const digest = createHash('sha256').update(JSON.stringify(profile)).digest('hex').slice(0, 16);
  return `${profile.externalId}.${digest}`;
}

function failure(code: IdentityFailure['code'], message: string, httpStatus?: number, kind?: OutageKind) {
  return {
    ok: false as const,
    failure: { code, message, ...(httpStatus ? { httpStatus } : {}), ...(kind ? { kind } : {}) },
  };
}

export function createAlloyIdentity(options: AlloyOptions): IdentityProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PARTNER_TIMEOUT_MS;
  const auth = Buffer.from(`${options.workflowToken}:${options.workflowSecret}`).toString('base64');
  const headers = { authorization: `Basic ${auth}`, accept: 'application/json' };
  const journey = encodeURIComponent(options.journeyToken);
  const url = `${options.baseUrl}/v1/journeys/${journey}/applications`;

  /** Reads an answer that should be a journey application; undefined with `found: false` on 404. */
  function readAnswer(answer: Awaited<ReturnType<typeof callPartner>>) {
    if (!answer.ok) {
      return failure('unavailable', `Alloy gave no answer (${answer.kind})`, undefined, answer.kind);
    }
    const { status } = answer.response;
    if (status === 401 || status === 403)
      return failure('unauthorized', 'Alloy refused the credentials', status);
    if (status === 400 || status === 422)
      return failure('invalidRequest', 'Alloy refused the profile', status);
    if (!answer.response.ok) {
      return failure('unavailable', `Alloy answered HTTP ${status}`, status, 'httpError');
    }
    const evaluation = decisionOfJourneyApplication(answer.body);
    if (!evaluation) {
      // Not JSON, or an application still running (a timed-out one Alloy is finishing): no decision yet.
      const kind = answer.bodyIsJson ? undefined : 'malformed';
      return failure('unavailable', 'Alloy answered without a decision', status, kind);
    }
    return { ok: true as const, value: evaluation };
  }

  return {
    name: 'alloy',
    async evaluate(profile) {
      const id = externalApplicationId(profile);
      const earlier = await callPartner(
        doFetch,
        `${options.baseUrl}/v1/journeys/applications/ext/${encodeURIComponent(id)}/latest?journeyToken=${journey}`,
        { method: 'GET', headers },
        timeoutMs,
      );
      if (!(earlier.ok && earlier.response.status === 404)) return readAnswer(earlier);
      const created = await callPartner(
        doFetch,
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(toJourneyApplicationBody(profile)),
        },
        timeoutMs,
      );
      return readAnswer(created);
    },
  };
}
