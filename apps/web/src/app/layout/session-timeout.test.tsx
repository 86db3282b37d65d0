import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Language,
  API_PATHS,
  APPLICATION_API_PATHS,
  RESUME_API_PATHS,
  SESSION_EXPIRES_IN_HEADER,
  membershipResponseOf,
} from '@omo/domain';
import { loadFullPage } from '../../lib/full-page-load.ts';
import { TEST_CONFIG } from '../../test/fixtures.ts';
import { makeProgress, makeView } from '../../test/verify-address-fixtures.ts';
import { mockFetch, type MockRoute } from '../../test/mock-fetch.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.mock('../../lib/full-page-load.ts', () => ({ loadFullPage: vi.fn() }));
// The answers take a few turns of the (fake) clock to arrive on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const MINUTE = 60_000;
const STATUS = { expiresInSeconds: 3600, warningSeconds: 300 };
const P = APPLICATION_API_PATHS;

/** The server's answers: the address step of a live session that ends an hour after each use. */
function serve(overrides: Record<string, MockRoute> = {}) {
  const routes: Record<string, MockRoute> = {
    [API_PATHS.getApiConfig]: { body: TEST_CONFIG },
    // The start page's reference lists.
    [API_PATHS.onlineAccountList]: { body: [] },
    [API_PATHS.getOccupationList]: { body: [] },
    [API_PATHS.getPepPositionList]: { body: [] },
    [P.application]: {
      body: makeView({ progress: makeProgress('address'), nextPath: '/single/address' }),
      headers: { [SESSION_EXPIRES_IN_HEADER]: '3600' },
    },
    [P.session]: { body: STATUS },
    [P.sessionExtend]: { body: STATUS },
    [P.sessionEnd]: { status: 204 },
    [RESUME_API_PATHS.requestLink]: { body: { requested: true } },
    ...overrides,
  };
  return { routes, fetch: mockFetch(routes) };
}

/** The requests sent to a path, as [input, init]. */
const calls = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  (fetch.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][]).filter(
    ([input]) => new URL(String(input), 'http://localhost').pathname === path,
  );

/** Moves the clock on and lets React and the answers settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The warning dialog, once it shows. */
const warning = (name: string = "You'll be signed out soon") => screen.findByRole('alertdialog', { name });

/** Opens the address step; `user` works with the fake timers when they are on. */
async function openAddressStep(lang: Language = 'en') {
  const user = vi.isFakeTimers()
    ? userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    : userEvent.setup();
  const app = renderApp('/single/address', lang);
  await screen.findByRole('heading', { level: 1 });
  return { user, ...app };
}

afterEach(() => {
  vi.mocked(loadFullPage).mockClear();
});

