/**
 * The server's configuration: read once from the environment, validated with zod, then passed down
 * explicitly (never read process.env elsewhere). Each variable is stated once, in VARIABLES, from which
 * the schema, the `AppConfig` type and the README table (scripts/config-table.ts) are all made.
 *
 * To add a variable (one entry; schema, type and README follow from it):
 *   1. add `NAME: variable(zodSchema.default(...), { description, key })` to VARIABLES below;
 *   2. `key` is its place in AppConfig ('group.name' nests it); `to(value, context)` converts it on the way;
 *   3. `shown` is the README's default when it is computed; `production(value)` names what production refuses;
 *   4. run `npx tsx scripts/config-table.ts --write && npx prettier --write README.md`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** What a variable's conversion may read besides its own value. */
interface Context {
  root: string;
  isProduction: boolean;
  port: number;
  /** PROVIDERS=real: an unset *_PROVIDER picks the real partner. */
  realProviders: boolean;
  /** The staff back office's port (STAFF_PORT, else PORT + 1). */
  staffPort: number;
  /** The credit union's OpenID provider for staff, its three settings together; undefined: the embedded one. */
  staffOidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
}

declare const TYPES: unique symbol;

/** One environment variable, stated once. */
interface Variable<S extends z.ZodType = z.ZodType, K extends string = string, R = unknown> {
  schema: S;
  /** The README's description. */
  description: string;
  /** The README's default, when it is not the schema's own (computed, or '(unset)'). */
  shown?: string;
  /** Its place in AppConfig ('group.name' nests it); none for a variable only parseConfig reads. */
  key?: K;
  /** Its value in AppConfig, from its parsed value (the parsed value itself without it). */
  to?: (value: z.output<S>, context: Context) => R;
  /** In production: the problem to refuse the start with, or undefined when the value is fine. */
  production?: (value: z.output<S>) => string | undefined;
  /** Type only: the key and the AppConfig value. */
  readonly [TYPES]: { key: K; value: R };
}

function variable<S extends z.ZodType, const K extends string = never, const R = z.output<S>>(
  schema: S,
  spec: Omit<Variable<S, K, R>, 'schema' | typeof TYPES>,
): Variable<S, K, R> {
  return { schema, ...spec } as Variable<S, K, R>;
}

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(emptyToUndefined, schema.optional());
/** '1h,3d' → the delays in milliseconds, ascending. */
function parseDelays(text: string): number[] {
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => Number(part.slice(0, -1)) * unit[part.slice(-1) as keyof typeof unit])
    .sort((a, b) => a - b);
}
const noTrailingSlash = (url: string) => url.replace(/\/+$/, '');
const fromRoot = (folder: string, context: Context) => path.resolve(context.root, folder);
const FROM_PROVIDERS = '(from PROVIDERS)';

