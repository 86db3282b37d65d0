import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../scripts/chromium-args.mjs';
import { OPERATIONS_TOKEN } from './fixtures/operations.ts';

// The browser suite drives the product started exactly as the README starts it (`npm start`, embedded
// PGlite, sandbox providers), on its own port and in a throw-away data folder.
const PORT = Number(process.env.E2E_PORT ?? 3199);
/** The staff back office's own listener (its own origin). */
export const STAFF_PORT = Number(process.env.E2E_STAFF_PORT ?? PORT + 10);
const dataDir = mkdtempSync(join(tmpdir(), 'omo-e2e-'));
// One process on embedded PGlite, as `npm start` runs it: no shared database nor shared rate limits.
const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A failed story's page and last API answers are printed again at the end of the log.
  reporter: [['list'], ['./fixtures/failure-reporter.ts']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    // Stories tagged @phone-only run at 320 px alone.
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone-only/ },
    {
      name: 'mobile-320',
      use: { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true },
      grep: /@mobile/,
    },
  ],
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `http://localhost:${PORT}/api/heartbeat`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      ...env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every test sends codes from this one IP: the per-IP ceiling (50/hour) is the server tests' to prove.
      PHONE_SEND_LIMIT_PER_IP_PER_HOUR: '1000',
      // One browser on one IP runs the whole suite: the server tests prove the per-IP limits.
      RATE_LIMIT_PER_MINUTE: '100000',
      // The calls' own tighter limits too (the joint code lookup's 10 a minute, for one): the server tests prove them.
      RATE_LIMIT_ROUTE_FACTOR: '100',
      // A late decision (the Slow persona) within seconds: processing, then the job and its e-mail.
      DECISION_WAIT_SECONDS: '3',
      SANDBOX_SLOW_DECISION_SECONDS: '6',
      JOB_POLL_SECONDS: '0.5',
      OPERATIONS_TOKEN,
      STAFF_PORT: String(STAFF_PORT),
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
