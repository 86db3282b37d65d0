/**
 * One-time tokens (decision 0068): issue, find, consume and check the secrets omo sends in links and
 * codes, each under its purpose's rule (TOKEN_RULES). Every function takes the caller's database or
 * transaction, so a token is issued, ended or consumed in the same transaction as what it stands for.
 * Only hashes are stored: a link's SHA-256, or a code's SHA-256 with the id it is bound to.
 */
import { ONE_TIME_CODE_PATTERN, TOKEN_RULES, type TokenPurpose } from '@omo/domain';
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';

/** What a token is bound to: an application, an applicant, or both. */
export interface TokenBinding {
  applicationId?: string | null;
  applicantId?: string | null;
}

export interface IssueOptions extends TokenBinding {
  expiresAt: Date;
  now: Date;
  /** A derived secret (a link a reminder must send again); by default 256 random bits or 6 digits. */
  secret?: string;
}

export interface TokenRow {
  id: string;
  purpose: TokenPurpose;
  applicationId: string | null;
  applicantId: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  endedAt: Date | null;
  /** Wrong entries (codes) or attempts (links) counted against it. */
  tries: number;
}

/** Why a token found by its secret does not work, if it does not. */
export type TokenState = 'live' | 'expired' | 'used' | 'ended';

const bindingKey = (binding: TokenBinding): string => {
  const key = binding.applicantId ?? binding.applicationId;
  if (!key) throw new Error('A one-time token is bound to an application or an applicant');
  return key;
};

const codeHash = (binding: TokenBinding, code: string) => sha256Hex(`${bindingKey(binding)}:${code}`);

const toRow = (row: {
  id: string;
  purpose: TokenPurpose;
  application_id: string | null;
  applicant_id: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  ended_at: Date | null;
  tries: number;
}): TokenRow => ({
  id: row.id,
  purpose: row.purpose,
  applicationId: row.application_id,
  applicantId: row.applicant_id,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  usedAt: row.used_at ? new Date(row.used_at) : null,
  endedAt: row.ended_at ? new Date(row.ended_at) : null,
  tries: row.tries,
});

/** The state of a token at `now`. */
export function tokenState(token: TokenRow, now: Date): TokenState {
  if (token.usedAt) return 'used';
  if (token.endedAt) return 'ended';
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'live';
}

/**
 * Ends the live tokens of a purpose bound to `binding` (a newer one replaces them, or what they were for
 * is over).
 */
export async function endTokens(db: Database, purpose: TokenPurpose, binding: TokenBinding, now: Date) {
  bindingKey(binding);
  let query = db
    .updateTable('one_time_tokens')
    .set({ ended_at: now })
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('ended_at', 'is', null);
  if (binding.applicationId) query = query.where('application_id', '=', binding.applicationId);
  if (binding.applicantId) query = query.where('applicant_id', '=', binding.applicantId);
  await query.execute();
}

/**
 * Issues a token of `purpose` bound to `binding`, ending the older ones when the purpose says so.
 * @returns the secret (to send; never stored) and the token's id
 */
export async function issueToken(
  db: Database,
  purpose: TokenPurpose,
  options: IssueOptions,
): Promise<{ secret: string; id: string }> {
  const rule = TOKEN_RULES[purpose];
  const binding = { applicationId: options.applicationId ?? null, applicantId: options.applicantId ?? null };
  if (rule.replacesOlder) await endTokens(db, purpose, binding, options.now);
  const secret =
    options.secret ??
    (rule.kind === 'link' ? randomToken() : String(randomInt(0, 1_000_000)).padStart(6, '0'));
  const id = randomUUID();
  await db
    .insertInto('one_time_tokens')
    .values({
      id,
      purpose,
      token_hash: rule.kind === 'link' ? sha256Hex(secret) : codeHash(binding, secret),
      application_id: binding.applicationId,
      applicant_id: binding.applicantId,
      created_at: options.now,
      expires_at: options.expiresAt,
    })
    .execute();
  return { secret, id };
}

/** The token of a link's secret, whatever its state (the caller tells an ended link from an unknown one). */
export async function findLink(
  db: Database,
  purpose: TokenPurpose,
  secret: string,
): Promise<TokenRow | undefined> {
  if (!secret) return undefined;
  const row = await db
    .selectFrom('one_time_tokens')
    .select([
      'id',
      'purpose',
      'application_id',
      'applicant_id',
      'created_at',
      'expires_at',
      'used_at',
      'ended_at',
      'tries',
    ])
    .where('purpose', '=', purpose)
    .where('token_hash', '=', sha256Hex(secret))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** The live token of a link's secret, or undefined (unknown, expired, used or ended). */
export async function verifyLink(
  db: Database,
  purpose: TokenPurpose,
  secret: string,
  now: Date,
): Promise<TokenRow | undefined> {
  const token = await findLink(db, purpose, secret);
  return token && tokenState(token, now) === 'live' ? token : undefined;
}

/**
 * Consumes a live single-use token by its id: one statement, so of two parallel uses one wins.
 * @returns true when this call consumed it
 */
export async function consumeToken(db: Database, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** The outcome of a code: right, wrong (tries left), or no longer usable (none live, or tried too often). */
export type CodeCheck = 'right' | 'wrong' | 'expired';

/**
 * Checks a code against the live code of `purpose` bound to `binding`. A wrong entry counts against the
 * code, in one statement under the row's lock, so parallel guesses cannot get past its tries; a right one
 * consumes it when the purpose is single use.
 */
export async function checkCode(
  db: Database,
  purpose: TokenPurpose,
  binding: TokenBinding,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  const rule = TOKEN_RULES[purpose];
  const tries = rule.tries ?? 1;
  const given = code.trim();
  if (!ONE_TIME_CODE_PATTERN.test(given)) return 'wrong';
  const hash = codeHash(binding, given);
  let query = db
    .updateTable('one_time_tokens')
    .set({
      tries: sql<number>`case when token_hash = ${hash} then tries else tries + 1 end`,
      ...(rule.singleUse
        ? { used_at: sql<Date | null>`case when token_hash = ${hash} then ${now}::timestamptz else null end` }
        : {}),
    })
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .where('tries', '<', tries);
  if (binding.applicationId) query = query.where('application_id', '=', binding.applicationId);
  if (binding.applicantId) query = query.where('applicant_id', '=', binding.applicantId);
  const counted = await query
    .returning(['tries', sql<boolean>`token_hash = ${hash}`.as('right')])
    .executeTakeFirst();
  if (counted?.right) return 'right';
  return counted && counted.tries < tries ? 'wrong' : 'expired';
}

/** True when a token of `purpose` was ever issued for `binding`. */
export async function hasToken(db: Database, purpose: TokenPurpose, binding: TokenBinding): Promise<boolean> {
  bindingKey(binding);
  let query = db.selectFrom('one_time_tokens').select('id').where('purpose', '=', purpose);
  if (binding.applicationId) query = query.where('application_id', '=', binding.applicationId);
  if (binding.applicantId) query = query.where('applicant_id', '=', binding.applicantId);
  return Boolean(await query.executeTakeFirst());
}
