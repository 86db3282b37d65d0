/**
 * One-time tokens (decision 0068): every secret omo sends in a link or a short code has a purpose, and
 * the purpose says how it behaves: a link (256 random or derived bits, found by its hash) or a code (6
 * digits, checked against the one live code of what it is bound to, with a few tries); whether it works
 * once; whether a new one ends the older ones. Lifetimes are chosen by the caller from the rule of its
 * purpose (the invitation's days, the draft's retention, minutes for a code).
 */
import { JOINT_EMAIL_CODE_TRIES } from '../flows/joint.ts';

/** The purposes of one-time tokens; staff purposes are added here. */
export const TOKEN_PURPOSES = [
  'jointInvitation',
  'jointEmailCode',
  'applyAsSingle',
  'resumeLink',
  'resumeCode',
  'reminderUnsubscribe',
  'phoneHandOff',
  'phoneCapture',
] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

export interface TokenRule {
  /** 'link': a long secret looked up by its hash; 'code': 6 digits checked against the live one. */
  kind: 'link' | 'code';
  /** Consumed at its first successful use. */
  singleUse: boolean;
  /** Issuing one ends the live ones of the same purpose and binding. */
  replacesOlder: boolean;
  /** Wrong entries a code takes before it stops working (codes only). */
  tries?: number;
}

export const TOKEN_RULES: Readonly<Record<TokenPurpose, TokenRule>> = {
  // The co-applicant's link works until the invitation ends or their round starts; reminders repeat it.
  jointInvitation: { kind: 'link', singleUse: false, replacesOlder: false },
  // Proof of the invited address; it stays valid until it expires (the profile may be sent again).
  jointEmailCode: { kind: 'code', singleUse: false, replacesOlder: true, tries: JOINT_EMAIL_CODE_TRIES },
  applyAsSingle: { kind: 'link', singleUse: true, replacesOlder: true },
  resumeLink: { kind: 'link', singleUse: true, replacesOlder: true },
  resumeCode: { kind: 'code', singleUse: true, replacesOlder: true, tries: 3 },
  // Works every time until the applicant is deleted: one click always unsubscribes.
  reminderUnsubscribe: { kind: 'link', singleUse: false, replacesOlder: false },
  // The photos on the phone (decision 0088): the link opens once; the capture-only session it starts (a
  // cookie) works until the photos are in or the link's 15 minutes end.
  phoneHandOff: { kind: 'link', singleUse: true, replacesOlder: true },
  phoneCapture: { kind: 'link', singleUse: false, replacesOlder: true },
};

/** A 6-digit code's shape. */
export const ONE_TIME_CODE_PATTERN = /^\d{6}$/;
