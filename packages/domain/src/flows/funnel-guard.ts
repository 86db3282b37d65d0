/**
 * The funnel's guard (decision 0056), run by the server tests and the browser stories on every event they
 * produced: no event may hold anything an applicant typed, and each field must be of its form.
 */
import { isMessageKey } from '../messages/messages.ts';
import { DECISION_OUTCOMES } from './decision.ts';
import { FLOWS } from './flows.ts';
import {
  DEVICE_CLASSES,
  FUNNEL_EVENT_FIELDS,
  FUNNEL_EVENT_KINDS,
  FUNNEL_RETURNS,
  type FunnelEvent,
} from './funnel.ts';

const STEP_IDS = new Set<unknown>([...FLOWS.single.steps, ...FLOWS.joint.steps].map((s) => s.id));
/** What an outcome event may say: a decision's outcome, or that it is pending. */
const OUTCOMES = new Set<unknown>([...DECISION_OUTCOMES, 'pending']);

/** A personal value found in an event. */
export interface PersonalValueFinding {
  index: number;
  field: string;
  value: string;
}

/** Letters and digits only, lower case: a phone, a SIN or a postal code match however they are spaced. */
const bare = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The words of a text: split at anything not a letter or digit and between a lower and an upper case letter. */
const wordsOf = (value: string) =>
  value
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2);

/** Every text and number inside the answers (objects and arrays walked), as typed. */
function valuesOf(answers: unknown, into: string[] = []): string[] {
  if (typeof answers === 'string' || typeof answers === 'number') into.push(String(answers));
  else if (Array.isArray(answers)) answers.forEach((a) => valuesOf(a, into));
  else if (answers && typeof answers === 'object') Object.values(answers).forEach((a) => valuesOf(a, into));
  return into;
}

/** The form of each field that has one: a closed list, or a number, an hour, an id. */
const FORMED_FIELDS: Partial<Record<keyof FunnelEvent, (value: unknown, event: object) => boolean>> = {
  funnelId: (v) =>
    typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(v),
  hour: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:00:00(\.000)?Z$/.test(v),
  elapsedSeconds: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0,
  resumed: (v) => typeof v === 'boolean',
  kind: (v) => (FUNNEL_EVENT_KINDS as readonly unknown[]).includes(v),
  device: (v) => v === 'unknown' || (DEVICE_CLASSES as readonly unknown[]).includes(v),
  flow: (v) => v === 'single' || v === 'joint',
  step: (v) => STEP_IDS.has(v),
  language: (v) => v === 'en' || v === 'fr',
  // An outcome's detail is an outcome, an error's a message key (or 'other'), the others' nothing: a
  // persona named 'Blocked' or 'Review' is no finding in 'blocked' or 'address.review.city.invalid'.
  detail: (v, event) => {
    const kind = (event as { kind?: unknown }).kind;
    if (kind === 'outcome') return OUTCOMES.has(v);
    if (kind === 'error') return v === 'other' || (typeof v === 'string' && isMessageKey(v));
    if (kind === 'return') return (FUNNEL_RETURNS as readonly unknown[]).includes(v);
    return v === '';
  },
};

/**
 * The guard: every field of every event checked by its form, then against the applicant's own answers
 * (the values a test typed: names, e-mail, phone, birth date, address, SIN, codes…). A finding is a field no
 * event has; a field not of its form (a step, a flow, a class, a language, an outcome or a message key out
 * of its list, an hour with minutes, an id that is no random UUID); and a field of no closed list (the
 * product category) holding an answer or a word of one as a word of its own (an answer chosen from a list,
 * such as 'Personal', is not found inside 'personalinfo'), or an answer with digits or an e-mail anywhere,
 * however spaced.
 * @returns the findings (none: the events carry nothing of the answers)
 */
export function findPersonalValues(events: readonly object[], answers: unknown): PersonalValueFinding[] {
  const typed = valuesOf(answers);
  // Numbers, codes and e-mails are found inside any text; words only as words.
  const inside = typed
    .filter((v) => /\d|@/.test(v))
    .map(bare)
    .filter((v) => v.length >= 4);
  const words = new Set(typed.flatMap((v) => [bare(v), ...wordsOf(v)]).filter((w) => w.length >= 2));
  const findings: PersonalValueFinding[] = [];
  events.forEach((event, index) => {
    for (const [field, raw] of Object.entries(event) as [string, unknown][]) {
      const value = String(raw);
      if (!(FUNNEL_EVENT_FIELDS as readonly string[]).includes(field)) {
        findings.push({ index, field, value });
        continue;
      }
      const formed = FORMED_FIELDS[field as keyof FunnelEvent];
      if (formed && !formed(raw, event)) {
        findings.push({ index, field, value });
        continue;
      }
      // A value of a closed list (a step, an outcome, a message key) holds nothing anyone typed.
      if (formed) continue;
      const text = bare(value);
      if (
        words.has(text) ||
        wordsOf(value).some((w) => words.has(w)) ||
        inside.some((p) => text.includes(p))
      ) {
        findings.push({ index, field, value });
      }
    }
  });
  return findings;
}