const VARIABLES = {
  PORT: variable(z.coerce.number().int().min(0).max(65535).default(3000), {
    description: 'TCP port the server listens on.',
    key: 'port',
  }),
  HOST: variable(optionalString, {
    shown: '(localhost; 0.0.0.0 in production)',
    description:
      'Interface the server listens on. Outside production only a loopback one, unless ALLOW_DEVELOPMENT_ON_NETWORK=true.',
    key: 'host',
    to: (v, c): string => v ?? (c.isProduction ? '0.0.0.0' : 'localhost'),
  }),
  PUBLIC_URL: variable(optional(z.url()), {
    shown: '(http://localhost:PORT)',
    description:
      'Public base address of the site: links in e-mails, and the only Origin whose state-changing requests are accepted. Required in production.',
    key: 'publicUrl',
    to: (v, c): string => noTrailingSlash(v ?? `http://localhost:${c.port}`),
    production: (v) =>
      v ? undefined : 'PUBLIC_URL is unset: the links in e-mails would point to localhost.',
  }),
  APP_ENV: variable(z.enum(['development', 'test', 'production']).default('development'), {
    description:
      'development | test | production. Production hides /productlist, /Diagnostics, /dev/* and the dev APIs, and refuses to start on any setup short of production (decision 0053).',
    key: 'appEnv',
  }),
  DATABASE_URL: variable(optionalString, {
    description:
      'PostgreSQL connection string. Unset: embedded PGlite stored in DATA_DIR/pglite. "memory://": in-memory PGlite (tests).',
    key: 'databaseUrl',
  }),
  DATABASE_SCHEMA: variable(optional(z.string().regex(/^[a-z_][a-z0-9_]*$/)), {
    description:
      'PostgreSQL only: the schema omo works in (its tables and the job queue), instead of public and pgboss.',
    key: 'databaseSchema',
  }),
  DATA_DIR: variable(z.string().min(1).default('.data'), {
    description: 'Folder for the embedded database and generated keys (relative to the repository root).',
    key: 'dataDir',
    to: fromRoot,
  }),
  SEED_DIR: variable(z.string().min(1).default('data'), {
    description: 'Folder of the JSON seed files loaded at start (relative to the repository root).',
    key: 'seedDir',
    to: fromRoot,
  }),
  WEB_DIST: variable(z.string().min(1).default('apps/web/dist'), {
    description: 'Folder of the built web app served by the server (relative to the repository root).',
    key: 'webDist',
    to: fromRoot,
  }),
  LOG_LEVEL: variable(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    {
      description: 'pino log level: fatal, error, warn, info, debug, trace or silent.',
      key: 'logLevel',
    },
  ),
  INSTITUTION_NAME: variable(z.string().min(1).default('omo Credit Union'), {
    description: 'Name of the credit union shown to applicants.',
    key: 'institutionName',
  }),
  CONTACT_PHONE: variable(z.string().min(1).default('1-800-555-0199'), {
    description: 'Contact-centre phone number shown in messages.',
    key: 'contactPhone',
  }),
  ONLINE_BANKING_URL: variable(z.url().default('https://online.omo.example'), {
    description: 'Online-banking base address (the "I\'m already a member" and sign-in links).',
    key: 'onlineBankingUrl',
  }),
  ETRANSFER_DEPOSIT_EMAIL: variable(z.email().default('deposits@omo.example'), {
    description:
      'Address a new member sends an Interac e-Transfer to for a first deposit, with the member number as its message (the welcome page and e-mail).',
    key: 'eTransferEmail',
  }),
  PUBLIC_WEBSITE_URL: variable(z.url().default('https://www.omo.example'), {
    description: 'Public website the error pages exit to.',
    key: 'publicWebsiteUrl',
  }),
  MOBILE_APP_URL: variable(z.url().default('https://www.omo.example/app'), {
    description: "Address the welcome page's QR code opens: the mobile app's download page.",
    key: 'mobileApp.url',
  }),
  APP_STORE_URL: variable(z.url().default('https://www.omo.example/app/ios'), {
    description: "The mobile app's page on the App Store (the welcome page's badge).",
    key: 'mobileApp.appStoreUrl',
  }),
  GOOGLE_PLAY_URL: variable(z.url().default('https://www.omo.example/app/android'), {
    description: "The mobile app's page on Google Play (the welcome page's badge).",
    key: 'mobileApp.googlePlayUrl',
  }),
  ID_PROVIDER_SHARE_PERCENT: variable(z.coerce.number().int().min(0).max(100).default(100), {
    description:
      'Share (0-100) of applications the server routes to the identity-verification provider (a roll 0-99 at or below it); the others are checked on their data alone.',
    key: 'idProviderSharePercent',
  }),
  ALLOY_ENABLED: variable(booleanFromEnv.default(true), {
    description: 'Whether the identity-verification provider is used at all.',
    key: 'alloyEnabled',
  }),
  FORCE_ID_RESULT: variable(z.enum(['', 'passed', 'denied', 'stepUp', 'error']).default(''), {
    description:
      'Non-production only: force the identity check to passed, denied, stepUp (documents asked) or error.',
    key: 'forceIdResult',
    // Production never forces a result ('').
    to: (v, c) => (c.isProduction ? '' : v),
  }),
  IDENTITY_CREDIT_BUREAU: variable(z.string().trim().max(60).default('Equifax Canada'), {
    description:
      "The credit bureau whose file the identity provider's check uses, named on the decline page; empty when it uses none.",
    key: 'identityCreditBureau',
  }),
  IDENTITY_PROVIDER: variable(optional(z.enum(['sandbox', 'alloy'])), {
    shown: FROM_PROVIDERS,
    description:
      'sandbox | alloy. Unset: alloy when PROVIDERS=real, else sandbox. alloy needs IRS_REQUEST_KEY and the two ALLOY_WORKFLOW_* credentials.',
    key: 'identityProvider',
    to: (v, c) => v ?? (c.realProviders ? 'alloy' : 'sandbox'),
  }),
  IRS_API_URL: variable(z.url().default('https://sandbox.alloy.co'), {
    description:
      "Base address of the identity-verification service (Alloy journeys; tests point it to a local fake). Production refuses the default, Alloy's sandbox.",
    key: 'alloy.baseUrl',
    to: noTrailingSlash,
  }),
  IRS_REQUEST_KEY: variable(optionalString, {
    description: 'Journey token of the identity-verification service; kept on the server.',
    key: 'alloy.journeyToken',
  }),
  ALLOY_WORKFLOW_TOKEN: variable(optionalString, {
    description: 'Alloy workflow token (HTTP Basic user).',
    key: 'alloy.workflowToken',
  }),
  ALLOY_WORKFLOW_SECRET: variable(optionalString, {
    description: 'Alloy workflow secret (HTTP Basic password).',
    key: 'alloy.workflowSecret',
  }),
  DOCUMENT_VERIFICATION_PROVIDER: variable(optional(z.enum(['sandbox', 'onfido'])), {
    shown: FROM_PROVIDERS,
    description:
      'sandbox | onfido. Unset: onfido when PROVIDERS=real, else sandbox (a capture page of our own). onfido needs the three ONFIDO_* credentials.',
    key: 'documentVerificationProvider',
    to: (v, c) => v ?? (c.realProviders ? 'onfido' : 'sandbox'),
  }),
  ONFIDO_BASE_URL: variable(z.url().default('https://api.ca.onfido.com/v3.6'), {
    description: 'Base address of the Onfido API (Canadian region; tests point it to a local fake).',
    key: 'onfido.baseUrl',
    to: noTrailingSlash,
  }),
  ONFIDO_API_TOKEN: variable(optionalString, {
    description: 'Onfido API token.',
    key: 'onfido.apiToken',
  }),
  ONFIDO_WORKFLOW_ID: variable(optionalString, {
    description: 'Onfido Studio workflow that captures the photo ID and the selfie.',
    key: 'onfido.workflowId',
  }),
  ONFIDO_WEBHOOK_TOKEN: variable(optionalString, {
    description:
      'Token that signs the notifications Onfido sends to ProcessIDVNotification (X-SHA2-Signature).',
    key: 'onfido.webhookToken',
  }),
  MEMBERSHIP_SHARE_PRICE: variable(
    z
      .string()
      .regex(/^\d{1,5}\.\d{2}$/, 'dollars and cents, e.g. 5.00')
      .default('5.00'),
    {
      description:
        'Price in dollars of the membership share every member buys (e.g. 5.00): stated before the terms are accepted and on the welcome page.',
      key: 'membershipSharePrice',
    },
  ),
  HIDE_REFERRAL_CODE: variable(booleanFromEnv.default(false), {
    description: "Page setting: hide the referral code on 'Create your profile'.",
    key: 'hideReferralCode',
  }),
  DEVICE_FINGERPRINT_SCRIPT_URL: variable(optional(z.url()), {
    description:
      'Address of the device-fingerprint script the identity provider supplies; unset, no script is loaded.',
    key: 'deviceFingerprint.scriptUrl',
  }),
  DEVICE_FINGERPRINT_ORG_ID: variable(optionalString, {
    description: 'Organisation id the device-fingerprint script is started with.',
    key: 'deviceFingerprint.orgId',
  }),
  BUILD_NUMBER: variable(z.string().min(1).default('dev'), {
    description: 'Build number shown on the diagnostics page and the heartbeat.',
    key: 'buildNumber',
  }),
  SESSION_SECRET: variable(optional(z.string().min(32)), {
    description:
      'Secret (at least 32 characters) for signing cookies and keying the sandbox code hashes; set it when several server processes share a database.',
    key: 'sessionSecret',
  }),
  SIN_ENCRYPTION_KEY: variable(optionalString, {
    description:
      'AES-256-GCM key for stored SINs (64 hex characters or 32 bytes base64). Unset: a key file generated in DATA_DIR (embedded database). Required in production.',
    key: 'sinEncryptionKey',
  }),
  PROVIDERS: variable(z.enum(['sandbox', 'real']).default('sandbox'), {
    description: 'Partner adapters: sandbox (no network) or real.',
    key: 'providers',
  }),
  PHONE_VERIFICATION_PROVIDER: variable(optional(z.enum(['sandbox', 'twilio'])), {
    shown: FROM_PROVIDERS,
    description:
      'sandbox | twilio. Unset: twilio when PROVIDERS=real, else sandbox. twilio needs the three TWILIO_* credentials.',
    key: 'phoneVerificationProvider',
    to: (v, c) => v ?? (c.realProviders ? 'twilio' : 'sandbox'),
  }),
  ADDRESS_LOOKUP_PROVIDER: variable(optional(z.enum(['sandbox', 'canadapost'])), {
    shown: FROM_PROVIDERS,
    description:
      'sandbox | canadapost. Unset: canadapost when PROVIDERS=real, else sandbox. canadapost needs CANADA_POST_KEY.',
    key: 'addressLookupProvider',
    to: (v, c) => v ?? (c.realProviders ? 'canadapost' : 'sandbox'),
  }),
  TWILIO_BASE_URL: variable(z.url().default('https://verify.twilio.com'), {
    description: 'Base address of the Twilio Verify v2 API (tests point it to a local fake).',
    key: 'twilio.baseUrl',
    to: noTrailingSlash,
  }),
  TWILIO_ACCOUNT_SID: variable(optionalString, {
    description: 'Twilio Account SID (or API key SID) for HTTP Basic auth.',
    key: 'twilio.accountSid',
  }),
  TWILIO_AUTH_TOKEN: variable(optionalString, {
    description: 'Twilio Auth Token (or API key secret) for HTTP Basic auth.',
    key: 'twilio.authToken',
  }),
  TWILIO_VERIFY_SERVICE_SID: variable(optionalString, {
    description: 'Twilio Verify service SID (VA...).',
    key: 'twilio.serviceSid',
  }),
  TWILIO_MESSAGING_BASE_URL: variable(z.url().default('https://api.twilio.com'), {
    description: 'Base address of the Twilio Messaging API (tests point it to a local fake).',
    key: 'twilio.messagingBaseUrl',
    to: noTrailingSlash,
  }),
  TWILIO_MESSAGING_SERVICE_SID: variable(optionalString, {
    description:
      "Twilio Messaging Service SID (MG...) that sends omo's own texts (the ID photos' link to the phone); unset, none are sent and the QR code remains.",
    key: 'twilio.messagingServiceSid',
  }),
  CANADA_POST_BASE_URL: variable(z.url().default('https://ws1.postescanada-canadapost.ca'), {
    description: 'Base address of Canada Post AddressComplete (tests point it to a local fake).',
    key: 'canadaPost.baseUrl',
    to: noTrailingSlash,
  }),
  CANADA_POST_KEY: variable(optionalString, {
    description:
      'AddressComplete key (AA11-AA11-AA11-AA11); used by the server only, never sent to the browser.',
    key: 'canadaPost.key',
  }),
  CANADA_POST_NOTIFICATION_SECRET: variable(optionalString, {
    description:
      "Secret that signs Canada Post's in-person ID results sent to ProcessInPersonIdNotification (X-CanadaPost-Signature, HMAC-SHA256 of the body); unset, every notification is refused.",
    key: 'canadaPost.notificationSecret',
  }),
  DIGITAL_BRANCH_CODE: variable(z.string().trim().min(1).default('001'), {
    description:
      'Branch code the core banking opens digital applications at (the membership request, decision 0075).',
    key: 'coreBanking.branchCode',
  }),
  CORE_BANKING_PROVIDER: variable(z.enum(['sandbox', 'fineract']).default('sandbox'), {
    description:
      'sandbox | fineract. fineract opens members in Apache Fineract and needs FINERACT_URL, FINERACT_USERNAME and FINERACT_PASSWORD.',
    key: 'coreBanking.provider',
  }),
  FINERACT_URL: variable(optional(z.url()), {
    description: 'Base address of the Fineract server; omo adds /fineract-provider/api/v1.',
    key: 'fineract.baseUrl',
    to: (v): string | undefined => v && noTrailingSlash(v),
  }),
  FINERACT_TENANT: variable(z.string().min(1).default('default'), {
    description: 'Fineract tenant (the Fineract-Platform-TenantId header).',
    key: 'fineract.tenant',
  }),
  FINERACT_USERNAME: variable(optionalString, {
    description: 'Fineract API user (HTTP Basic).',
    key: 'fineract.username',
  }),
  FINERACT_PASSWORD: variable(optionalString, {
    description: 'Fineract API password (HTTP Basic).',
    key: 'fineract.password',
  }),
  FINERACT_MAPPING_FILE: variable(z.string().min(1).default('data/fineract-mapping.json'), {
    description:
      "Fineract's ids for omo's data: office, SIN document type, code values, datatables, and each omo product's savings or fixed-deposit product (relative to the repository root).",
    key: 'fineract.mappingFile',
    to: fromRoot,
  }),
  FINERACT_SEND_SIN: variable(booleanFromEnv.default(false), {
    description:
      'Send the SIN to Fineract as a client identifier (for tax slips); off unless the credit union opts in.',
    key: 'fineract.sendSin',
  }),
  SCREENING_PROVIDER: variable(z.enum(['sandbox', 'opensanctions']).default('sandbox'), {
    description:
      'sandbox | opensanctions. Sanctions screening of each applicant before the membership is opened; opensanctions needs OPENSANCTIONS_API_KEY.',
    key: 'screening.provider',
  }),
  OPENSANCTIONS_URL: variable(z.url().default('https://api.opensanctions.org'), {
    description: 'Base address of the OpenSanctions matching API (tests point it to a local fake).',
    key: 'screening.baseUrl',
    to: noTrailingSlash,
  }),
  OPENSANCTIONS_API_KEY: variable(optionalString, {
    description: 'OpenSanctions API key (Authorization: ApiKey).',
    key: 'screening.apiKey',
  }),
  SCREENING_THRESHOLD: variable(z.coerce.number().min(0).max(1).default(0.7), {
    description:
      'Screening score (0-1) at or above which a match holds the application for staff review instead of opening it.',
    key: 'screening.threshold',
  }),
  PARTNER_TIMEOUT_SECONDS: variable(z.coerce.number().min(0.1).max(30).default(5), {
    description:
      'How long a call to a partner (Twilio, Alloy, Onfido, Canada Post, the SMTP server) may take before omo gives up and takes the partner as unavailable (0.1-30).',
    key: 'partnerTimeoutMs',
    to: (seconds): number => seconds * 1000,
  }),
  SMTP_URL: variable(
    optional(z.url().refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')),
    {
      description:
        'smtp:// or smtps:// address of the mail server (user and password in the URL). Required in production. Unset: e-mails are written to the outbox (/api/dev/outbox).',
      key: 'mail.smtpUrl',
      production: (v) =>
        v
          ? undefined
          : 'SMTP_URL is unset: e-mails and their live links would be kept in clear in the outbox.',
    },
  ),
  MAIL_FROM: variable(z.string().min(3).default('omo Credit Union <no-reply@omo.example>'), {
    description: 'Sender of the e-mails to applicants.',
    key: 'mail.from',
  }),
  DECISION_WAIT_SECONDS: variable(z.coerce.number().min(0.1).max(55).default(20), {
    description:
      'How long a submission waits for its decision before the applicant is shown the processing page; a background job finishes it and e-mails the result.',
    key: 'decision.waitSeconds',
  }),
  JOINT_SWEEP_CRON: variable(
    z
      .string()
      .regex(/^\S+( \S+){4}$/, 'a cron expression of five fields')
      .default('*/15 * * * *'),
    {
      description:
        'When the joint invitations are swept (cron, UTC): the reminder two days before an invitation ends, and the apply-as-single link once it has ended.',
      key: 'jointSweepCron',
    },
  ),
  REMINDER_DELAYS: variable(
    z
      .string()
      .trim()
      .regex(/^(\d+[mhd](\s*,\s*\d+[mhd])*)?$/, 'a list of durations such as 1h,3d')
      .default('1h,3d'),
    {
      description:
        "When applicants who asked for reminders are reminded of their unfinished draft, after their last activity: a list of durations (m, h, d); empty for none. The draft's end is announced once, 3 days before it (decision 0068).",
      key: 'reminderDelaysMs',
      to: (v): number[] => parseDelays(v),
    },
  ),
  SANDBOX_SLOW_DECISION_SECONDS: variable(z.coerce.number().min(0).default(40), {
    description:
      'Sandbox only: how long the decision of the Slow persona takes, counted from the submission.',
    key: 'decision.sandboxSlowSeconds',
  }),
  JOB_POLL_SECONDS: variable(z.coerce.number().min(0.5).default(2), {
    description: 'How often each process asks the job queue for work (at least 0.5).',
    key: 'jobs.pollSeconds',
  }),
  JOB_EXPIRE_SECONDS: variable(z.coerce.number().int().min(1).default(300), {
    description:
      'A job running longer than this is taken as lost (its process died) and retried; checked at each maintenance.',
    key: 'jobs.expireSeconds',
  }),
  JOB_RETRY_SECONDS: variable(z.coerce.number().int().min(1).default(30), {
    description:
      'Delay before a failed or lost job is tried again (doubled at each try where a queue backs off).',
    key: 'jobs.retrySeconds',
  }),
  JOB_MAINTENANCE_SECONDS: variable(z.coerce.number().int().min(1).default(60), {
    description: 'How often the job queue retries lost jobs and archives finished ones.',
    key: 'jobs.maintenanceSeconds',
  }),
  SESSION_IDLE_MINUTES: variable(z.coerce.number().int().min(1).default(60), {
    description:
      'A session not used for this many minutes ends: its cookie no longer reaches the application.',
    key: 'sessionIdleMinutes',
  }),
  SESSION_MAX_HOURS: variable(z.coerce.number().int().min(1).max(72).default(12), {
    description:
      'A session ends this many hours after it was issued, however recently it was used (its absolute lifetime).',
    key: 'sessionMaxHours',
  }),
  SESSION_WARNING_MINUTES: variable(z.coerce.number().int().min(1).default(5), {
    description:
      "How long before a session ends the applicant is warned and offered 'Stay signed in' (less than SESSION_IDLE_MINUTES).",
    key: 'sessionWarningMinutes',
  }),
  RATE_LIMIT_PER_MINUTE: variable(z.coerce.number().int().min(1).default(300), {
    description: 'Most API requests per client IP per minute (some calls have tighter limits of their own).',
    key: 'rateLimitPerMinute',
  }),
  RATE_LIMIT_ROUTE_FACTOR: variable(z.coerce.number().int().min(1).max(1000).default(1), {
    description:
      'Multiplies the tighter per-minute limits of single calls (browser suites drive every story from one IP). Production: 1 only.',
    key: 'rateLimitRouteFactor',
    production: (v) =>
      v === 1
        ? undefined
        : 'RATE_LIMIT_ROUTE_FACTOR is for browser suites: production keeps each call’s own limit (1).',
  }),
  PHONE_SEND_LIMIT_PER_IP_PER_HOUR: variable(z.coerce.number().int().min(1).default(50), {
    description:
      'Most verification codes sent (SMS or call, failed sends included) per client IP (IPv6: per /64) in any hour; room for a carrier NAT (decision 0043).',
    key: 'phoneSendLimitPerIpPerHour',
  }),
  PHONE_SEND_LIMIT_PER_NUMBER_PER_HOUR: variable(z.coerce.number().int().min(1).default(5), {
    description:
      'Most verification codes sent (SMS or call, failed sends included) per phone number in any hour.',
    key: 'phoneSendLimitPerNumberPerHour',
  }),
  PHONE_SEND_LIMIT_PER_APPLICANT_PER_HOUR: variable(z.coerce.number().int().min(1).default(10), {
    description:
      'Most verification codes sent per applicant in any hour, whatever numbers they try. A send any ceiling refuses counts as a send failure.',
    key: 'phoneSendLimitPerApplicantPerHour',
  }),
  // At most 365: the consent to the photos promises they are never kept longer.
  DRAFT_RETENTION_DAYS: variable(z.coerce.number().int().min(1).max(365).default(30), {
    description:
      'A draft never submitted and untouched this many days (1-365) is deleted with its photos; outbox messages are kept as long (decision 0044).',
    key: 'draftRetentionDays',
  }),
  FUNNEL_RETENTION_DAYS: variable(z.coerce.number().int().min(1).max(730).default(90), {
    description:
      'Funnel events (no personal data) are kept this many days (1-730), then folded into counts per day (decision 0056).',
    key: 'funnelRetentionDays',
  }),
  OPERATIONS_TOKEN: variable(optional(z.string().min(32)), {
    description:
      'Secret (32+ characters) opening /metrics (as a Bearer token) and /ops/funnel (HTTP Basic: any user, the token as password) in every environment. Unset: both 404.',
    key: 'operationsToken',
  }),
  ALLOW_SANDBOX_IN_PRODUCTION: variable(booleanFromEnv.default(false), {
    description:
      'Allow APP_ENV=production to start with sandbox partners (demonstrations only). In-person ID has only a sandbox so far.',
    key: 'allowSandboxInProduction',
  }),
  TRUST_PROXY: variable(optionalString, {
    description:
      'Proxies whose X-Forwarded-For is believed: a hop count, or addresses and CIDR ranges (comma-separated); false: none (the TCP peer). Production needs it stated.',
    key: 'trustProxy',
    to: (v) => parseTrustProxy(v),
    production: (v) =>
      v === undefined
        ? 'TRUST_PROXY is unset: state the proxies in front of the server (a hop count or their addresses), or false when clients connect directly.'
        : undefined,
  }),
  REDIS_URL: variable(
    optional(z.url().refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL')),
    {
      description:
        'Redis (redis:// or rediss://) through which several server processes share the API rate limits. Unset, or unreachable (at start or later): each process counts in its own memory (decision 0051).',
      key: 'redisUrl',
    },
  ),
  OPERATOR_TOKEN: variable(optional(z.string().min(32)), {
    description:
      "Production: secret (32+ characters) opening POST /api/omo/ClearCache and /api/docs/json to 'Authorization: Bearer <token>'. Unset: both 404.",
    key: 'operatorToken',
  }),
  BLOCK_LIST: variable(z.enum(['sandbox', 'internal']).default('sandbox'), {
    description:
      "sandbox: the core banking sandbox's last-name rule (persona Blocked). internal: the credit union's own block list, kept by staff in the back office.",
    key: 'blockList',
  }),
  STAFF_PORT: variable(optional(z.coerce.number().int().min(0).max(65535)), {
    shown: '(PORT + 1)',
    description:
      "TCP port of the staff back office, a listener of its own in the same process (decision 0072): the applicant's site has no staff route.",
    key: 'staff.port',
    to: (_v, c): number => c.staffPort,
  }),
  STAFF_PUBLIC_URL: variable(optional(z.url()), {
    shown: '(http://localhost:STAFF_PORT)',
    description:
      'Public base address of the staff back office (its own host name in production). Required in production.',
    key: 'staff.publicUrl',
    to: (v, c): string => noTrailingSlash(v ?? `http://localhost:${c.staffPort}`),
    production: (v) => (v ? undefined : 'STAFF_PUBLIC_URL is unset: the back office needs its own address.'),
  }),
  STAFF_OIDC_ISSUER: variable(optional(z.url()), {
    description:
      'OpenID Connect issuer staff sign in with (Entra ID, Okta, Keycloak). Unset: the embedded provider at STAFF_PUBLIC_URL/oidc with fictional staff users (README); refused in production.',
    key: 'staff.oidc',
    to: (_v, c) => c.staffOidc,
    production: (v) =>
      v
        ? undefined
        : "STAFF_OIDC_ISSUER is unset: staff sign in with the credit union's OpenID provider (STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID, STAFF_OIDC_CLIENT_SECRET), never the embedded one and its fictional users.",
  }),
  STAFF_OIDC_CLIENT_ID: variable(optionalString, {
    description: "The back office's client id at STAFF_OIDC_ISSUER. Required with it.",
  }),
  STAFF_OIDC_CLIENT_SECRET: variable(optionalString, {
    description: "The back office's client secret at STAFF_OIDC_ISSUER. Required with it.",
  }),
  STAFF_OIDC_ROLES_CLAIM: variable(z.string().min(1).default('roles'), {
    description:
      'ID-token claim holding the staff roles (reviewer, supervisor, auditor): Entra ID app roles are "roles"; Okta groups are "groups".',
    key: 'staff.rolesClaim',
  }),
  SERVER_PROCESSES: variable(z.coerce.number().int().min(1).max(64).default(1), {
    description:
      'Server processes on this machine (1-64), sharing its ports; more than 1 needs DATABASE_URL (PGlite is one process) and, for shared rate limits, REDIS_URL. One per core.',
    key: 'serverProcesses',
  }),
  ALLOW_DEVELOPMENT_ON_NETWORK: variable(booleanFromEnv.default(false), {
    description:
      'Let a non-production APP_ENV (its /dev/outbox shows every code sent) listen on a non-loopback HOST.',
  }),
};

type Variables = typeof VARIABLES;
type Shape = { [N in keyof Variables]: Variables[N]['schema'] };
const envSchema = z.object(
  Object.fromEntries(Object.entries(VARIABLES).map(([name, v]) => [name, v.schema])) as Shape,
);
type Env = z.output<typeof envSchema>;

/** Every environment variable the server reads. */
export const CONFIG_VARIABLES = Object.keys(VARIABLES) as (keyof Variables)[];

/** The README's rows: each variable with its default as shown and its description. */
export const CONFIG_DOCS = Object.entries(VARIABLES).map(([name, v]: [string, Variable]) => {
  const parsed = v.schema.safeParse(undefined);
  const value = parsed.success ? parsed.data : undefined;
  const shown = value === undefined ? '(unset)' : value === '' ? '(empty)' : String(value);
  return { name, default: v.shown ?? shown, description: v.description };
});

type Flat = {
  [N in keyof Variables as Variables[N][typeof TYPES]['key']]: Variables[N][typeof TYPES]['value'];
};
type Head<K extends string> = K extends `${infer H}.${string}` ? H : K;
type Nest<T> = {
  [H in Head<keyof T & string>]: H extends keyof T
    ? T[H]
    : Nest<{ [P in keyof T & string as P extends `${H}.${infer Rest}` ? Rest : never]: T[P] }>;
};

/** The parsed configuration handed to `buildApp`: each variable at its key, and whether this is production. */
export type AppConfig = Nest<Flat> & { isProduction: boolean };

/** Finds the repository root (the package.json with workspaces) above this file, else the working directory. */
export function findRepoRoot(start: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) {
      try {
        const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { workspaces?: unknown };
        if (pkg.workspaces) return dir;
      } catch {
        // an unreadable package.json is not the root; keep walking up
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/** Thrown when the environment does not describe a configuration the server can start with. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment into the configuration object. Relative folders are resolved against the
 * repository root. Throws a ConfigError listing every bad variable.
 */
export function parseConfig(
  env: Record<string, string | undefined> = process.env,
  root: string = findRepoRoot(),
): AppConfig {
  const known = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, env[name]]));
  const result = envSchema.safeParse(known);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = result.data;
  const isProduction = e.APP_ENV === 'production';
  const context: Context = {
    root,
    isProduction,
    port: e.PORT,
    realProviders: e.PROVIDERS === 'real',
    staffPort: e.STAFF_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1),
    staffOidc: staffOidcOf(e),
  };
  const config: Record<string, unknown> = { isProduction };
  for (const [name, v] of Object.entries(VARIABLES) as [keyof Env, Variable][]) {
    if (v.key === undefined) continue;
    const value = v.to ? v.to(e[name], context) : e[name];
    const [group, key] = v.key.split('.') as [string, string | undefined];
    if (key === undefined) config[group] = value;
    else config[group] = { ...(config[group] as object | undefined), [key]: value };
  }
  const parsed = config as AppConfig;
  if (isProduction) refuseWhatIsNotProduction(e, parsed);
  // Outside production the outbox shows every code sent: only this machine may reach it.
  if (!isProduction && !isLoopbackHost(parsed.host) && !e.ALLOW_DEVELOPMENT_ON_NETWORK) {
    throw new ConfigError(
      `APP_ENV=${e.APP_ENV} with HOST=${parsed.host}: refusing to listen on the network, where /dev/outbox would show every verification code. Use a loopback HOST (localhost, 127.0.0.1, ::1), or set ALLOW_DEVELOPMENT_ON_NETWORK=true.`,
    );
  }
  // PGlite is a database inside one process.
  if (e.SERVER_PROCESSES > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `SERVER_PROCESSES=${e.SERVER_PROCESSES} needs DATABASE_URL: the embedded database (PGlite) lives in one process.`,
    );
  }
  // A warning as long as the session would show on every page from the start.
  if (e.SESSION_WARNING_MINUTES >= e.SESSION_IDLE_MINUTES) {
    throw new ConfigError(
      `SESSION_WARNING_MINUTES=${e.SESSION_WARNING_MINUTES} must be less than SESSION_IDLE_MINUTES=${e.SESSION_IDLE_MINUTES}.`,
    );
  }
  return parsed;
}

