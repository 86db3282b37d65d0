/** The server run as a real process in a test, started from source as `npm start` starts it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { FIXTURE_SEED_DIR, FIXTURE_WEB_DIST, REPO_ROOT } from './test-app.ts';

/**
 * The env of a test server on `port` of the loopback interface: fixture seed and web build, info logs, no
 * Redis, and a per-IP ceiling out of the way (the tests poll; the ceiling is other tests' to prove).
 */
export function serverProcessEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    STAFF_PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    APP_ENV: 'test',
    SEED_DIR: FIXTURE_SEED_DIR,
    WEB_DIST: FIXTURE_WEB_DIST,
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '100000',
    REDIS_URL: '',
  };
}

/**
 * Starts the server with `env` over the test's own environment (with `envOnly`, on `env` alone: the
 * machine's own settings do not count); its output is piped.
 */
export function spawnServer(env: Record<string, string>, { envOnly = false } = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: envOnly ? env : { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
