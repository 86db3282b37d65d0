import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HAND_OFF_API_PATHS } from '@omo/domain';
import { stubApi, type Answer } from '../../test/profile-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

/** The phone's page, the link's opening answered by `open`. */
function openWith(open: Answer) {
  return stubApi((call) => (call.path === HAND_OFF_API_PATHS.open ? open : undefined));
}

const gone = (title: string) => ({ status: 410, body: { type: 'about:blank', title, status: 410 } });

describe('the phone’s hand-off page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks nothing of the server until the applicant starts, then shows the photo step', async () => {
    const calls = openWith({ body: { providerUrl: null } });
    renderApp('/handoff?token=abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your ID photos, on this phone' }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === HAND_OFF_API_PATHS.open)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Start taking photos' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Take photos of your ID' }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === HAND_OFF_API_PATHS.open)?.body).toEqual({ token: 'abc' });
    // No hand-off offered on the phone itself.
    expect(screen.queryByRole('heading', { name: 'Use your phone instead' })).toBeNull();
  });

  it.each([
    ['Link used', 'This link was already opened'],
    ['Link expired', 'This link has expired'],
  ])('a link answered “%s” says so and how to get a new one', async (title, heading) => {
    openWith(gone(title));
    renderApp('/handoff?token=abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Start taking photos' }));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(/Send a new link/)).toBeInTheDocument();
  });

  it('a link that no longer works texts a new one when asked', async () => {
    const calls = stubApi((call) =>
      call.path === HAND_OFF_API_PATHS.open
        ? gone('Link expired')
        : call.path === HAND_OFF_API_PATHS.renew
          ? { body: { sms: 'sent' } }
          : undefined,
    );
    renderApp('/handoff?token=abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Start taking photos' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Text me a new link' }));
    expect(
      await screen.findByText('We texted a new link to your phone. Open it to take the photos.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === HAND_OFF_API_PATHS.renew)?.body).toEqual({ token: 'abc' });
    expect(screen.queryByRole('button', { name: 'Text me a new link' })).toBeNull();
  });

  it('in French', async () => {
    openWith(gone('Link used'));
    renderApp('/handoff?token=abc', 'fr');
    await userEvent.click(await screen.findByRole('button', { name: 'Commencer les photos' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ce lien a déjà été ouvert' }),
    ).toBeInTheDocument();
  });
});
