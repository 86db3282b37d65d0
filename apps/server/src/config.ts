/**
 * The server's configuration: read once from the environment, validated with zod, then passed down
 * explicitly (never read process.env elsewhere). `CONFIG_DOCS` is the documentation table the README
 * copies; a test keeps the two in step with the schema.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** One documented environment variable. */
export interface ConfigDoc {
  name: string;
  default: string;
  description: string;
}

export const CONFIG_DOCS = [
  { name: 'PORT', default: '3000', description: 'TCP port the server listens on.' },
  {
    name: 'HOST',
    default: '(localhost; 0.0.0.0 in production)',
    description:
      'Interface the server listens on. Outside production only a loopback one, unless ALLOW_DEVELOPMENT_ON_NETWORK=true.',
  },
  {
    name: 'PUBLIC_URL',
    default: '(http://localhost:PORT)',
    description:
      'Public base address of the site: links in e-mails, and the only Origin whose state-changing requests are accepted. Required in production.',
  },
  {
    name: 'APP_ENV',
    default: 'development',
    description:
      'development | test | production. Production hides /productlist, /Diagnostics, /dev/* and the dev APIs, and refuses to start on any setup short of production (decision 0053).',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description:
      'PostgreSQL connection string. Unset: embedded PGlite stored in DATA_DIR/pglite. "memory://": in-memory PGlite (tests).',
  },
  {
    name: 'DATABASE_SCHEMA',
    default: '(unset)',
    description:
      'PostgreSQL only: the schema omo works in (its tables and the job queue), instead of public and pgboss.',
  },
  {
    name: 'DATA_DIR',
    default: '.data',
    description: 'Folder for the embedded database and generated keys (relative to the repository root).',
  },
  {
    name: 'SEED_DIR',
    default: 'data',
    description: 'Folder of the JSON seed files loaded at start (relative to the repository root).',
  },
  {
    name: 'WEB_DIST',
    default: 'apps/web/dist',
    description: 'Folder of the built web app served by the server (relative to the repository root).',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino log level: fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'INSTITUTION_NAME',
    default: 'omo Credit Union',
    description: 'Name of the credit union shown to applicants.',
  },
  {
    name: 'CONTACT_PHONE',
    default: '1-800-555-0199',
    description: 'Contact-centre phone number shown in messages.',
  },
  {
    name: 'ONLINE_BANKING_URL',
    default: 'https://online.omo.example',
    description: 'Online-banking base address (the "I\'m already a member" and sign-in links).',
  },
  {
    name: 'PUBLIC_WEBSITE_URL',
    default: 'https://www.omo.example',
    description: 'Public website the error pages exit to.',
  },
  {
    name: 'MOBILE_APP_URL',
    default: 'https://www.omo.example/app',
    description: "Address the welcome page's QR code opens: the mobile app's download page.",
  },
  {
    name: 'APP_STORE_URL',
    default: 'https://www.omo.example/app/ios',
    description: "The mobile app's page on the App Store (the welcome page's badge).",
  },
  {
    name: 'GOOGLE_PLAY_URL',
    default: 'https://www.omo.example/app/android',
    description: "The mobile app's page on Google Play (the welcome page's badge).",
  },
  {
    name: 'ID_PROVIDER_SHARE_PERCENT',
    default: '100',
    description:
      'Share (0-100) of applications the server routes to the identity-verification provider (a roll 0-99 at or below it); the others are checked on their data alone.',
  },
  {
    name: 'ALLOY_ENABLED',
    default: 'true',
    description: 'Whether the identity-verification provider is used at all.',
  },
  {
    name: 'FORCE_ID_RESULT',
    default: '(empty)',
    description:
      'Non-production only: force the identity check to passed, denied, stepUp (documents asked) or error.',
  },
  {
    name: 'IDENTITY_PROVIDER',
    default: '(from PROVIDERS)',
    description:
      'sandbox | alloy. Unset: alloy when PROVIDERS=real, else sandbox. alloy needs IRS_REQUEST_KEY and the two ALLOY_WORKFLOW_* credentials.',
  },
  {
    name: 'IRS_API_URL',
    default: 'https://sandbox.alloy.co',
    description:
      "Base address of the identity-verification service (Alloy journeys; tests point it to a local fake). Production refuses the default, Alloy's sandbox.",
  },
  {
    name: 'IRS_REQUEST_KEY',
    default: '(unset)',
    description: 'Journey token of the identity-verification service; kept on the server.',
  },
  {
    name: 'ALLOY_WORKFLOW_TOKEN',
    default: '(unset)',
    description: 'Alloy workflow token (HTTP Basic user).',
  },
  {
    name: 'ALLOY_WORKFLOW_SECRET',
    default: '(unset)',
    description: 'Alloy workflow secret (HTTP Basic password).',
  },
  {
    name: 'DOCUMENT_VERIFICATION_PROVIDER',
    default: '(from PROVIDERS)',
    description:
      'sandbox | onfido. Unset: onfido when PROVIDERS=real, else sandbox (a capture page of our own). onfido needs the three ONFIDO_* credentials.',
  },
  {
    name: 'ONFIDO_BASE_URL',
    default: 'https://api.ca.onfido.com/v3.6',
    description: 'Base address of the Onfido API (Canadian region; tests point it to a local fake).',
  },
  {
    name: 'ONFIDO_API_TOKEN',
    default: '(unset)',
    description: 'Onfido API token.',
  },
  {
    name: 'ONFIDO_WORKFLOW_ID',
    default: '(unset)',
    description: 'Onfido Studio workflow that captures the photo ID and the selfie.',
  },
  {
    name: 'ONFIDO_WEBHOOK_TOKEN',
    default: '(unset)',
    description:
      'Token that signs the notifications Onfido sends to ProcessIDVNotification (X-SHA2-Signature).',
  },
  {
    name: 'HIDE_REFERRAL_CODE',
    default: 'false',
    description: "Page setting: hide the referral code on 'Create your profile'.",
  },
  {
    name: 'DEVICE_FINGERPRINT_SCRIPT_URL',
    default: '(unset)',
    description:
      'Address of the device-fingerprint script the identity provider supplies; unset, no script is loaded.',
  },
  {
    name: 'DEVICE_FINGERPRINT_ORG_ID',
    default: '(unset)',
    description: 'Organisation id the device-fingerprint script is started with.',
  },
  {
    name: 'BUILD_NUMBER',
    default: 'dev',
    description: 'Build number shown on the diagnostics page and the heartbeat.',
  },
  {
    name: 'SESSION_SECRET',
    default: '(unset)',
    description:
      'Secret (at least 32 characters) for signing cookies and keying the sandbox code hashes; set it when several server processes share a database.',
  },
  {
    name: 'SIN_ENCRYPTION_KEY',
    default: '(unset)',
    description:
      'AES-256-GCM key for stored SINs (64 hex characters or 32 bytes base64). Unset: a key file generated in DATA_DIR (embedded database). Required in production.',
  },
  { name: 'PROVIDERS', default: 'sandbox', description: 'Partner adapters: sandbox (no network) or real.' },
  {
    name: 'PHONE_VERIFICATION_PROVIDER',
    default: '(from PROVIDERS)',
    description:
      'sandbox | twilio. Unset: twilio when PROVIDERS=real, else sandbox. twilio needs the three TWILIO_* credentials.',
  },
  {
    name: 'ADDRESS_LOOKUP_PROVIDER',
    default: '(from PROVIDERS)',
    description:
      'sandbox | canadapost. Unset: canadapost when PROVIDERS=real, else sandbox. canadapost needs CANADA_POST_KEY.',
  },
  {
    name: 'TWILIO_BASE_URL',
    default: 'https://verify.twilio.com',
    description: 'Base address of the Twilio Verify v2 API (tests point it to a local fake).',
  },
  {
    name: 'TWILIO_ACCOUNT_SID',
    default: '(unset)',
    description: 'Twilio Account SID (or API key SID) for HTTP Basic auth.',
  },
  {
    name: 'TWILIO_AUTH_TOKEN',
    default: '(unset)',
    description: 'Twilio Auth Token (or API key secret) for HTTP Basic auth.',
  },
  {
    name: 'TWILIO_VERIFY_SERVICE_SID',
    default: '(unset)',
    description: 'Twilio Verify service SID (VA...).',
  },
  {
    name: 'CANADA_POST_BASE_URL',
    default: 'https://ws1.postescanada-canadapost.ca',
    description: 'Base address of Canada Post AddressComplete (tests point it to a local fake).',
  },
  {
    name: 'CANADA_POST_KEY',
    default: '(unset)',
    description:
      'AddressComplete key (AA11-AA11-AA11-AA11); used by the server only, never sent to the browser.',
  },
  {
    name: 'PARTNER_TIMEOUT_SECONDS',
    default: '5',
    description:
      'How long a call to a partner (Twilio, Alloy, Onfido, Canada Post, the SMTP server) may take before omo gives up and takes the partner as unavailable (0.1-30).',
  },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description:
      'smtp:// or smtps:// address of the mail server (user and password in the URL). Required in production. Unset: e-mails are written to the outbox (/api/dev/outbox).',
  },
  {
    name: 'MAIL_FROM',
    default: 'omo Credit Union <no-reply@omo.example>',
    description: 'Sender of the e-mails to applicants.',
  },
  {
    name: 'DECISION_WAIT_SECONDS',
    default: '20',
    description:
      'How long a submission waits for its decision before the applicant is shown the processing page; a background job finishes it and e-mails the result.',
  },
  {
    name: 'JOINT_SWEEP_CRON',
    default: '*/15 * * * *',
    description:
      'When the joint invitations are swept (cron, UTC): the reminder two days before an invitation ends, and the apply-as-single link once it has ended.',
  },
  {
    name: 'SANDBOX_SLOW_DECISION_SECONDS',
    default: '40',
    description:
      'Sandbox only: how long the decision of the Slow persona takes, counted from the submission.',
  },
  {
    name: 'JOB_POLL_SECONDS',
    default: '2',
    description: 'How often each process asks the job queue for work (at least 0.5).',
  },
  {
    name: 'JOB_EXPIRE_SECONDS',
    default: '300',
    description:
      'A job running longer than this is taken as lost (its process died) and retried; checked at each maintenance.',
  },
  {
    name: 'JOB_RETRY_SECONDS',
    default: '30',
    description:
      'Delay before a failed or lost job is tried again (doubled at each try where a queue backs off).',
  },
  {
    name: 'JOB_MAINTENANCE_SECONDS',
    default: '60',
    description: 'How often the job queue retries lost jobs and archives finished ones.',
  },
  {
    name: 'SESSION_IDLE_MINUTES',
    default: '60',
    description:
      'A session not used for this many minutes ends: its cookie no longer reaches the application.',
  },
  {
    name: 'SESSION_MAX_HOURS',
    default: '12',
    description:
      'A session ends this many hours after it was issued, however recently it was used (its absolute lifetime).',
  },
  {
    name: 'SESSION_WARNING_MINUTES',
    default: '5',
    description:
      "How long before a session ends the applicant is warned and offered 'Stay signed in' (less than SESSION_IDLE_MINUTES).",
  },
  {
    name: 'RATE_LIMIT_PER_MINUTE',
    default: '300',
    description: 'Most API requests per client IP per minute (some calls have tighter limits of their own).',
  },
  {
    name: 'RATE_LIMIT_ROUTE_FACTOR',
    default: '1',
    description:
      'Multiplies the tighter per-minute limits of single calls (browser suites drive every story from one IP). Production: 1 only.',
  },
  {
    name: 'PHONE_SEND_LIMIT_PER_IP_PER_HOUR',
    default: '50',
    description:
      'Most verification codes sent (SMS or call, failed sends included) per client IP (IPv6: per /64) in any hour; room for a carrier NAT (decision 0043).',
  },
  {
    name: 'PHONE_SEND_LIMIT_PER_NUMBER_PER_HOUR',
    default: '5',
    description:
      'Most verification codes sent (SMS or call, failed sends included) per phone number in any hour.',
  },
  {
    name: 'PHONE_SEND_LIMIT_PER_APPLICANT_PER_HOUR',
    default: '10',
    description:
      'Most verification codes sent per applicant in any hour, whatever numbers they try. A send any ceiling refuses counts as a send failure.',
  },
  {
    name: 'DRAFT_RETENTION_DAYS',
    default: '30',
    description:
      'A draft never submitted and untouched this many days (1-365) is deleted with its photos; outbox messages are kept as long (decision 0044).',
  },
  {
    name: 'FUNNEL_RETENTION_DAYS',
    default: '90',
    description:
      'Funnel events (no personal data) are kept this many days (1-730), then folded into counts per day (decision 0056).',
  },
  {
    name: 'OPERATIONS_TOKEN',
    default: '(unset)',
    description:
      'Secret (32+ characters) opening /metrics (as a Bearer token) and /ops/funnel (HTTP Basic: any user, the token as password) in every environment. Unset: both 404.',
  },
  {
    name: 'ALLOW_SANDBOX_IN_PRODUCTION',
    default: 'false',
    description:
      'Allow APP_ENV=production to start with sandbox partners (demonstrations only). Core banking and in-person ID have only a sandbox so far.',
  },
  {
    name: 'TRUST_PROXY',
    default: '(unset)',
    description:
      'Proxies whose X-Forwarded-For is believed: a hop count, or addresses and CIDR ranges (comma-separated); false: none (the TCP peer). Production needs it stated.',
  },
  {
    name: 'REDIS_URL',
    default: '(unset)',
    description:
      'Redis (redis:// or rediss://) through which several server processes share the API rate limits. Unset, or unreachable (at start or later): each process counts in its own memory (decision 0051).',
  },
  {
    name: 'OPERATOR_TOKEN',
    default: '(unset)',
    description:
      "Production: secret (32+ characters) opening POST /api/omo/ClearCache and /api/docs/json to 'Authorization: Bearer <token>'. Unset: both 404.",
  },
  {
    name: 'SERVER_PROCESSES',
    default: '1',
    description:
      'Server processes on this machine (1-64), sharing its ports; more than 1 needs DATABASE_URL (PGlite is one process) and, for shared rate limits, REDIS_URL. One per core.',
  },
  {
    name: 'ALLOW_DEVELOPMENT_ON_NETWORK',
    default: 'false',
    description:
      'Let a non-production APP_ENV (its /dev/outbox shows every code sent) listen on a non-loopback HOST.',
  },
] as const satisfies readonly ConfigDoc[];

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

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalString,
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  TRUST_PROXY: optionalString,
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .url()
      .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  OPERATOR_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  ALLOW_DEVELOPMENT_ON_NETWORK: booleanFromEnv.default(false),
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: optionalString,
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  DATABASE_SCHEMA: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default('.data'),
  SEED_DIR: z.string().min(1).default('data'),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  INSTITUTION_NAME: z.string().min(1).default('omo Credit Union'),
  CONTACT_PHONE: z.string().min(1).default('1-800-555-0199'),
  ONLINE_BANKING_URL: z.url().default('https://online.omo.example'),
  PUBLIC_WEBSITE_URL: z.url().default('https://www.omo.example'),
  MOBILE_APP_URL: z.url().default('https://www.omo.example/app'),
  APP_STORE_URL: z.url().default('https://www.omo.example/app/ios'),
  GOOGLE_PLAY_URL: z.url().default('https://www.omo.example/app/android'),
  ID_PROVIDER_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(100),
  ALLOY_ENABLED: booleanFromEnv.default(true),
  FORCE_ID_RESULT: z.enum(['', 'passed', 'denied', 'stepUp', 'error']).default(''),
  IDENTITY_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'alloy']).optional()),
  IRS_API_URL: z.url().default('https://sandbox.alloy.co'),
  IRS_REQUEST_KEY: optionalString,
  ALLOY_WORKFLOW_TOKEN: optionalString,
  ALLOY_WORKFLOW_SECRET: optionalString,
  DOCUMENT_VERIFICATION_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'onfido']).optional()),
  ONFIDO_BASE_URL: z.url().default('https://api.ca.onfido.com/v3.6'),
  ONFIDO_API_TOKEN: optionalString,
  ONFIDO_WORKFLOW_ID: optionalString,
  ONFIDO_WEBHOOK_TOKEN: optionalString,
  HIDE_REFERRAL_CODE: booleanFromEnv.default(false),
  DEVICE_FINGERPRINT_SCRIPT_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DEVICE_FINGERPRINT_ORG_ID: optionalString,
  BUILD_NUMBER: z.string().min(1).default('dev'),
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  SIN_ENCRYPTION_KEY: optionalString,
  PROVIDERS: z.enum(['sandbox', 'real']).default('sandbox'),
  PHONE_VERIFICATION_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'twilio']).optional()),
  ADDRESS_LOOKUP_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'canadapost']).optional()),
  TWILIO_BASE_URL: z.url().default('https://verify.twilio.com'),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_VERIFY_SERVICE_SID: optionalString,
  CANADA_POST_BASE_URL: z.url().default('https://ws1.postescanada-canadapost.ca'),
  CANADA_POST_KEY: optionalString,
  PARTNER_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(30).default(5),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .url()
      .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('omo Credit Union <no-reply@omo.example>'),
  DECISION_WAIT_SECONDS: z.coerce.number().min(0.1).max(55).default(20),
  SANDBOX_SLOW_DECISION_SECONDS: z.coerce.number().min(0).default(40),
  JOINT_SWEEP_CRON: z
    .string()
    .regex(/^\S+( \S+){4}$/, 'a cron expression of five fields')
    .default('*/15 * * * *'),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(300),
  JOB_RETRY_SECONDS: z.coerce.number().int().min(1).default(30),
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(60),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  SESSION_WARNING_MINUTES: z.coerce.number().int().min(1).default(5),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_ROUTE_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  PHONE_SEND_LIMIT_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(50),
  PHONE_SEND_LIMIT_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).default(5),
  PHONE_SEND_LIMIT_PER_APPLICANT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // At most 365: the consent to the photos promises they are never kept longer.
  DRAFT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  FUNNEL_RETENTION_DAYS: z.coerce.number().int().min(1).max(730).default(90),
  OPERATIONS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  ALLOW_SANDBOX_IN_PRODUCTION: booleanFromEnv.default(false),
});