/** The staff OpenID provider's three settings go together (or none: the embedded provider). */
function staffOidcOf(e: Env): Context['staffOidc'] {
  const {
    STAFF_OIDC_ISSUER: issuer,
    STAFF_OIDC_CLIENT_ID: clientId,
    STAFF_OIDC_CLIENT_SECRET: clientSecret,
  } = e;
  if (issuer && clientId && clientSecret) return { issuer, clientId, clientSecret };
  // Production without an issuer is refused with the production problems (STAFF_OIDC_ISSUER's rule).
  if (issuer || ((clientId || clientSecret) && e.APP_ENV !== 'production')) {
    throw new ConfigError(
      'STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET are set together (or none: the embedded provider).',
    );
  }
  return undefined;
}

/** Partners that have no real adapter yet: production runs them only as a demonstration. */
const SANDBOX_ONLY_PARTNERS = ['in-person ID (post office barcode)'];

/**
 * Production starts only as production: every partner real (each one named when not), the vendors'
 * live addresses and tokens, and each variable's own production rule (links built from PUBLIC_URL, mail
 * sent through SMTP, TRUST_PROXY stated...). Throws one ConfigError listing every problem.
 */
function refuseWhatIsNotProduction(e: Env, providers: AppConfig): void {
  const problems: string[] = [];
  if (!e.ALLOW_SANDBOX_IN_PRODUCTION) {
    const sandboxes = [
      providers.phoneVerificationProvider === 'sandbox' && 'phone verification (PHONE_VERIFICATION_PROVIDER)',
      providers.addressLookupProvider === 'sandbox' && 'address lookup (ADDRESS_LOOKUP_PROVIDER)',
      providers.coreBanking.provider === 'sandbox' && 'core banking (CORE_BANKING_PROVIDER)',
      providers.screening.provider === 'sandbox' && 'sanctions screening (SCREENING_PROVIDER)',
      providers.identityProvider === 'sandbox' && 'identity verification (IDENTITY_PROVIDER)',
      providers.documentVerificationProvider === 'sandbox' &&
        'document verification (DOCUMENT_VERIFICATION_PROVIDER)',
      providers.identityProvider === 'alloy' &&
        isAlloySandbox(providers.alloy.baseUrl) &&
        `the identity service's sandbox address (IRS_API_URL=${providers.alloy.baseUrl})`,
      providers.documentVerificationProvider === 'onfido' &&
        providers.onfido.apiToken?.startsWith('api_sandbox') &&
        "Onfido's sandbox token (ONFIDO_API_TOKEN=api_sandbox...)",
      ...SANDBOX_ONLY_PARTNERS.map((name) => `${name} (no real adapter yet)`),
    ].filter((s): s is string => typeof s === 'string');
    if (sandboxes.length > 0) {
      problems.push(
        `sandbox partners: ${sandboxes.join('; ')}. Configure the real ones, or set ALLOW_SANDBOX_IN_PRODUCTION=true for a demonstration.`,
      );
    }
  }
  for (const [name, v] of Object.entries(VARIABLES) as [keyof Env, Variable][]) {
    const problem = v.production?.(e[name]);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) {
    throw new ConfigError(`APP_ENV=production: refusing to start.\n  ${problems.join('\n  ')}`);
  }
}

