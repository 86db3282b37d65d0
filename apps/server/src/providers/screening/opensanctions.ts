/**
 * Screening through OpenSanctions' matching API: `POST {OPENSANCTIONS_URL}/match/default` with
 * `Authorization: ApiKey <key>` and one query by example (`{queries: {applicant: {schema: 'Person',
 * properties: {firstName, lastName, name, birthDate, country}}}}`); the answer's
 * `responses.applicant.results` are the candidates with their score (0-1). The threshold is applied by
 * the decision, not sent. The query is a read: a retry repeats it harmlessly.
 */
import { callPartner, DEFAULT_PARTNER_TIMEOUT_MS } from '../http.ts';
import type { ScreeningMatch, ScreeningProvider } from './screening.ts';

/** The collection screened against: OpenSanctions' default (sanctions, PEPs, crime lists). */
export const OPENSANCTIONS_DATASET = 'default';

export function createOpenSanctionsScreening(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): ScreeningProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PARTNER_TIMEOUT_MS;
  return {
    name: 'opensanctions',
    async screen(subject) {
      const name = [subject.firstName, subject.middleName, subject.lastName].filter(Boolean).join(' ');
      const answer = await callPartner(
        doFetch,
        `${options.baseUrl.replace(/\/+$/, '')}/match/${OPENSANCTIONS_DATASET}`,
        {
          method: 'POST',
          headers: {
            authorization: `ApiKey ${options.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({
            queries: {
              applicant: {
                schema: 'Person',
                properties: {
                  name: [name],
                  firstName: [subject.firstName],
                  lastName: [subject.lastName],
                  birthDate: [subject.birthDate],
                  country: [subject.country.toLowerCase()],
                },
              },
            },
          }),
        },
        timeoutMs,
      );
      if (!answer.ok) {
        return {
          ok: false,
          failure: { code: 'unavailable', message: `OpenSanctions: ${answer.kind}`, kind: answer.kind },
        };
      }
      const status = answer.response.status;
      const results = (answer.body as { responses?: { applicant?: { results?: unknown } } } | undefined)
        ?.responses?.applicant?.results;
      if (status !== 200 || !Array.isArray(results)) {
        return {
          ok: false,
          failure: {
            code: 'unavailable',
            message: `OpenSanctions: HTTP ${status}`,
            httpStatus: status,
            kind: status === 200 ? 'malformed' : 'httpError',
          },
        };
      }
      const matches: ScreeningMatch[] = results.flatMap((r: unknown) => {
        const e = r as { id?: unknown; caption?: unknown; score?: unknown; datasets?: unknown };
        if (typeof e.id !== 'string' || typeof e.score !== 'number') return [];
        return [
          {
            id: e.id,
            caption: typeof e.caption === 'string' ? e.caption : e.id,
            score: e.score,
            datasets: Array.isArray(e.datasets) ? e.datasets.map(String) : [],
          },
        ];
      });
      return { ok: true, value: matches.sort((a, b) => b.score - a.score) };
    },
  };
}