describe('session time-out warning (WCAG 2.2.1)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns 5 minutes before the end the server gave, as an alert dialog with focus on Stay signed in', async () => {
    serve();
    await openAddressStep();
    await advance(54 * MINUTE);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await advance(MINUTE + 1000);
    const dialog = await warning();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/Your application will close in 5 minutes\./);
    expect(dialog).toHaveAccessibleDescription(/Select 'Stay signed in' to keep your answers/);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toHaveFocus());
    // The page behind it is out of reach.
    expect(document.querySelector('.page')).toHaveAttribute('inert');
    // The countdown moves, in seconds in the last minute.
    await advance(4 * MINUTE + 30_000);
    expect(dialog).toHaveTextContent(/Your application will close in (1\d|2\d|30) seconds\./);
  });

  it("'Stay signed in' extends the session on the server and closes; the next warning counts from there", async () => {
    const { fetch } = serve();
    const { user } = await openAddressStep();
    await advance(55 * MINUTE + 1000);
    await user.click(within(await warning()).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls(fetch, P.sessionExtend)).toHaveLength(1);
    expect(calls(fetch, P.sessionExtend)[0]![1]).toMatchObject({ method: 'POST' });
    expect(document.querySelector('.page')).not.toHaveAttribute('inert');
    await advance(54 * MINUTE);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await advance(MINUTE + 1000);
    expect(await warning()).toBeInTheDocument();
  });

  it('Escape stays signed in; Tab keeps focus in the dialog; focus goes back where it was', async () => {
    const { fetch } = serve();
    const { user } = await openAddressStep();
    const back = screen.getByRole('link', { name: 'Back' });
    back.focus();
    await advance(55 * MINUTE + 1000);
    const dialog = await warning();
    const stay = within(dialog).getByRole('button', { name: 'Stay signed in' });
    const save = within(dialog).getByRole('button', { name: 'Save and come back later' });
    const exit = within(dialog).getByRole('button', { name: 'Exit Application' });
    await waitFor(() => expect(stay).toHaveFocus());
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(exit).toHaveFocus();
    await user.tab();
    expect(stay).toHaveFocus();
    await user.tab({ shift: true });
    expect(exit).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls(fetch, P.sessionExtend)).toHaveLength(1);
    expect(back).toHaveFocus();
  });

  it("'Save and come back later' asks for the link, ends the session and says the link is on its way", async () => {
    const { fetch } = serve();
    const { user, router } = await openAddressStep();
    await advance(55 * MINUTE + 1000);
    await user.click(within(await warning()).getByRole('button', { name: 'Save and come back later' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resume/sent'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(calls(fetch, RESUME_API_PATHS.requestLink)).toHaveLength(1);
    expect(JSON.parse(String(calls(fetch, RESUME_API_PATHS.requestLink)[0]![1]?.body))).toEqual({
      language: 'en',
    });
    expect(calls(fetch, P.sessionEnd)).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says so when the link could not be asked for, and keeps the session', async () => {
    const { fetch } = serve({
      [RESUME_API_PATHS.requestLink]: { status: 503, body: { title: 'Unavailable' } },
    });
    const { user } = await openAddressStep();
    await user.click(screen.getByRole('button', { name: 'Save and come back later' }));
    expect(await screen.findByText("We couldn't send the link. Please try again.")).toBeInTheDocument();
    expect(calls(fetch, P.sessionEnd)).toHaveLength(0);
  });

  it("'Exit Application' ends the session on the server, then leaves for the public website", async () => {
    const { fetch } = serve();
    const { user } = await openAddressStep();
    await advance(55 * MINUTE + 1000);
    await user.click(within(await warning()).getByRole('button', { name: 'Exit Application' }));
    await waitFor(() => expect(loadFullPage).toHaveBeenCalledWith(TEST_CONFIG.publicWebsiteUrl));
    expect(calls(fetch, P.sessionEnd)).toHaveLength(1);
    expect(calls(fetch, P.sessionEnd)[0]![1]).toMatchObject({ method: 'POST' });
  });

  it('says so when the session could not be ended, and stays', async () => {
    serve({ [P.sessionEnd]: { status: 503, body: { title: 'Unavailable' } } });
    const { user } = await openAddressStep();
    await advance(55 * MINUTE + 1000);
    await user.click(within(await warning()).getByRole('button', { name: 'Exit Application' }));
    expect(
      await screen.findByText("We couldn't close your application. Please try again."),
    ).toBeInTheDocument();
    expect(loadFullPage).not.toHaveBeenCalled();
  });

  it('at the end, a session the server has ended sends the applicant to the start page, told why', async () => {
    const { routes } = serve();
    const { router } = await openAddressStep();
    await advance(55 * MINUTE + 1000);
    await warning();
    routes[P.session] = { status: 401, body: { detail: 'No application in progress.' } };
    await advance(6 * MINUTE);
    await waitFor(() => expect(router.state.location.search).toBe('?session=ended'));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText(/We couldn't find your application in progress\./)).toBeInTheDocument();
  });

  it('at the end, a session another tab kept alive closes the warning', async () => {
    const { routes } = serve();
    await openAddressStep();
    await advance(55 * MINUTE + 1000);
    await warning();
    routes[P.session] = { body: { expiresInSeconds: 3000, warningSeconds: 300 } };
    await advance(6 * MINUTE);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows no warning without a session', async () => {
    const { fetch } = serve({
      [P.application]: { body: makeView({ progress: makeProgress('address'), nextPath: '/single/address' }) },
    });
    await openAddressStep();
    await advance(120 * MINUTE);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls(fetch, P.session)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Exit Application' })).not.toBeInTheDocument();
  });

  it('does not warn on an outcome page, nor offer to exit: the decision is taken', async () => {
    const decision = { state: 'decided' as const, round: 'primary' as const, outcome: 'declined' as const };
    const { fetch } = serve({
      [P.application]: {
        body: makeView({
          decision: {
            state: 'decided',
            outcome: 'declined',
            response: membershipResponseOf(
              {
                ...decision,
                primaryCustNo: null,
                jointCustNo: null,
                openedProductIds: [],
                debitCardOrdered: false,
              },
              { appRefNo: 'OMOABCDEFGHP', applicantId: 'a-1', applicationId: 'b-1' },
            ),
            route: '/single/applicationdecline',
            openedProductIds: [],
            debitCardOrdered: false,
            question: null,
            documentsRefusedReason: null,
          },
          nextPath: '/single/applicationdecline',
        }),
        headers: { [SESSION_EXPIRES_IN_HEADER]: '3600' },
      },
      [API_PATHS.getProduct]: { body: [] },
    });
    renderApp('/single/applicationdecline');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      "We're unable to open your account",
    );
    await advance(120 * MINUTE);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // No Back and Exit row (the page's own Exit Application leaves without ending anything).
    expect(document.querySelector('.step-nav')).toBeNull();
    expect(calls(fetch, P.session)).toHaveLength(0);
  });

  it('speaks French', async () => {
    serve();
    await openAddressStep('fr');
    await advance(58 * MINUTE + 1000);
    const dialog = await warning('Votre session va bientôt se terminer');
    expect(dialog).toHaveTextContent(/Votre demande sera fermée dans \d+ (minutes?|secondes?)\./);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Rester connecté' })).toHaveFocus(),
    );
    expect(within(dialog).getByRole('button', { name: 'Quitter la demande' })).toBeInTheDocument();
  });
});