/** True for Alloy's sandbox host (the default of IRS_API_URL). */
function isAlloySandbox(baseUrl: string): boolean {
  return new URL(baseUrl).hostname.toLowerCase() === 'sandbox.alloy.co';
}

/** True for a host name or address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h);
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** True for an address, an address/prefix (CIDR) or address/netmask, or a named range of proxy-addr. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', suffix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (suffix === undefined) return true;
  if (/^\d{1,3}$/.test(suffix)) return Number(suffix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(suffix) === 4;
}

/**
 * TRUST_PROXY → Fastify's trustProxy. Never `true`: trusting every hop lets any client choose its address
 * (and so its rate-limit key and the address in the logs) with X-Forwarded-For.
 */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
  if (v === 'true') {
    throw new ConfigError(
      "TRUST_PROXY=true would believe any client's X-Forwarded-For. Give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8).",
    );
  }
  const entries = v.split(',').map((s) => s.trim());
  const bad = entries.filter((s) => !isProxyAddress(s));
  if (bad.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY: not a hop count, an address or a CIDR range: ${bad.map((b) => JSON.stringify(b)).join(', ')}.`,
    );
  }
  return entries;
}

/** The environment variables a selected real provider needs and lacks (empty when it can start). */
export function missingProviderCredentials(
  config: Pick<
    AppConfig,
    | 'phoneVerificationProvider'
    | 'addressLookupProvider'
    | 'identityProvider'
    | 'documentVerificationProvider'
    | 'twilio'
    | 'canadaPost'
    | 'alloy'
    | 'onfido'
    | 'coreBanking'
    | 'fineract'
    | 'screening'
  >,
): string[] {
  const missing: string[] = [];
  if (config.phoneVerificationProvider === 'twilio') {
    if (!config.twilio.accountSid) missing.push('TWILIO_ACCOUNT_SID');
    if (!config.twilio.authToken) missing.push('TWILIO_AUTH_TOKEN');
    if (!config.twilio.serviceSid) missing.push('TWILIO_VERIFY_SERVICE_SID');
  }
  if (config.addressLookupProvider === 'canadapost' && !config.canadaPost.key)
    missing.push('CANADA_POST_KEY');
  if (config.identityProvider === 'alloy') {
    if (!config.alloy.journeyToken) missing.push('IRS_REQUEST_KEY');
    if (!config.alloy.workflowToken) missing.push('ALLOY_WORKFLOW_TOKEN');
    if (!config.alloy.workflowSecret) missing.push('ALLOY_WORKFLOW_SECRET');
  }
  if (config.documentVerificationProvider === 'onfido') {
    if (!config.onfido.apiToken) missing.push('ONFIDO_API_TOKEN');
    if (!config.onfido.workflowId) missing.push('ONFIDO_WORKFLOW_ID');
    if (!config.onfido.webhookToken) missing.push('ONFIDO_WEBHOOK_TOKEN');
  }
  if (config.coreBanking.provider === 'fineract') {
    if (!config.fineract.baseUrl) missing.push('FINERACT_URL');
    if (!config.fineract.username) missing.push('FINERACT_USERNAME');
    if (!config.fineract.password) missing.push('FINERACT_PASSWORD');
  }
  if (config.screening.provider === 'opensanctions' && !config.screening.apiKey) {
    missing.push('OPENSANCTIONS_API_KEY');
  }
  return missing;
}
