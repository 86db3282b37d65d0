/**
 * Alloy adapter: POST {base}/v1/journeys/{journey token}/applications with HTTP Basic auth (workflow token
 * and secret), one person entity, synchronous (Alloy's default): the answer's status and complete_outcome
 * are the decision. The profile never reaches the logs: failures carry only the HTTP status.
 */
import { readJson } from '../result.ts';
import {
  decisionOfJourneyApplication,
  type IdentityFailure,
  type IdentityProfile,
  type IdentityProvider,
} from './identity.ts';

export interface AlloyOptions {
  /** e.g. 'https://sandbox.alloy.co' (tests: the local fake). */
  baseUrl: string;
  journeyToken: string;
  workflowToken: string;
  workflowSecret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The journey application body of a profile (Alloy's person entity). */
export function toJourneyApplicationBody(profile: IdentityProfile): Record<string, unknown> {
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
    external_application_id: profile.externalId,
  };
}

function failure(code: IdentityFailure['code'], message: string, httpStatus?: number) {
  return { ok: false as const, failure: { code, message, ...(httpStatus ? { httpStatus } : {}) } };
}

export function createAlloyIdentity(options: AlloyOptions): IdentityProvider {
  const doFetch = options.fetch ?? fetch;
  const auth = Buffer.from(`${options.workflowToken}:${options.workflowSecret}`).toString('base64');
  const url = `${options.baseUrl}/v1/journeys/${encodeURIComponent(options.journeyToken)}/applications`;
  return {
    name: 'alloy',
    async evaluate(profile) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            authorization: `Basic ${auth}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(toJourneyApplicationBody(profile)),
          signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
        });
      } catch {
        return failure('unavailable', 'Alloy could not be reached');
      }
      const body = await readJson(response);
      if (response.status === 401 || response.status === 403) {
        return failure('unauthorized', 'Alloy refused the credentials', response.status);
      }
      if (response.status === 400 || response.status === 422) {
        return failure('invalidRequest', 'Alloy refused the profile', response.status);
      }
      if (!response.ok)
        return failure('unavailable', `Alloy answered HTTP ${response.status}`, response.status);
      const evaluation = decisionOfJourneyApplication(body);
      if (!evaluation) return failure('unavailable', 'Alloy answered without a decision', response.status);
      return { ok: true, value: evaluation };
    },
  };
}
