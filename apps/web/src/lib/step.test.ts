import { describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { makeProduct } from '../test/fixtures.ts';
import { mockFetch } from '../test/mock-fetch.ts';
import { makeProgress, makeView } from '../test/verify-address-fixtures.ts';
import { ApiError } from './api.ts';
import { goToNext, handleStepError, stepLoader } from './step.ts';

const args = (path: string) =>
  ({
    request: new Request(`http://localhost${path}`),
    params: {},
    context: {},
  }) as unknown as LoaderFunctionArgs;
const locationOf = (thrown: unknown) => (thrown as Response).headers.get('Location');

describe('stepLoader', () => {
  it('sends the applicant back to the start, saying why, without a session', async () => {
    mockFetch({ '/api/omo/Application': { status: 401, body: { title: 'Unauthorized' } } });
    const thrown = await stepLoader('personalinfo')(args('/single/personalinfo')).catch((e: unknown) => e);
    expect(locationOf(thrown)).toBe('/?session=ended');
  });

  it('sends the applicant where the server says when the step cannot be visited yet', async () => {
    mockFetch({
      '/api/omo/Application': {
        body: makeView({ progress: makeProgress('personalinfo'), nextPath: '/single/personalinfo' }),
      },
      '/api/omo/GetProduct': { body: [makeProduct()] },
    });
    const thrown = await stepLoader('address')(args('/single/address')).catch((e: unknown) => e);
    expect(locationOf(thrown)).toBe('/single/personalinfo');
    const data = await stepLoader('personalinfo')(args('/single/personalinfo'));
    expect(data.view.nextPath).toBe('/single/personalinfo');
    expect(data.flow.kind).toBe('single');
    // Screens whose rules read the products get them with the view.
    expect(data.products.map((p) => p.productID)).toEqual(['1001']);
  });

  it("keeps an applicant out of the other flow's paths", async () => {
    mockFetch({
      '/api/omo/Application': {
        body: makeView({ progress: makeProgress('address'), nextPath: '/single/address' }),
      },
    });
    const thrown = await stepLoader('address')(args('/joint/address')).catch((e: unknown) => e);
    expect(locationOf(thrown)).toBe('/single/address');
  });

  it('refuses an identity state it does not know: an error page, not a crash later', async () => {
    mockFetch({
      '/api/omo/Application': { body: makeView({ identity: { status: 'TU' as never } }) },
    });
    const thrown = await stepLoader('personalinfo')(args('/single/personalinfo')).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(500);
  });
});

describe('goToNext', () => {
  const applicationReads = (fetch: ReturnType<typeof mockFetch>) =>
    fetch.mock.calls.filter(
      ([input]) => new URL(String(input), 'http://localhost').pathname === '/api/omo/Application',
    ).length;

  it('hands the saved view to the loader of the screen it names: no second read of the application', async () => {
    const fetch = mockFetch({
      '/api/omo/Application': {
        body: makeView({ progress: makeProgress('address'), nextPath: '/single/address' }),
      },
    });
    const saved = makeView({
      progress: makeProgress('address'),
      nextPath: '/single/Address',
      email: 'saved@example.com',
    });
    let loaded: Awaited<ReturnType<ReturnType<typeof stepLoader>>> | undefined;
    await goToNext(async (to) => {
      expect(to).toBe('/single/Address');
      loaded = await stepLoader('address')(args('/single/address'));
    }, saved);
    expect(loaded?.view.email).toBe('saved@example.com');
    expect(applicationReads(fetch)).toBe(0);
    // Afterwards (a reload, Back, a link) the screen reads the application from the server.
    const reloaded = await stepLoader('address')(args('/single/address'));
    expect(reloaded.view.email).not.toBe('saved@example.com');
    expect(applicationReads(fetch)).toBe(1);
  });

  it('reads the application when the screen loaded is not the one the view names', async () => {
    const fetch = mockFetch({
      '/api/omo/Application': {
        body: makeView({ progress: makeProgress('address'), nextPath: '/single/address' }),
      },
    });
    const saved = makeView({ progress: makeProgress('address'), nextPath: '/single/confirmproducts' });
    await goToNext(async () => {
      await stepLoader('address')(args('/single/address'));
    }, saved);
    expect(applicationReads(fetch)).toBe(1);
  });
});

describe('handleStepError', () => {
  it('goes to the step the server names on 409, to the start on 401, and reports anything else', async () => {
    const navigate = vi.fn();
    const conflict = new ApiError(
      'x',
      409,
      { title: 'Step out of order', nextPath: '/single/phoneverification' },
      {},
    );
    expect(await handleStepError(conflict, { navigate })).toBe('redirected');
    expect(navigate).toHaveBeenLastCalledWith('/single/phoneverification');
    expect(await handleStepError(new ApiError('x', 401, null, {}), { navigate })).toBe('redirected');
    expect(navigate).toHaveBeenLastCalledWith('/?session=ended');
    expect(await handleStepError(new ApiError('x', 503, null, {}), { navigate })).toBe('failed');
    expect(await handleStepError(new ApiError('x', 409, { title: 'Conflict' }, {}), { navigate })).toBe(
      'failed',
    );
  });
});