type Env = z.output<typeof envSchema>;

/** Every environment variable the server reads. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/** The parsed configuration handed to `buildApp`. */
export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  /** Fastify's trustProxy: false (no proxy), a hop count, or the trusted addresses and ranges. */
  trustProxy: false | number | string[];
  /** Shared rate-limit store; undefined → in-memory counters per process. */
  redisUrl: string | undefined;
  /** Production: the bearer token that opens the operator calls; undefined → they answer 404. */
  operatorToken: string | undefined;
  /** The token that opens /metrics and the funnel page; undefined → they answer 404. */
  operationsToken: string | undefined;
  /** Days funnel events are kept before they are counted per day. */
  funnelRetentionDays: number;
  appEnv: Env['APP_ENV'];
  isProduction: boolean;
  /** Undefined → embedded PGlite in `dataDir`; 'memory://' → in-memory PGlite; else PostgreSQL. */
  databaseUrl: string | undefined;
  /** Server processes sharing the ports (node:cluster); 1 on PGlite. */
  serverProcesses: number;
  /** PostgreSQL only: the schema to work in. */
  databaseSchema: string | undefined;
  dataDir: string;
  seedDir: string;
  webDist: string;
  logLevel: Env['LOG_LEVEL'];
  institutionName: string;
  contactPhone: string;
  onlineBankingUrl: string;
  publicWebsiteUrl: string;
  mobileApp: { url: string; appStoreUrl: string; googlePlayUrl: string };
  idProviderSharePercent: number;
  alloyEnabled: boolean;
  /** Non-production only ('' elsewhere): the identity check's forced result. */
  forceIdResult: Env['FORCE_ID_RESULT'];
  buildNumber: string;
  sessionSecret: string | undefined;
  sinEncryptionKey: string | undefined;
  providers: Env['PROVIDERS'];
  phoneVerificationProvider: 'sandbox' | 'twilio';
  addressLookupProvider: 'sandbox' | 'canadapost';
  identityProvider: 'sandbox' | 'alloy';
  documentVerificationProvider: 'sandbox' | 'onfido';
  alloy: {
    baseUrl: string;
    journeyToken: string | undefined;
    workflowToken: string | undefined;
    workflowSecret: string | undefined;
  };
  onfido: {
    baseUrl: string;
    apiToken: string | undefined;
    workflowId: string | undefined;
    webhookToken: string | undefined;
  };
  deviceFingerprint: { scriptUrl: string | undefined; orgId: string | undefined };
  hideReferralCode: boolean;
  twilio: {
    baseUrl: string;
    accountSid: string | undefined;
    authToken: string | undefined;
    serviceSid: string | undefined;
  };
  canadaPost: { baseUrl: string; key: string | undefined };
  /** How long a partner call may take (milliseconds). */
  partnerTimeoutMs: number;
  /** Requests per minute per IP across the API. */
  rateLimitPerMinute: number;
  /** Multiplies each call's own per-minute limit (browser suites only; 1 in production). */
  rateLimitRouteFactor: number;
  /** Minutes without a request after which a session ends. */
  sessionIdleMinutes: number;
  /** Hours after its start at which a session ends, however used (its absolute lifetime). */
  sessionMaxHours: number;
  /** Minutes before that end when the applicant is warned (always less than sessionIdleMinutes). */
  sessionWarningMinutes: number;
  mail: { smtpUrl: string | undefined; from: string };
  decision: { waitSeconds: number; sandboxSlowSeconds: number };
  jointSweepCron: string;
  jobs: { pollSeconds: number; expireSeconds: number; retrySeconds: number; maintenanceSeconds: number };
  phoneSendLimitPerIpPerHour: number;
  phoneSendLimitPerNumberPerHour: number;
  phoneSendLimitPerApplicantPerHour: number;
  /** Days after which an abandoned draft is deleted. */
  draftRetentionDays: number;
  allowSandboxInProduction: boolean;
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
  const providerSettings = parseProviderSettings(e);
  if (isProduction) refuseWhatIsNotProduction(e, providerSettings);
  // Outside production the outbox shows every code sent: only this machine may reach it.
  const host = e.HOST ?? (isProduction ? '0.0.0.0' : 'localhost');
  if (!isProduction && !isLoopbackHost(host) && !e.ALLOW_DEVELOPMENT_ON_NETWORK) {
    throw new ConfigError(
      `APP_ENV=${e.APP_ENV} with HOST=${host}: refusing to listen on the network, where /dev/outbox would show every verification code. Use a loopback HOST (localhost, 127.0.0.1, ::1), or set ALLOW_DEVELOPMENT_ON_NETWORK=true.`,
    );
  }
  // A warning as long as the session would show on every page from the start.
  if (e.SESSION_WARNING_MINUTES >= e.SESSION_IDLE_MINUTES) {
    throw new ConfigError(
      `SESSION_WARNING_MINUTES=${e.SESSION_WARNING_MINUTES} must be less than SESSION_IDLE_MINUTES=${e.SESSION_IDLE_MINUTES}.`,
    );
  }
  // PGlite is a database inside one process.
  if (e.SERVER_PROCESSES > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `SERVER_PROCESSES=${e.SERVER_PROCESSES} needs DATABASE_URL: the embedded database (PGlite) lives in one process.`,
    );
  }
  const resolve = (p: string) => path.resolve(root, p);
  return {
    port: e.PORT,
    host,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jointSweepCron: e.JOINT_SWEEP_CRON,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    operatorToken: e.OPERATOR_TOKEN,
    operationsToken: e.OPERATIONS_TOKEN,
    funnelRetentionDays: e.FUNNEL_RETENTION_DAYS,
    appEnv: e.APP_ENV,
    isProduction,
    databaseUrl: e.DATABASE_URL,
    serverProcesses: e.SERVER_PROCESSES,
    databaseSchema: e.DATABASE_SCHEMA,
    dataDir: resolve(e.DATA_DIR),
    seedDir: resolve(e.SEED_DIR),
    webDist: resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    institutionName: e.INSTITUTION_NAME,
    contactPhone: e.CONTACT_PHONE,
    onlineBankingUrl: e.ONLINE_BANKING_URL,
    publicWebsiteUrl: e.PUBLIC_WEBSITE_URL,
    mobileApp: { url: e.MOBILE_APP_URL, appStoreUrl: e.APP_STORE_URL, googlePlayUrl: e.GOOGLE_PLAY_URL },
    idProviderSharePercent: e.ID_PROVIDER_SHARE_PERCENT,
    alloyEnabled: e.ALLOY_ENABLED,
    forceIdResult: isProduction ? '' : e.FORCE_ID_RESULT,
    buildNumber: e.BUILD_NUMBER,
    sessionSecret: e.SESSION_SECRET,
    sinEncryptionKey: e.SIN_ENCRYPTION_KEY,
    providers: e.PROVIDERS,
    deviceFingerprint: { scriptUrl: e.DEVICE_FINGERPRINT_SCRIPT_URL, orgId: e.DEVICE_FINGERPRINT_ORG_ID },
    hideReferralCode: e.HIDE_REFERRAL_CODE,
    partnerTimeoutMs: e.PARTNER_TIMEOUT_SECONDS * 1000,
    ...providerSettings,
    allowSandboxInProduction: e.ALLOW_SANDBOX_IN_PRODUCTION,
  };
}

