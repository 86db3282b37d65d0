// Level 3 items a bank is asked about: nobody learns from the API whether an e-mail address already has an
// application (same answer, same work), and answers that hold personal data are never cached nor leak
// through the Referer header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApplicant } from './testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from './testing/test-app.ts';

describe('no enumeration and no caching of personal data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(TEST_DATABASES[0]!, { rateLimitMax: 100_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The parts of an answer an observer could compare. */
  const shape = (res: Awaited<ReturnType<TestApplicant['call']>>) => ({
    status: res.statusCode,
    headers: Object.keys(res.headers)
      .filter((h) => !['date', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'content-length'].includes(h))
      .sort(),
    cookies: res.cookies.map((c) => [c.name, c.httpOnly, c.sameSite, c.path]),
  });

  it('answers InitializeApplication for a known e-mail exactly as for a new one', async () => {
    const first = new TestApplicant(t.app);
    await first.start();
    const again = new TestApplicant(t.app);
    const known = await again.call('POST', '/api/omo/InitializeApplication', {
      ...again.initializeBody(),
      email: first.email.toUpperCase(),
    });
    const fresh = new TestApplicant(t.app);
    const unknown = await fresh.call('POST', '/api/omo/InitializeApplication', fresh.initializeBody());
    expect(shape(known)).toEqual(shape(unknown));
    // Each gets a reference number of its own, of the same form.
    expect(known.json()).toMatch(/^OMO[A-Z0-9]{8}P$/);
    expect(unknown.json()).toMatch(/^OMO[A-Z0-9]{8}P$/);
    expect(known.json()).not.toBe(unknown.json());
    // A wrong password for a known e-mail is no different from any other body: there is no sign-in.
    const wrong = await new TestApplicant(t.app).call('POST', '/api/omo/InitializeApplication', {
      ...again.initializeBody(),
      email: first.email,
      password: 'Other1pass',
    });
    expect(wrong.statusCode).toBe(200);
  });

  it('marks every answer holding the applicant’s data no-store and sends no Referer', async () => {
    const applicant = await new TestApplicant(t.app).progress('personalInfo');
    for (const res of [
      await applicant.call('GET', '/api/omo/Application'),
      await applicant.call('PUT', '/api/omo/Application/PersonalInfo', applicant.personalInfo()),
      await applicant.call('POST', '/api/omo/InitializeApplication', applicant.initializeBody()),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('answers TRACE and other unsupported methods with 404', async () => {
    // TRACE is no method Fastify's types know: the request is sent as the string a client would send.
    for (const method of ['TRACE', 'DELETE', 'PATCH'] as unknown as 'DELETE'[]) {
      expect((await t.app.inject({ method, url: '/api/omo/Application' })).statusCode, method).toBe(404);
    }
  });
});
