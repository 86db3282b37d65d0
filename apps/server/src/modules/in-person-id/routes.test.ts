import { describe, expect, it } from 'vitest';
import { TestApplicant, type TestApplicantOptions } from '../../testing/applicant.ts';
import { TEST_DATABASES, useTestApp } from '../../testing/test-app.ts';
import { EXAMPLE_OTHER_PARTS, inPersonIdShowBy, longDayOf } from '@omo/domain';
import { forwardSortationAreaOf } from './service.ts';

interface PostOfficeAnswer {
  dssNumber: string;
  barcodeText: string;
  showBy: string;
  postOffice: {
    id: string;
    name: string;
    address: { line1: string; city: string };
    hours: { dayOfWeek: number; openingTime: string; closingTime: string }[];
    distance: number;
  } | null;
}

const OTTAWA = { isManualAddress: true, ...EXAMPLE_OTHER_PARTS, isMailingAddressSame: true };

/** Width and height of a PNG, read from its IHDR chunk. */
function pngSize(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('forwardSortationAreaOf', () => {
  it.each([
    [{ postalCode: 'M5V 3L9' }, 'M5V'],
    [{ postalCode: 'k1a0a9' }, 'K1A'],
    [{ postalCode: '' }, null],
    [{}, null],
    [null, null],
    [{ postalCode: '90210' }, null],
  ])('%j → %s', (address, fsa) => {
    expect(forwardSortationAreaOf(address)).toBe(fsa);
  });
});

describe.each(TEST_DATABASES)('ID in person on $name', (database) => {
  const t = useTestApp(database);

  /** An applicant who submitted (everything done), living at `address` when given. */
  async function submitted(
    options: TestApplicantOptions = {},
    address?: Record<string, unknown>,
  ): Promise<{ a: TestApplicant; applicantId: string }> {
    const a = new TestApplicant(t.app, { productIds: ['2001'], lastName: 'Fallback', ...options });
    await a.start();
    await a.completeUpTo('phone');
    if (address) expect((await a.put('Address', address)).statusCode).toBe(200);
    else await a.complete('address');
    await a.completeUpTo('reviewConsent', 'products');
    const res = await a.submit();
    expect(res.statusCode, res.body).toBe(200);
    return { a, applicantId: res.json<{ applicantId: string }>().applicantId };
  }

  const canadaPostCreate = (a: TestApplicant, applicantId?: string) =>
    a.call('POST', '/api/omo/CanadaPostCreate', undefined, {
      ...(applicantId === undefined ? {} : { query: { applicantId } }),
    });

  it('creates the post-office request once: a Code 128 barcode of its number and the nearest post office with its hours', async () => {
    const { a, applicantId } = await submitted();
    const res = await canadaPostCreate(a, applicantId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json<PostOfficeAnswer>();
    expect(answer.barcodeText).toMatch(/^\d{16}$/);
    // A barcode is wider than tall.
    const size = pngSize(answer.dssNumber);
    expect(size.width).toBeGreaterThan(size.height);
    expect(answer.postOffice).toMatchObject({
      id: 'PO-1',
      name: 'Toronto Station A',
      address: { city: 'Toronto' },
    });
    expect(answer.postOffice!.hours.length).toBeGreaterThan(0);
    expect(answer.postOffice!.distance).toBeLessThan(5);

    // Asked again, or twice at once: the same request.
    const again = await Promise.all([canadaPostCreate(a, applicantId), canadaPostCreate(a, applicantId)]);
    for (const r of again) expect(r.json<PostOfficeAnswer>()).toEqual(answer);
    const rows = await t.app.db
      .selectFrom('id_verification_requests')
      .select(['dss_number', 'post_office_id'])
      .where('applicant_id', '=', applicantId)
      .execute();
    expect(rows).toEqual([{ dss_number: answer.barcodeText, post_office_id: 'PO-1' }]);
  });

  it('e-mails the in-person instructions: the barcode the page shows (an inline image), its number, the reference and the last day', async () => {
    const { a, applicantId } = await submitted();
    let mail: { subject: string; body: string; html: string } | undefined;
    for (const until = Date.now() + 30_000; !mail && Date.now() < until;) {
      const outbox = (await t.app.inject('/api/dev/outbox')).json<
        { channel: string; to: string; subject: string; body: string; html: string }[]
      >();
      mail = outbox.find((m) => m.channel === 'email' && m.to === a.email);
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(mail, 'the in-person e-mail').toBeDefined();
    const page = (await canadaPostCreate(a, applicantId)).json<PostOfficeAnswer>();
    const { created_at } = await t.app.db
      .selectFrom('id_verification_requests')
      .select('created_at')
      .where('applicant_id', '=', applicantId)
      .executeTakeFirstOrThrow();
    expect(page.showBy).toBe(inPersonIdShowBy(new Date(created_at)));
    expect(mail!.body).toContain(`Request number: ${page.barcodeText}.`);
    expect(mail!.body).toContain(`Your reference number is ${a.appRefNo}.`);
    expect(mail!.body).toContain(`by ${longDayOf(page.showBy, 'en')}`);
    // The outbox keeps the inline image in the page: the same barcode as the page's.
    expect(mail!.html).toContain(`<img src="data:image/png;base64,${page.dssNumber}"`);
  });

  it('CreateIDVerificationRequest answers the id of the one request, whatever the body', async () => {
    const { a, applicantId } = await submitted();
    const first = await a.call('POST', '/api/omo/CreateIDVerificationRequest', { firstName: 'Someone' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await a.call('POST', '/api/omo/CreateIDVerificationRequest', {});
    expect(second.json()).toEqual(first.json());
    const rows = await t.app.db
      .selectFrom('id_verification_requests')
      .select('id')
      .where('applicant_id', '=', applicantId)
      .execute();
    expect(rows).toEqual([first.json()]);

    const approved = await submitted({ lastName: 'Lovelace' });
    expect((await approved.a.call('POST', '/api/omo/CreateIDVerificationRequest', {})).statusCode).toBe(409);
  });

  it("records the request even when the decision's record of it is missing", async () => {
    const { a, applicantId } = await submitted();
    await t.app.db.deleteFrom('id_verification_requests').where('applicant_id', '=', applicantId).execute();
    const res = await canadaPostCreate(a, applicantId);
    expect(res.statusCode).toBe(200);
    const rows = await t.app.db
      .selectFrom('id_verification_requests')
      .select('dss_number')
      .where('applicant_id', '=', applicantId)
      .execute();
    expect(rows).toEqual([{ dss_number: res.json<PostOfficeAnswer>().barcodeText }]);
  });

  it('names no post office when the home postal code has no known place, and still gives the barcode', async () => {
    const { a, applicantId } = await submitted(
      {},
      { ...OTTAWA, postalCode: 'V6B 1A1', cityName: 'Vancouver', provinceName: 'BC' },
    );
    const answer = (await canadaPostCreate(a, applicantId)).json<PostOfficeAnswer>();
    expect(answer.postOffice).toBeNull();
    expect(answer.barcodeText).toMatch(/^\d{16}$/);
    const branch = (await a.call('GET', '/api/omo/Application/NearestBranch')).json();
    expect(branch).toEqual({ branch: null });
  });

  it("refuses another applicant's id, a missing id, no session, and an application that does not ask for ID in person", async () => {
    const { a } = await submitted();
    const other = await submitted();
    const forbidden = await canadaPostCreate(a, other.applicantId);
    expect(forbidden.statusCode).toBe(403);

    const missing = await canadaPostCreate(a);
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain("The parameter 'applicantId' cannot be null.");

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/omo/CanadaPostCreate?applicantId=x' });
    expect(anonymous.statusCode).toBe(401);

    const approved = await submitted({ lastName: 'Lovelace' });
    expect((await canadaPostCreate(approved.a, approved.applicantId)).statusCode).toBe(409);
    expect((await approved.a.call('GET', '/api/omo/Application/NearestBranch')).statusCode).toBe(409);
  });

  it('answers the branch nearest the home postal code, never an ATM-only site', async () => {
    const toronto = await submitted();
    const res = await toronto.a.call('GET', '/api/omo/Application/NearestBranch');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ branch: { id: 'BR-TOR', address: { city: 'Toronto' } } });

    const ottawa = await submitted({}, OTTAWA);
    const branch = (await ottawa.a.call('GET', '/api/omo/Application/NearestBranch')).json<{
      branch: { id: string; siteType: string; distanceKm: number };
    }>().branch;
    expect(branch).toMatchObject({ id: 'BR-OTT', siteType: 'Branch' });
    expect(branch.distanceKm).toBeLessThan(5);
  });
});
