// What a review edit can change (spec 001 §2.4, §4.2): an edit is held to its step's rules against the
// whole application, so an age out of range is refused in the section; an age that moved out of range
// after it was saved makes its step incomplete again, and the submit sends the applicant back to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApplicant } from '../../testing/applicant.ts';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../../testing/test-app.ts';

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

/** The date-of-birth fields of someone `years` old today (a few days past the birthday). */
function bornYearsAgo(years: number) {
  const d = new Date(Date.now() - years * YEAR_MS - 5 * 24 * 3600 * 1000);
  return {
    dob_year: String(d.getUTCFullYear()),
    dob_month: String(d.getUTCMonth() + 1).padStart(2, '0'),
    dob_day: String(d.getUTCDate()),
  };
}

describe('review edits and the age limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(TEST_DATABASES[0]!, {
      rateLimitMax: 100_000,
      env: { DECISION_WAIT_SECONDS: '2' },
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const errorsOf = (res: { json: () => unknown }) =>
    (res.json() as { errors: { path: string; key: string }[] }).errors.map((e) => [e.path, e.key]);

  it('refuses a date of birth edited beyond the age limit and keeps the saved one', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    const res = await applicant.put('PersonalInfo', { ...applicant.personalInfo(), ...bornYearsAgo(112) });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([['dob_year', 'age.max']]);
    const view = (await applicant.view()).json<{ personalInfo: { dob_year: string }; nextPath: string }>();
    expect(view.personalInfo.dob_year).toBe('1980');
    expect(view.nextPath).toBe('/single/reviewterms');
  });

  it('refuses a province whose age of majority the applicant has not reached', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    // 18 and a half: of age in Ontario, not in British Columbia (19).
    expect(
      (await applicant.put('PersonalInfo', { ...applicant.personalInfo(), ...bornYearsAgo(18.5) }))
        .statusCode,
    ).toBe(200);
    const res = await applicant.put('Address', {
      isManualAddress: true,
      streetNumber: '800',
      streetName: 'Robson St',
      cityName: 'Vancouver',
      provinceName: 'BC',
      postalCode: 'V6Z 2E7',
      country: 'CA',
      isMailingAddressSame: true,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([['provinceName', 'age.majority']]);
  });

  it('sends an age that moved out of range after the review back to the personal information', async () => {
    const applicant = await new TestApplicant(t.app, { productIds: ['2001'] }).progress('reviewConsent');
    expect(
      (await applicant.put('PersonalInfo', { ...applicant.personalInfo(), ...bornYearsAgo(110.6) }))
        .statusCode,
    ).toBe(200);
    const clock = t.app.providers.clock;
    const real = clock.now;
    // Half a year later the applicant is 111: the saved date of birth no longer passes its step's rules.
    clock.now = () => new Date(Date.now() + 0.5 * YEAR_MS);
    try {
      const res = await applicant.submit();
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ nextPath: '/single/personalinfo' });
      const view = (await applicant.view()).json<{ decision: unknown; nextPath: string }>();
      expect(view.decision).toBeNull();
      expect(view.nextPath).toBe('/single/personalinfo');
    } finally {
      clock.now = real;
    }
  });
});
