import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApplicant } from '../../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

/** The text drawn in a PDF made with the standard fonts (hex strings of the content streams, unzipped). */
async function pdfText(bytes: Buffer): Promise<string> {
  const { inflateSync } = await import('node:zlib');
  const raw = bytes.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g)) {
      text += Buffer.from(hex[1]!, 'hex').toString('latin1');
    }
    text += ' ';
  }
  return text;
}

describe('the membership terms PDF and the SIN reveal', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(TEST_DATABASES[0]!, {
      rateLimitMax: 100_000,
      env: { INSTITUTION_NAME: 'Maple Credit Union', CONTACT_PHONE: '1-800-555-0142', LOG_LEVEL: 'trace' },
      logStream: new Writable({
        write(chunk: Buffer, _enc, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['en', 'membership-terms.pdf', 'Maple Credit Union Membership Terms and Conditions', 'Complaints'],
    ['fr', 'conditions-adhesion.pdf', 'Conditions d', 'Plaintes'],
  ])('serves the %s membership terms as a downloadable PDF', async (lang, file, title, heading) => {
    const res = await t.app.inject(`/api/omo/MembershipTerms?lang=${lang}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2000);
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = await pdfText(bytes);
    expect(text).toContain(title);
    expect(text).toContain(heading);
    expect(text).toContain('1-800-555-0142');
  });

  it('prints the French terms in French, accents included', async () => {
    const text = await pdfText((await t.app.inject('/api/omo/MembershipTerms?lang=fr')).rawPayload);
    expect(text).toContain('adhésion');
    expect(text).not.toContain('Membership');
  });

  it('refuses a language it does not have', async () => {
    const res = await t.app.inject('/api/omo/MembershipTerms?lang=de');
    expect(res.statusCode).toBe(400);
  });

  it("reveals the session's own SIN in full, never cached", async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2003'] }).progress('sin');
    const res = await applicant.call('GET', '/api/omo/Application/Sin/Reveal');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sin: '130-692-544' });
    expect(res.headers['cache-control']).toBe('no-store');
    // Not in the logs, even at trace level.
    expect(logLines.join('\n')).not.toMatch(/130.?692.?544/);
    // The view never holds it: only the mask.
    expect((await applicant.view()).json()).toMatchObject({ sin: { masked: '***-***-544' } });
  });

  it('reveals nothing without a session, and nothing of another applicant', async () => {
    const owner = await new TestApplicant(t.app, { productIds: ['2003'] }).progress('sin');
    expect((await t.app.inject('/api/omo/Application/Sin/Reveal')).statusCode).toBe(401);
    // Another applicant's session reads only its own application, which has no SIN.
    const other = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('address');
    const res = await other.call('GET', '/api/omo/Application/Sin/Reveal');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('692');
    expect(owner.cookie).not.toBe(other.cookie);
  });

  it('saves the promo and referral codes edited on the review (at most 12, referral begins with RF)', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('personalInfo');
    const ok = await applicant.put('Codes', { promoCode: 'SPRING2026AB', referralCode: 'rf12345' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ promoCode: 'SPRING2026AB', referralCode: 'RF12345' });
    const bad = await applicant.put('Codes', { promoCode: 'THIRTEENCHARS', referralCode: 'AB1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string; message: string }) => [e.path, e.message])).toEqual([
      ['promoCode', 'Promo code exceeds maximum characters'],
      ['referralCode', 'Referral code must begin with RF'],
    ]);
    const cleared = await applicant.put('Codes', { promoCode: '', referralCode: '' });
    expect(cleared.json()).toMatchObject({ promoCode: '', referralCode: '' });
  });
});

describe.each(TEST_DATABASES)('the SIN reveal after the submission on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database, { rateLimitMax: 100_000 });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('no longer shows the SIN once the application is submitted (409, nothing of it in the answer)', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2002'] }).progress('reviewConsent');
    expect((await applicant.call('GET', '/api/omo/Application/Sin/Reveal')).statusCode).toBe(200);
    expect((await applicant.submit()).statusCode).toBe(200);
    const res = await applicant.call('GET', '/api/omo/Application/Sin/Reveal');
    expect(res.statusCode).toBe(409);
    expect(res.body).not.toMatch(/692|544/);
  });
});
