/**
 * The ID photos on the phone (decision 0088): on the photo step a desktop applicant gets a QR code and an
 * SMS link to the verified phone; the link opens a capture-only session on the phone (HAND_OFF_MINUTES,
 * one use, bound to the applicant) and the desktop, asking the server, moves on once the photos are in.
 * Its addresses and limits, apart from its schemas (hand-off.ts): the first screen's router names them.
 */
export const HAND_OFF_API_PATHS = {
  /** Desktop: a new link (QR code, and SMS to the verified phone); ends the older link and session. */
  start: '/api/omo/DocumentVerification/HandOff',
  /** Desktop: where the hand-off is (the server decides); polled. */
  status: '/api/omo/DocumentVerification/HandOff/Status',
  /** Phone: spends the link and starts the capture-only session. */
  open: '/api/omo/HandOff/Open',
  /** Phone: a link that no longer works texts a new one to the verified phone. */
  renew: '/api/omo/HandOff/Renew',
} as const;

/** The phone's page (?token=). */
export const HAND_OFF_ROUTE = '/handoff';
/** Minutes a hand-off link, and the capture session it opens, work. */
export const HAND_OFF_MINUTES = 15;

/** none: no link live; waiting: not opened yet; opened: the phone is taking photos; expired; done. */
export const HAND_OFF_STATES = ['none', 'waiting', 'opened', 'expired', 'done'] as const;
export type HandOffState = (typeof HAND_OFF_STATES)[number];

/** Why a link does not open: opened already (here or elsewhere), expired or replaced, or unknown. */
export const HAND_OFF_GONE_TITLES = { used: 'Link used', expired: 'Link expired' } as const;
