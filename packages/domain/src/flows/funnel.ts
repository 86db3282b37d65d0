/**
 * The funnel: what the server records of an applicant's way through a flow, and nothing personal. An event
 * names the step, what happened there (a view, a submit, a validation error by its message key, the
 * outcome), the device class, the language, the product category, the hour and the seconds since the
 * funnel started, keyed by a random funnel id. `findPersonalValues` is the guard tests run on every event.
 */

/** Device classes by viewport width (CSS pixels): phones below 600, tablets below 1024, desktops above. */
export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The device class of a viewport width. */
export function deviceClassOf(width: number): DeviceClass {
  if (width < 600) return 'phone';
  if (width < 1024) return 'tablet';
  return 'desktop';
}

export const FUNNEL_EVENT_KINDS = ['view', 'submit', 'error', 'outcome'] as const;
export type FunnelEventKind = (typeof FUNNEL_EVENT_KINDS)[number];

/** A recorded event as the staff's reports and the guard read it: these fields and no others. */
export interface FunnelEvent {
  funnelId: string;
  flow: string;
  step: string;
  kind: FunnelEventKind;
  /** The error's message key, or the outcome; '' otherwise. */
  detail: string;
  /** 'unknown' until the browser has reported a view. */
  device: DeviceClass | 'unknown';
  language: string;
  product: string;
  /** The hour of the event (ISO, minutes and seconds zero). */
  hour: string;
  /** Seconds since the funnel started (its profile was created). */
  elapsedSeconds: number;
  /** Came back through a resume link (always false until there is one). */
  resumed: boolean;
}

/** The fields an event may have: anything else is a finding of the guard. */
export const FUNNEL_EVENT_FIELDS: readonly (keyof FunnelEvent)[] = [
  'funnelId',
  'flow',
  'step',
  'kind',
  'detail',
  'device',
  'language',
  'product',
  'hour',
  'elapsedSeconds',
  'resumed',
];

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

/** Fields whose form says they hold no text of anyone's: checked by form, not by content. */
const FORMED_FIELDS: Partial<Record<keyof FunnelEvent, (value: unknown) => boolean>> = {
  funnelId: (v) =>
    typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(v),
  hour: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:00:00(\.000)?Z$/.test(v),
  elapsedSeconds: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0,
  resumed: (v) => typeof v === 'boolean',
  kind: (v) => (FUNNEL_EVENT_KINDS as readonly unknown[]).includes(v),
  device: (v) => v === 'unknown' || (DEVICE_CLASSES as readonly unknown[]).includes(v),
};

/**
 * The guard: every field of every event checked against the applicant's own answers (the values a test
 * typed: names, e-mail, phone, birth date, address, SIN, codes…). A text field is a finding when it holds
 * an answer, or a word of one, as a word of its own (an answer chosen from a list, such as 'Personal', is
 * not found inside 'personalinfo'), or an answer with digits or an e-mail anywhere, however spaced; so is a
 * field no event may have, and an hour, a number of seconds, a flag or a class not of its form.
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
      if (formed) {
        if (!formed(raw)) findings.push({ index, field, value });
        continue;
      }
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

/** Where the browser reports a step's view. */
export const FUNNEL_VIEW_PATH = '/api/omo/FunnelView';
