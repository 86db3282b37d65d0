/**
 * The funnel: what the server records of an applicant's way through a flow, and nothing personal. An event
 * names the step, what happened there (a view, a submit, a validation error by its message key, the
 * outcome), the device class, the language, the product category, the hour and the seconds since the
 * funnel started, keyed by a random funnel id. The guard the tests run on every event: funnel-guard.ts.
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

export const FUNNEL_EVENT_KINDS = ['view', 'submit', 'error', 'outcome', 'return'] as const;
export type FunnelEventKind = (typeof FUNNEL_EVENT_KINDS)[number];

/**
 * How an applicant came back (a 'return' event's detail): by a resume link they asked for, by the resume
 * link of a reminder, or on the phone by the photo hand-off (decision 0088).
 */
export const FUNNEL_RETURNS = ['resumeLink', 'reminder', 'handOff'] as const;
export type FunnelReturn = (typeof FUNNEL_RETURNS)[number];

/** A recorded event as the staff's reports and the guard read it: these fields and no others. */
export interface FunnelEvent {
  funnelId: string;
  flow: string;
  step: string;
  kind: FunnelEventKind;
  /** The error's message key, the outcome, or how the applicant came back; '' otherwise. */
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

/** Where the browser reports a step's view. */
export const FUNNEL_VIEW_PATH = '/api/omo/FunnelView';
