/**
 * The sandbox screening service: a short list of fictional listed persons (README, "Sandbox personas").
 * The same first and last name (case and accents ignored) scores 0.8, with the same birth date 0.99; the
 * same last name alone 0.5. At the default threshold (0.7) the name is a hit, with or without the date.
 */
import type { ScreeningMatch, ScreeningProvider } from './screening.ts';

/** The fictional listed persons. */
export const SANDBOX_LISTED_PERSONS = [
  { id: 'omo-sandbox-1', firstName: 'Boris', lastName: 'Embargov', birthDate: '1961-03-14' },
  { id: 'omo-sandbox-2', firstName: 'Mara', lastName: 'Sanctionne', birthDate: '1975-08-02' },
  { id: 'omo-sandbox-3', firstName: 'Viktor', lastName: 'Frozenfeld', birthDate: '1958-11-30' },
] as const;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

export function createSandboxScreening(): ScreeningProvider {
  return {
    name: 'sandbox',
    async screen(subject) {
      const matches: ScreeningMatch[] = [];
      for (const person of SANDBOX_LISTED_PERSONS) {
        if (fold(person.lastName) !== fold(subject.lastName)) continue;
        const sameName = fold(person.firstName) === fold(subject.firstName);
        const score = sameName ? (person.birthDate === subject.birthDate ? 0.99 : 0.8) : 0.5;
        matches.push({
          id: person.id,
          caption: `${person.firstName} ${person.lastName}`,
          score,
          datasets: ['omo_sandbox'],
        });
      }
      return { ok: true, value: matches.sort((a, b) => b.score - a.score) };
    },
  };
}
