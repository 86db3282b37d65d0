/**
 * Cryptography of the draft application (design.md §3):
 * - passwords: argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane), hashed as soon as they arrive;
 * - session tokens: 32 random bytes, base64url (256 bits); only their SHA-256 is stored;
 * - the SIN: AES-256-GCM with a random 96-bit IV per value and the applicant id as additional data (a
 *   ciphertext copied to another row does not decrypt). Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url);
 * - identity images: AES-256-GCM under a key derived from the SIN key (HKDF);
 * - link codes (the joint invitation, apply as single): HMAC-SHA256 of what the link is for under another
 *   key derived from the SIN key, 256 bits, base64url. Only their SHA-256 is stored; a reminder derives
 *   the same code again.
 *
 * The SIN key comes from SIN_ENCRYPTION_KEY (64 hex characters or 32 bytes base64/base64url); without it:
 * production refuses to start; the in-memory database and APP_ENV=test use a random key for the process
 * (nothing outlives it); otherwise a key file `sin.key` is generated once in DATA_DIR (mode 0600).
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { ConfigError, type AppConfig } from '../config.ts';

/** argon2id parameters (the library's default algorithm is argon2id). */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/** Hashes a password with argon2id; returns the PHC string ('$argon2id$v=19$...'). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Checks a password against an argon2id PHC string. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** SHA-256 of a text, hex. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** A random token: 32 bytes (256 bits), base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

// ---------------------------------------------------------------------------------------------------------
// SIN encryption
// ---------------------------------------------------------------------------------------------------------

const KEY_BYTES = 32;
const IV_BYTES = 12;
const FORMAT = 'v1';
const SIN_KEY_FILE = 'sin.key';

/** Parses SIN_ENCRYPTION_KEY: 64 hex characters, or base64/base64url of 32 bytes. */
/** Compares two secrets in constant time. */
export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

export function parseKey(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === KEY_BYTES) return key;
  }
  throw new ConfigError('SIN_ENCRYPTION_KEY must be 64 hex characters or 32 bytes in base64.');
}

/** Where the SIN key came from (logged at start; never the key). */
type SinKeySource = 'config' | 'key-file' | 'ephemeral';

/**
 * Loads the SIN key for a configuration (see the header).
 * @throws ConfigError in production without SIN_ENCRYPTION_KEY, or when the key is malformed
 */
export function loadSinKey(config: AppConfig): { key: Buffer; source: SinKeySource } {
  if (config.sinEncryptionKey) return { key: parseKey(config.sinEncryptionKey), source: 'config' };
  if (config.isProduction) {
    throw new ConfigError('APP_ENV=production requires SIN_ENCRYPTION_KEY: refusing to start.');
  }
  // Tests' own key, unless several processes must share it (SERVER_PROCESSES): then the key file.
  if ((config.databaseUrl === 'memory://' || config.appEnv === 'test') && config.serverProcesses === 1) {
    return { key: randomBytes(KEY_BYTES), source: 'ephemeral' };
  }
  const file = path.join(config.dataDir, SIN_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      // 'wx': never overwrite a key another process has just written.
      writeFileSync(file, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(file, 0o600);
  return { key: parseKey(readFileSync(file, 'utf8')), source: 'key-file' };
}

/** Encrypts and decrypts SINs with one key. */
export interface SinCipher {
  /** Encrypts `plain`, bound to `context` (the applicant id). */
  encrypt(plain: string, context: string): string;
  /** Decrypts a value of `encrypt`; throws when it was altered or bound to another context. */
  decrypt(sealed: string, context: string): string;
}

export function createSinCipher(key: Buffer): SinCipher {
  if (key.length !== KEY_BYTES) throw new Error('The SIN key must be 32 bytes');
  return {
    encrypt(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [FORMAT, iv, tag, data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed, context) {
      const [format, iv, tag, data] = sealed.split('.');
      if (format !== FORMAT || !iv || !tag || data === undefined)
        throw new Error('Unknown SIN ciphertext format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** Encrypts and decrypts binary documents (identity images) with one key. */
export interface BytesCipher {
  /** Encrypts `plain`, bound to `context`: iv (12) | tag (16) | data. */
  encrypt(plain: Buffer, context: string): Buffer;
  /** Decrypts a value of `encrypt`; throws when it was altered or bound to another context. */
  decrypt(sealed: Buffer, context: string): Buffer;
}

/** A key of its own for one purpose, derived by HKDF from the SIN key. */
export function deriveKey(sinKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sinKey, Buffer.alloc(0), purpose, KEY_BYTES));
}

/**
 * A cipher for identity images, keyed by HKDF from the SIN key so that one configured secret protects
 * both, each under its own key.
 */
export function createDocumentCipher(sinKey: Buffer): BytesCipher {
  const key = Buffer.from(hkdfSync('sha256', sinKey, Buffer.alloc(0), 'omo identity documents', KEY_BYTES));
  return {
    encrypt(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]);
    },
    decrypt(sealed, context) {
      const iv = sealed.subarray(0, IV_BYTES);
      const tag = sealed.subarray(IV_BYTES, IV_BYTES + 16);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + 16)), decipher.final()]);
    },
  };
}

/** Derives link codes: the same purpose, id and issue time always give the same code. */
export interface LinkCodes {
  code(purpose: 'joint' | 'single', id: string, issuedAt: Date): string;
}

export function createLinkCodes(sinKey: Buffer): LinkCodes {
  const key = Buffer.from(hkdfSync('sha256', sinKey, Buffer.alloc(0), 'omo link codes', KEY_BYTES));
  return {
    code: (purpose, id, issuedAt) =>
      createHmac('sha256', key).update(`${purpose}:${id}:${issuedAt.toISOString()}`).digest('base64url'),
  };
}

/** Keyed digests of answers: equal answers give equal digests, and a digest reveals nothing of a SIN. */
export interface AnswerDigests {
  digest(value: unknown): string;
}

/** Digests keyed by HKDF from the SIN key, so that a stored digest cannot be tested against guesses. */
export function createAnswerDigests(sinKey: Buffer): AnswerDigests {
  const key = Buffer.from(hkdfSync('sha256', sinKey, Buffer.alloc(0), 'omo answer digests', KEY_BYTES));
  return {
    digest: (value) => createHmac('sha256', key).update(JSON.stringify(value)).digest('base64url'),
  };
}
