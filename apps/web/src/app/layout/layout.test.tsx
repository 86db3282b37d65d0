import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@omo/domain';
import { setSlice } from '../../lib/session-state.ts';
import { EMPTY_APPLICATION } from '../../lib/empty-application.ts';
import { TEST_CONFIG, makeProduct } from '../../test/fixtures.ts';
import { makeProgress, makeView, REVIEW_API } from '../../test/verify-address-fixtures.ts';
import { mockFetch } from '../../test/mock-fetch.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('layout', () => {
  it('language toggle switches texts, persists the choice and sets <html lang>', async () => {
    const user = userEvent.setup();
    mockFetch({ [API_PATHS.getApiConfig]: { body: TEST_CONFIG } });
    renderApp('/error/4');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      "You don't meet the age requirements",
    );
    await user.click(screen.getByRole('button', { name: /français/i }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Vous ne respectez pas les exigences d’âge',
    );
    expect(screen.getByRole('button', { name: 'Quitter la demande' })).toBeInTheDocument();
    expect(localStorage.getItem('omo.lang')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    await waitFor(() =>
      expect(document.title).toBe('Vous ne respectez pas les exigences d’âge | Maple Credit Union'),
    );
    await user.click(screen.getByRole('button', { name: /english/i }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      "You don't meet the age requirements",
    );
    expect(document.documentElement.lang).toBe('en');
  });

  it('tracker marks the groups the server says are complete, and the current one; banner shows STEP 02/04', async () => {
    const progress = makeProgress('address');
    mockFetch({
      [API_PATHS.getApiConfig]: { body: TEST_CONFIG },
      '/api/omo/Application': {
        body: makeView({ progress: { ...progress, groups: { ...progress.groups, profile: true } } }),
      },
    });
    // Browser storage plays no part in the marks.
    sessionStorage.setItem('omo.progress', '{"confirmProduct":true}');
    renderApp('/single/address');
    const tracker = await screen.findByRole('navigation', { name: 'Application progress' });
    const steps = within(tracker).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[0]).toHaveTextContent('Set up your profile (complete)');
    expect(steps[0]).toHaveTextContent('✓');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(steps[1]).toHaveTextContent('Add your address (current step)');
    expect(steps[2]).toHaveTextContent('Confirm your products (not started)');
    expect(steps[3]).not.toHaveAttribute('aria-current');
    expect(screen.getByText('STEP 02/04')).toBeInTheDocument();
  });

  it('tracker follows route groups (sin belongs to confirm products) and joint paths', async () => {
    const savings = makeProduct({ productID: '1101', accountCategory: 'Savings', isInterestBearing: true });
    setSlice('application', { ...EMPTY_APPLICATION, selectedProducts: [savings] });
    mockFetch({
      [API_PATHS.getApiConfig]: { body: TEST_CONFIG },
      '/api/omo/Application': {
        body: makeView({
          flow: 'joint',
          productIds: ['1101'],
          progress: makeProgress('sin', { canVisitAll: true }),
          nextPath: '/joint/sin',
        }),
      },
    });
    renderApp('/joint/sin');
    const tracker = await screen.findByRole('navigation', { name: 'Application progress' });
    expect(within(tracker).getAllByRole('listitem')[2]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('STEP 03/04')).toBeInTheDocument();
  });

  it('header has the support phone, member link and a mobile menu toggle', async () => {
    const user = userEvent.setup();
    mockFetch(REVIEW_API);
    renderApp('/single/reviewapplication');
    const phone = await screen.findByRole('link', { name: 'Call 1-800-555-0199' });
    expect(phone).toHaveAttribute('href', 'tel:+18005550199');
    expect(screen.getByRole('link', { name: "I'm already a member" })).toHaveAttribute(
      'href',
      'https://banking.example.test',
    );
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toHaveClass('header__nav--open');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Review your application');
  });

  it('the opened menu comes next with Tab, and Escape closes it back to its button', async () => {
    const user = userEvent.setup();
    mockFetch(REVIEW_API);
    renderApp('/single/reviewapplication');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The review is on the finalize step: the member link comes first there.
    await user.tab();
    expect(screen.getByRole('link', { name: "I'm already a member" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Call 1-800-555-0199' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('focus moves to the <h1> after a navigation', async () => {
    mockFetch(REVIEW_API);
    const { router } = renderApp('/single/reviewapplication');
    await screen.findByRole('heading', { level: 1 });
    await router.navigate('/error/1');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("We can't continue your application");
  });

  it('an applicant who is already in the new page when it appears keeps their place (no focus jump)', async () => {
    mockFetch(REVIEW_API);
    const { router } = renderApp('/single/reviewapplication');
    await screen.findByRole('heading', { level: 1 });
    // The frame in which focus would move is held until the applicant has gone into the page.
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      await router.navigate('/error/1');
      const heading = await screen.findByRole('heading', {
        level: 1,
        name: "We can't continue your application",
      });
      await waitFor(() => expect(frames.length).toBeGreaterThan(0));
      const button = within(screen.getByRole('main')).getByRole('button');
      button.focus();
      for (const frame of frames.splice(0)) frame(performance.now());
      expect(button).toHaveFocus();
      expect(heading).not.toHaveFocus();
    } finally {
      raf.mockRestore();
    }
  });

  it('shows the not-found page for unknown paths and ids', async () => {
    mockFetch({ [API_PATHS.getApiConfig]: { body: TEST_CONFIG } });
    renderApp('/nowhere');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  });

  it('hides the developer pages in production', async () => {
    mockFetch({ [API_PATHS.getApiConfig]: { body: { ...TEST_CONFIG, isProduction: true } } });
    renderApp('/productlist');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  });
});

describe('device fingerprint', () => {
  it('loads the script on the flow pages only when it is configured', async () => {
    mockFetch(REVIEW_API);
    renderApp('/single/reviewapplication');
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('script[data-device-fingerprint]')).toBeNull();
  });

  it('adds the configured script once, with the organisation id', async () => {
    mockFetch({
      ...REVIEW_API,
      [API_PATHS.getApiConfig]: {
        body: {
          ...TEST_CONFIG,
          deviceFingerprint: { scriptUrl: 'https://scripts.alloy.example/sdk.js', orgId: 'org-7' },
        },
      },
    });
    renderApp('/single/reviewapplication');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.querySelectorAll('script[data-device-fingerprint]')).toHaveLength(1));
    const script = document.querySelector<HTMLScriptElement>('script[data-device-fingerprint]')!;
    expect(script.src).toBe('https://scripts.alloy.example/sdk.js');
    expect(script.dataset.orgId).toBe('org-7');
    script.remove();
  });
});
