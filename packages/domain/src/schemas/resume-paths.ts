/**
 * Coming back later's addresses and limits (decision 0068), apart from its schemas: the first screen's
 * router names these routes without downloading any form schema.
 */

export const RESUME_API_PATHS = {
  /** Ask for a link: by the session's applicant, or by an e-mail (answered the same either way). */
  requestLink: '/api/omo/resume/RequestLink',
  /** The link's page opened: sends the code, answers only where it went. */
  openLink: '/api/omo/resume/OpenLink',
  /** The code: a new session at the step where the applicant left. */
  verifyCode: '/api/omo/resume/VerifyCode',
  /** One click in a reminder: no more reminders. */
  unsubscribe: '/api/omo/resume/Unsubscribe',
} as const;

export const RESUME_ROUTES = {
  /** Ask for a link by e-mail. */
  request: '/resume',
  /** The link's page (?token=). */
  open: '/resume/open',
  /** "We sent you a link" (after Save and come back later). */
  sent: '/resume/sent',
  /** The reminders' unsubscribe link (?token=). */
  unsubscribe: '/resume/unsubscribe',
} as const;

/** Links e-mailed per applicant in any hour; more requests are answered the same and send nothing. */
export const RESUME_LINKS_PER_HOUR = 3;
/** Codes sent plus wrong codes entered through one link; then the link ends (ask for a new one). */
export const RESUME_LINK_ATTEMPTS = 5;
/** Minutes an e-mailed resume code works. */
export const RESUME_CODE_MINUTES = 10;
