import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config.ts';
import { PRODUCTION_TEST_ENV } from '../testing/test-app.ts';
import {
  createSinCipher,
  hashPassword,
  loadSinKey,
  parseKey,
  randomToken,
  sha256Hex,
  verifyPassword,
} from './crypto.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'omo-crypto-'));
  dirs.push(d);
  return d;
};
// What else a production start needs (decision 0053), but its environment and its SIN key; harmless elsewhere.
const { APP_ENV: _production, SIN_ENCRYPTION_KEY: _key, ...PRODUCTION_NEEDS } = PRODUCTION_TEST_ENV;
const config = (env: Record<string, string>) => parseConfig({ ...PRODUCTION_NEEDS, ...env }, tempDir());

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const phc = await hashPassword('Secr3tPass9');
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(phc).not.toContain('Secr3tPass9');
    expect(await verifyPassword(phc, 'Secr3tPass9')).toBe(true);
    expect(await verifyPassword(phc, 'Secr3tPass8')).toBe(false);
    expect(await verifyPassword('garbage', 'x')).toBe(false);
  });
});

describe('tokens and hashes', () => {
  it('makes 256-bit base64url tokens, each different', () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(randomToken()).not.toBe(a);
  });
  it('hashes with SHA-256 (hex)', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('SIN cipher', () => {
  const key = Buffer.alloc(32, 7);
  it('round-trips, with a fresh IV each time and no digits in clear', () => {
    const cipher = createSinCipher(key);
    const a = cipher.encrypt('130692544', 'app-1');
    const b = cipher.encrypt('130692544', 'app-1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('130692544');
    expect(cipher.decrypt(a, 'app-1')).toBe('130692544');
  });
  it('refuses another context, another key or an altered value', () => {
    const cipher = createSinCipher(key);
    const sealed = cipher.encrypt('130692544', 'app-1');
    expect(() => cipher.decrypt(sealed, 'app-2')).toThrow();
    expect(() => createSinCipher(Buffer.alloc(32, 8)).decrypt(sealed, 'app-1')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('000000000').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 'app-1')).toThrow();
  });
});

describe('SIN key', () => {
  it('parses 64 hex characters or 32 bytes of base64', () => {
    expect(parseKey('ab'.repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    expect(parseKey(Buffer.alloc(32, 1).toString('base64'))).toEqual(Buffer.alloc(32, 1));
    expect(parseKey(Buffer.alloc(32, 0xfb).toString('base64url'))).toEqual(Buffer.alloc(32, 0xfb));
    expect(() => parseKey('too short')).toThrow(ConfigError);
  });

  it('refuses production without SIN_ENCRYPTION_KEY', () => {
    expect(() => loadSinKey(config({ APP_ENV: 'production' }))).toThrow(/SIN_ENCRYPTION_KEY/);
    const key = 'cd'.repeat(32);
    expect(loadSinKey(config({ APP_ENV: 'production', SIN_ENCRYPTION_KEY: key }))).toEqual({
      key: Buffer.from(key, 'hex'),
      source: 'config',
    });
  });

  it('uses a random key for the in-memory database', () => {
    const a = loadSinKey(config({ DATABASE_URL: 'memory://' }));
    expect(a.source).toBe('ephemeral');
    expect(loadSinKey(config({ DATABASE_URL: 'memory://' })).key).not.toEqual(a.key);
  });

  it('generates a key file once in DATA_DIR (mode 0600) for the embedded database', () => {
    const dataDir = tempDir();
    const c = config({ APP_ENV: 'development', DATA_DIR: dataDir });
    const first = loadSinKey(c);
    const file = path.join(dataDir, 'sin.key');
    expect(first.source).toBe('key-file');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSinKey(c).key).toEqual(first.key);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.key.toString('hex'));
  });
});
