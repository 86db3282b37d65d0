import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenSanctions, type FakeOpenSanctions } from './opensanctions.fake.ts';
import { createOpenSanctionsScreening } from './opensanctions.ts';
import { createSandboxScreening } from './sandbox.ts';

const KEY = 'fake-opensanctions-key';
const ILSE = { firstName: 'Ilse', lastName: 'Blockhaus', birthDate: '1970-01-15', country: 'CA' };

describe('OpenSanctions screening adapter against a local fake', () => {
  let fake: FakeOpenSanctions;
  beforeAll(async () => {
    fake = await startFakeOpenSanctions(KEY);
  });
  afterAll(async () => {
    await fake.close();
  });
  const adapter = (apiKey = KEY) =>
    createOpenSanctionsScreening({ baseUrl: fake.baseUrl, apiKey, timeoutMs: 2000 });

  it('posts one Person query by example to /match/default and reads the scored candidates', async () => {
    expect(await adapter().screen({ ...ILSE, middleName: 'Maria' })).toEqual({
      ok: true,
      value: [{ id: 'NK-fake-1', caption: 'Ilse Blockhaus', score: 0.98, datasets: ['us_ofac_sdn'] }],
    });
    expect(fake.requests.at(-1)).toEqual({
      path: '/match/default',
      body: {
        queries: {
          applicant: {
            schema: 'Person',
            properties: {
              name: ['Ilse Maria Blockhaus'],
              firstName: ['Ilse'],
              lastName: ['Blockhaus'],
              birthDate: ['1970-01-15'],
              country: ['ca'],
            },
          },
        },
      },
    });
  });

  it('scores a listed name with another birth date lower, and answers no candidate for anyone else', async () => {
    expect(await adapter().screen({ ...ILSE, birthDate: '1990-02-02' })).toMatchObject({
      ok: true,
      value: [{ score: 0.82 }],
    });
    expect(await adapter().screen({ ...ILSE, lastName: 'Lovelace' })).toEqual({ ok: true, value: [] });
  });

  it('is unavailable on a wrong key, a 5xx or no answer', async () => {
    expect(await adapter('wrong').screen(ILSE)).toEqual({
      ok: false,
      failure: expect.objectContaining({ code: 'unavailable', httpStatus: 401 }),
    });
    fake.failNext(503);
    expect(await adapter().screen(ILSE)).toEqual({
      ok: false,
      failure: expect.objectContaining({ code: 'unavailable', httpStatus: 503, kind: 'httpError' }),
    });
    const closed = createOpenSanctionsScreening({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: KEY,
      timeoutMs: 500,
    });
    expect(await closed.screen(ILSE)).toEqual({
      ok: false,
      failure: expect.objectContaining({ code: 'unavailable', kind: 'unreachable' }),
    });
  });
});

describe('sandbox screening', () => {
  it('matches its fictional listed persons by name (0.8) and birth date (0.99), ignoring case and accents', async () => {
    const sandbox = createSandboxScreening();
    expect(
      await sandbox.screen({
        firstName: 'boris',
        lastName: 'EMBARGOV',
        birthDate: '1961-03-14',
        country: 'CA',
      }),
    ).toEqual({
      ok: true,
      value: [{ id: 'omo-sandbox-1', caption: 'Boris Embargov', score: 0.99, datasets: ['omo_sandbox'] }],
    });
    expect(
      await sandbox.screen({
        firstName: 'Mára',
        lastName: 'Sanctionne',
        birthDate: '1980-01-01',
        country: 'CA',
      }),
    ).toMatchObject({
      value: [{ score: 0.8 }],
    });
    expect(
      await sandbox.screen({
        firstName: 'Anna',
        lastName: 'Frozenfeld',
        birthDate: '1958-11-30',
        country: 'CA',
      }),
    ).toMatchObject({
      value: [{ score: 0.5 }],
    });
    expect(
      await sandbox.screen({
        firstName: 'Ada',
        lastName: 'Lovelace',
        birthDate: '1980-05-10',
        country: 'CA',
      }),
    ).toEqual({ ok: true, value: [] });
  });
});
