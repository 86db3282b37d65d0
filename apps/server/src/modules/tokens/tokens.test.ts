import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { MIGRATIONS, migrateToLatest } from '../../db/migrate.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { TestApplicant } from '../../testing/applicant.ts';
import { buildTestApp, createTestPglite, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';
import { checkCode, consumeToken, findLink, issueToken, tokenState, verifyLink } from './service.ts';

const MINUTE = 60_000;

describe.each(TEST_DATABASES)('one-time tokens ($name)', (database) => {
  let t: TestApp;
  let applicationId: string;
  let applicantId: string;
  let otherApplicantId: string;

  beforeAll(async () => {
    t = await buildTestApp(database);
    const ids = [];
    for (const _ of [0, 1]) {
      const applicant = new TestApplicant(t.app);
      await applicant.start();
      ids.push(
        await t.app.db
          .selectFrom('applicants')
          .select(['id', 'application_id'])
          .where('email', '=', applicant.email)
          .executeTakeFirstOrThrow(),
      );
    }
    applicationId = ids[0]!.application_id;
    applicantId = ids[0]!.id;
    otherApplicantId = ids[1]!.id;
  }, 60_000);
  afterAll(() => t?.close());

  const now = () => new Date();

  it('stores only the hash of a link, finds it by its secret, and stops it at its expiry', async () => {
    const issuedAt = now();
    const { secret, id } = await issueToken(t.app.db, 'resumeLink', {
      applicationId,
      applicantId,
      now: issuedAt,
      expiresAt: new Date(issuedAt.getTime() + 10 * MINUTE),
    });
    expect(secret.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    const row = await t.app.db
      .selectFrom('one_time_tokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256Hex(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    expect((await verifyLink(t.app.db, 'resumeLink', secret, issuedAt))?.applicantId).toBe(applicantId);
    const later = new Date(issuedAt.getTime() + 10 * MINUTE);
    expect(await verifyLink(t.app.db, 'resumeLink', secret, later)).toBeUndefined();
    expect(tokenState((await findLink(t.app.db, 'resumeLink', secret))!, later)).toBe('expired');
    expect(await consumeToken(t.app.db, id, later)).toBe(false);
  });

  it('works once for a single-use purpose: of two parallel uses one wins', async () => {
    const issuedAt = now();
    const { secret, id } = await issueToken(t.app.db, 'resumeLink', {
      applicantId,
      now: issuedAt,
      expiresAt: new Date(issuedAt.getTime() + 10 * MINUTE),
    });
    const uses = await Promise.all([
      consumeToken(t.app.db, id, issuedAt),
      consumeToken(t.app.db, id, issuedAt),
    ]);
    expect(uses.filter(Boolean)).toHaveLength(1);
    expect(await verifyLink(t.app.db, 'resumeLink', secret, issuedAt)).toBeUndefined();
    expect(tokenState((await findLink(t.app.db, 'resumeLink', secret))!, issuedAt)).toBe('used');
  });

  it('answers a secret only under its own purpose', async () => {
    const issuedAt = now();
    const { secret } = await issueToken(t.app.db, 'resumeLink', {
      applicantId,
      now: issuedAt,
      expiresAt: new Date(issuedAt.getTime() + 10 * MINUTE),
    });
    expect(await verifyLink(t.app.db, 'phoneHandOff', secret, issuedAt)).toBeUndefined();
    expect(await verifyLink(t.app.db, 'resumeLink', secret, issuedAt)).toBeDefined();
  });

  it('ends the older tokens of a purpose that says so, for the same binding only', async () => {
    const issuedAt = now();
    const expiresAt = new Date(issuedAt.getTime() + 10 * MINUTE);
    const first = await issueToken(t.app.db, 'resumeLink', { applicantId, now: issuedAt, expiresAt });
    const others = await issueToken(t.app.db, 'resumeLink', {
      applicantId: otherApplicantId,
      now: issuedAt,
      expiresAt,
    });
    const second = await issueToken(t.app.db, 'resumeLink', { applicantId, now: issuedAt, expiresAt });
    expect(tokenState((await findLink(t.app.db, 'resumeLink', first.secret))!, issuedAt)).toBe('ended');
    expect(await verifyLink(t.app.db, 'resumeLink', second.secret, issuedAt)).toBeDefined();
    expect(await verifyLink(t.app.db, 'resumeLink', others.secret, issuedAt)).toBeDefined();
    // A purpose that keeps its older tokens (the joint invitation's link, sent again by the reminder).
    const a = await issueToken(t.app.db, 'reminderUnsubscribe', { applicantId, now: issuedAt, expiresAt });
    await issueToken(t.app.db, 'reminderUnsubscribe', { applicantId, now: issuedAt, expiresAt });
    expect(await verifyLink(t.app.db, 'reminderUnsubscribe', a.secret, issuedAt)).toBeDefined();
  });

  /** A resume code of the applicant, issued now for 10 minutes. */
  async function issueResumeCode() {
    const issuedAt = now();
    const expiresAt = new Date(issuedAt.getTime() + 10 * MINUTE);
    const { secret: code } = await issueToken(t.app.db, 'resumeCode', {
      applicantId,
      now: issuedAt,
      expiresAt,
    });
    return { issuedAt, expiresAt, code };
  }

  it('checks a code against its binding only, counts wrong entries, and spends it once right', async () => {
    const { issuedAt, code } = await issueResumeCode();
    expect(code).toMatch(/^\d{6}$/);
    // Bound to the applicant: the right code for another applicant is wrong (and theirs has none).
    expect(await checkCode(t.app.db, 'resumeCode', { applicantId: otherApplicantId }, code, issuedAt)).toBe(
      'expired',
    );
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await checkCode(t.app.db, 'resumeCode', { applicantId }, wrong, issuedAt)).toBe('wrong');
    expect(await checkCode(t.app.db, 'resumeCode', { applicantId }, code, issuedAt)).toBe('right');
    // Single use: the same code again finds no live code.
    expect(await checkCode(t.app.db, 'resumeCode', { applicantId }, code, issuedAt)).toBe('expired');
  });

  it('stops a code after its tries and at its expiry', async () => {
    const { issuedAt, expiresAt, code } = await issueResumeCode();
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await checkCode(t.app.db, 'resumeCode', { applicantId }, wrong, issuedAt)).toBe('wrong');
    expect(await checkCode(t.app.db, 'resumeCode', { applicantId }, wrong, issuedAt)).toBe('wrong');
    expect(await checkCode(t.app.db, 'resumeCode', { applicantId }, wrong, issuedAt)).toBe('expired');
    expect(await checkCode(t.app.db, 'resumeCode', { applicantId }, code, issuedAt)).toBe('expired');

    const fresh = await issueToken(t.app.db, 'resumeCode', { applicantId, now: issuedAt, expiresAt });
    expect(await checkCode(t.app.db, 'resumeCode', { applicantId }, fresh.secret, expiresAt)).toBe('expired');
  });

  it('is deleted with its application', async () => {
    const applicant = new TestApplicant(t.app);
    await applicant.start();
    const row = await t.app.db
      .selectFrom('applicants')
      .select(['id', 'application_id'])
      .where('email', '=', applicant.email)
      .executeTakeFirstOrThrow();
    const issuedAt = now();
    const { id } = await issueToken(t.app.db, 'resumeLink', {
      applicationId: row.application_id,
      applicantId: row.id,
      now: issuedAt,
      expiresAt: new Date(issuedAt.getTime() + MINUTE),
    });
    await t.app.db.deleteFrom('applications').where('id', '=', row.application_id).execute();
    expect(await t.app.db.selectFrom('one_time_tokens').select('id').where('id', '=', id).execute()).toEqual(
      [],
    );
  });
});

describe('migration 0014: the joint invitation secrets move into the token table', () => {
  it('keeps the joint code, the apply-as-single code and a live e-mail code working by their hashes', async () => {
    const handle = await openDatabase({
      databaseUrl: 'memory://',
      dataDir: '',
      pglite: await createTestPglite(),
    });
    try {
      const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0014'));
      const { Migrator } = await import('kysely');
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => before } });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const applicationId = randomUUID();
      const applicantId = randomUUID();
      const expiresAt = new Date(Date.now() - 60 * MINUTE);
      const expiredAt = new Date(Date.now() - 30 * MINUTE);
      await sql`insert into applications (id, ref_code, product_ids, uses_id_provider)
        values (${applicationId}, 'REF1', '[]'::jsonb, false)`.execute(handle.db);
      await sql`insert into applicants (id, application_id, role, email, password_hash)
        values (${applicantId}, ${applicationId}, 'primary', 'ada@example.com', 'x')`.execute(handle.db);
      await sql`insert into joint_invitations (application_id, code_hash, first_name, last_name, email, language,
          created_at, expires_at, expired_at, single_code_hash, email_code_hash, email_code_expires_at,
          email_code_tries, email_codes_sent)
        values (${applicationId}, ${sha256Hex('joint-secret')}, 'Grace', 'Hopper', 'grace@example.com', 'en',
          ${new Date(expiresAt.getTime() - 7 * 24 * 60 * MINUTE)}, ${expiresAt}, ${expiredAt},
          ${sha256Hex('single-secret')}, ${sha256Hex(`${applicationId}:123456`)},
          ${new Date(Date.now() + 5 * MINUTE)}, 1, 2)`.execute(handle.db);

      await migrateToLatest(handle.db);
      const db = handle.db;
      const joint = await findLink(db, 'jointInvitation', 'joint-secret');
      expect(joint).toMatchObject({ applicationId, expiresAt });
      const single = await verifyLink(db, 'applyAsSingle', 'single-secret', new Date());
      expect(single).toMatchObject({ applicationId, applicantId });
      expect(single!.expiresAt.getTime()).toBe(expiredAt.getTime() + 14 * 24 * 60 * MINUTE);
      expect(await checkCode(db, 'jointEmailCode', { applicationId }, '123456', new Date())).toBe('right');
      const invitation = await db.selectFrom('joint_invitations').selectAll().executeTakeFirstOrThrow();
      expect(Object.keys(invitation)).not.toContain('code_hash');
      expect(invitation.email_codes_sent).toBe(2);
    } finally {
      await handle.close();
    }
  });
});