/** Partners that have no real adapter yet: production runs them only as a demonstration. */
const SANDBOX_ONLY_PARTNERS = ['core banking', 'in-person ID (post office barcode)'];

/**
 * Production starts only as production: every partner real (each one named when not), the vendors'
 * live addresses and tokens, links built from PUBLIC_URL, mail sent through SMTP (the outbox would keep
 * live links in clear), and TRUST_PROXY stated. Throws one ConfigError listing every problem.
 */
function refuseWhatIsNotProduction(e: Env, providers: ReturnType<typeof parseProviderSettings>): void {
  const problems: string[] = [];
  if (!e.ALLOW_SANDBOX_IN_PRODUCTION) {
    const sandboxes = [
      providers.phoneVerificationProvider === 'sandbox' && 'phone verification (PHONE_VERIFICATION_PROVIDER)',
      providers.addressLookupProvider === 'sandbox' && 'address lookup (ADDRESS_LOOKUP_PROVIDER)',
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
  if (e.RATE_LIMIT_ROUTE_FACTOR !== 1) {
    problems.push(
      'RATE_LIMIT_ROUTE_FACTOR is for browser suites: production keeps each call’s own limit (1).',
    );
  }
  if (!e.PUBLIC_URL) problems.push('PUBLIC_URL is unset: the links in e-mails would point to localhost.');
  if (!e.SMTP_URL) {
    problems.push('SMTP_URL is unset: e-mails and their live links would be kept in clear in the outbox.');
  }
  if (e.TRUST_PROXY === undefined) {
    problems.push(
      'TRUST_PROXY is unset: state the proxies in front of the server (a hop count or their addresses), or false when clients connect directly.',
    );
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
export function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
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

/**
 * Provider choice and credentials. Missing credentials of a selected real provider are reported by
 * `missingProviderCredentials` and refused when the providers are built (providers/index.ts).
 */
function parseProviderSettings(
  e: Env,
): Pick<
  AppConfig,
  | 'phoneVerificationProvider'
  | 'addressLookupProvider'
  | 'identityProvider'
  | 'documentVerificationProvider'
  | 'twilio'
  | 'canadaPost'
  | 'alloy'
  | 'onfido'
  | 'rateLimitPerMinute'
  | 'rateLimitRouteFactor'
  | 'sessionIdleMinutes'
  | 'sessionWarningMinutes'
  | 'sessionMaxHours'
  | 'phoneSendLimitPerIpPerHour'
  | 'phoneSendLimitPerNumberPerHour'
  | 'phoneSendLimitPerApplicantPerHour'
  | 'draftRetentionDays'
  | 'mail'
  | 'decision'
  | 'jobs'
> {
  const real = e.PROVIDERS === 'real';
  return {
    phoneVerificationProvider: e.PHONE_VERIFICATION_PROVIDER ?? (real ? 'twilio' : 'sandbox'),
    addressLookupProvider: e.ADDRESS_LOOKUP_PROVIDER ?? (real ? 'canadapost' : 'sandbox'),
    identityProvider: e.IDENTITY_PROVIDER ?? (real ? 'alloy' : 'sandbox'),
    documentVerificationProvider: e.DOCUMENT_VERIFICATION_PROVIDER ?? (real ? 'onfido' : 'sandbox'),
    alloy: {
      baseUrl: e.IRS_API_URL.replace(/\/+$/, ''),
      journeyToken: e.IRS_REQUEST_KEY,
      workflowToken: e.ALLOY_WORKFLOW_TOKEN,
      workflowSecret: e.ALLOY_WORKFLOW_SECRET,
    },
    onfido: {
      baseUrl: e.ONFIDO_BASE_URL.replace(/\/+$/, ''),
      apiToken: e.ONFIDO_API_TOKEN,
      workflowId: e.ONFIDO_WORKFLOW_ID,
      webhookToken: e.ONFIDO_WEBHOOK_TOKEN,
    },
    twilio: {
      baseUrl: e.TWILIO_BASE_URL.replace(/\/+$/, ''),
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      serviceSid: e.TWILIO_VERIFY_SERVICE_SID,
    },
    canadaPost: { baseUrl: e.CANADA_POST_BASE_URL.replace(/\/+$/, ''), key: e.CANADA_POST_KEY },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitRouteFactor: e.RATE_LIMIT_ROUTE_FACTOR,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionWarningMinutes: e.SESSION_WARNING_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    decision: { waitSeconds: e.DECISION_WAIT_SECONDS, sandboxSlowSeconds: e.SANDBOX_SLOW_DECISION_SECONDS },
    jobs: {
      pollSeconds: e.JOB_POLL_SECONDS,
      expireSeconds: e.JOB_EXPIRE_SECONDS,
      retrySeconds: e.JOB_RETRY_SECONDS,
      maintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
    },
    phoneSendLimitPerIpPerHour: e.PHONE_SEND_LIMIT_PER_IP_PER_HOUR,
    phoneSendLimitPerNumberPerHour: e.PHONE_SEND_LIMIT_PER_NUMBER_PER_HOUR,
    phoneSendLimitPerApplicantPerHour: e.PHONE_SEND_LIMIT_PER_APPLICANT_PER_HOUR,
    draftRetentionDays: e.DRAFT_RETENTION_DAYS,
  };
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
  return missing;
}
