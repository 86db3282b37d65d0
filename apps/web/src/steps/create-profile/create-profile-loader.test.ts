// What Create your profile reads is read ahead while Get Started is shown, and used only when Get Started
// is left within the minute; Back from a later screen reads again (a session may exist since).
import { afterEach, describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { makeInvitation, makeProduct } from '../../test/fixtures.ts';
import { UNAUTHORIZED, holdProducts, stubApi } from '../../test/profile-fixtures.ts';
import { makeProgress, makeView } from '../../test/verify-address-fixtures.ts';
import { lookupJointCode } from '../../lib/application-api.ts';
import { createProfileLoader, readAhead } from './create-profile-loader.ts';

const load = () =>
  createProfileLoader({
    request: new Request('http://localhost/single/createprofile'),
  } as LoaderFunctionArgs);

/** The app's page: the window's address while a loader runs is the screen being left. */
const onScreen = (path: string) => window.history.replaceState(null, '', path);

describe('createprofile loader, read ahead', () => {
  afterEach(() => onScreen('/'));

  it('leaving Get Started uses what was read while it showed: no read at the press', async () => {
    holdProducts([makeProduct()]);
    const calls = stubApi((call) => (call.path === '/api/omo/Application' ? UNAUTHORIZED : undefined));
    onScreen('/single/getstarted');
    await readAhead();
    expect(calls.map((c) => c.path)).toEqual(['/api/omo/Application']);
    expect((await load()).view).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('Back from a later screen reads again: the session started since is shown', async () => {
    holdProducts([makeProduct()]);
    let isStarted = false;
    const calls = stubApi((call) =>
      call.path === '/api/omo/Application'
        ? isStarted
          ? { body: makeView({ progress: makeProgress('personalinfo'), email: 'jane@example.com' }) }
          : UNAUTHORIZED
        : undefined,
    );
    onScreen('/single/getstarted');
    await readAhead();
    // Create your profile was reached another way (the press came before the read), then saved.
    isStarted = true;
    onScreen('/single/personalinfo');
    expect((await load()).view?.email).toBe('jane@example.com');
    expect(calls).toHaveLength(2);
  });

  it("the co-applicant's invitation, looked up for their start page, is not looked up again ahead", async () => {
    const code = 'abcDEF_123-xyz';
    const calls = stubApi((call) =>
      call.path === '/api/omo/GetApplicationFromJointCode'
        ? { body: makeInvitation() }
        : call.path === '/api/omo/Application'
          ? UNAUTHORIZED
          : undefined,
    );
    onScreen(`/joint/getstarted?jointCode=${code}`);
    // The start page's own lookup.
    await lookupJointCode(code);
    await readAhead();
    const data = await createProfileLoader({
      request: new Request(`http://localhost/joint/createprofile?jointCode=${code}`),
    } as LoaderFunctionArgs);
    expect(data.invitation?.email).toBe('grace@example.com');
    expect(calls.filter((c) => c.path === '/api/omo/GetApplicationFromJointCode')).toHaveLength(1);
  });

  it('what was read more than a minute ago is read again', async () => {
    holdProducts([makeProduct()]);
    const calls = stubApi((call) => (call.path === '/api/omo/Application' ? UNAUTHORIZED : undefined));
    onScreen('/single/getstarted');
    const now = Date.now();
    await readAhead();
    const later = Date.now;
    Date.now = () => now + 61_000;
    try {
      await load();
    } finally {
      Date.now = later;
    }
    expect(calls).toHaveLength(2);
  });
});