describe('Back and Exit Application on the step screens', () => {
  it('Back goes to the previous screen of the flow on the path: address → the code screen', async () => {
    serve();
    await openAddressStep();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/single/verificationCode');
  });

  it('the code screen goes back to personal information (the send screen gives way to it)', async () => {
    serve({
      [P.application]: {
        body: makeView({ progress: makeProgress('verificationCode'), nextPath: '/single/verificationCode' }),
      },
    });
    renderApp('/single/verificationCode');
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute('href', '/single/personalinfo');
  });

  it("the co-applicant's Create your profile goes back to the invitation, its code kept", async () => {
    serve({
      [P.application]: { status: 401, body: { detail: 'No application in progress.' } },
      [API_PATHS.getApplicationFromJointCode]: {
        body: {
          isExpired: false,
          productIds: ['1001'],
          jointFirstName: 'Grace',
          jointLastName: 'Hopper',
          jointEmail: 'grace@example.com',
        },
      },
    });
    renderApp('/joint/createprofile?jointCode=abc-123');
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/joint/getstarted?jointCode=abc-123',
    );
  });

  it('Exit Application asks first; Return to my application closes the question and keeps the session', async () => {
    const { fetch } = serve();
    const { user } = await openAddressStep();
    const exit = screen.getByRole('button', { name: 'Exit Application' });
    await user.click(exit);
    const question = screen.getByRole('alertdialog', { name: 'Exit your application?' });
    expect(question).toHaveAccessibleDescription(/your answers will not be kept/);
    await waitFor(() =>
      expect(within(question).getByRole('button', { name: 'Return to my application' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(exit).toHaveFocus();
    await user.click(exit);
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Exit Application' }),
    );
    await waitFor(() => expect(loadFullPage).toHaveBeenCalledWith(TEST_CONFIG.publicWebsiteUrl));
    expect(calls(fetch, P.sessionEnd)).toHaveLength(1);
    expect(calls(fetch, P.sessionExtend)).toHaveLength(0);
  });
});
