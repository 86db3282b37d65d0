import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@omo/domain';
import { EMPTY_APPLICATION } from '../../lib/empty-application.ts';
import { findSlice, setSlice } from '../../lib/session-state.ts';
import { TEST_CONFIG, makeProduct } from '../../test/fixtures.ts';
import { mockFetch } from '../../test/mock-fetch.ts';
import { renderApp } from '../../test/render-app.tsx';

function start(description: string, config: Record<string, unknown> = TEST_CONFIG) {
  setSlice('application', { ...EMPTY_APPLICATION, selectedProducts: [makeProduct({ description })] });
  mockFetch({ [API_PATHS.getApiConfig]: { body: config } });
}

describe('getstarted', () => {
  it('keeps hyphenated words whole and does not say "account" twice', async () => {
    start('1-Year Non-Redeemable GIC');
    const first = renderApp('/single/getstarted');
    const heading = await screen.findByRole('heading', {
      name: 'To open a 1-Year Non-Redeemable GIC account...',
    });
    expect([...heading.querySelectorAll('.nowrap')].map((s) => s.textContent)).toEqual([
      '1-Year',
      'Non-Redeemable',
    ]);
    first.unmount();
    start('Tax-Free Savings Account (TFSA)');
    renderApp('/single/getstarted');
    expect(
      await screen.findByRole('heading', { name: 'To open a Tax-Free Savings Account (TFSA)...' }),
    ).toBeInTheDocument();
  });

  it("uses 'an' before a vowel", async () => {
    start('Everyday Chequing');
    renderApp('/single/getstarted');
    expect(
      await screen.findByRole('heading', { name: 'To open an Everyday Chequing account...' }),
    ).toBeInTheDocument();
  });

  it("does not repeat 'account' after a description ending with it", async () => {
    start('Everyday Chequing Account');
    renderApp('/single/getstarted');
    expect(
      await screen.findByRole('heading', { name: 'To open an Everyday Chequing Account...' }),
    ).toBeInTheDocument();
  });

  it("uses 'a' before a consonant", async () => {
    start('Student Chequing');
    renderApp('/single/getstarted');
    expect(
      await screen.findByRole('heading', { name: 'To open a Student Chequing account...' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/single/createprofile',
    );
  });

  it('decides nothing itself: no reference code and no identity-provider choice in the browser', async () => {
    start('Student Chequing');
    renderApp('/single/getstarted');
    await screen.findByRole('heading', { level: 1, name: "Let's get you started" });
    expect(JSON.stringify(findSlice('application'))).not.toMatch(/referenceCode|skipAlloy|OMO/);
    expect(findSlice('application')?.forceTuTest).toBe(false);
  });

  it('passes forcetutest=true on for the server to honour outside production', async () => {
    start('Student Chequing');
    renderApp('/single/getstarted?forcetutest=true');
    await screen.findByRole('heading', { level: 1, name: "Let's get you started" });
    expect(findSlice('application')?.forceTuTest).toBe(true);
  });

  it('SIN tooltip opens on click and closes on Escape', async () => {
    const user = userEvent.setup();
    start('Student Chequing');
    renderApp('/single/getstarted');
    const button = await screen.findByRole('button', { name: 'Why do you need my SIN?' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(/interest-bearing accounts require your SIN/);
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('shows the French product description in French', async () => {
    start('Everyday Chequing');
    renderApp('/single/getstarted', 'fr');
    expect(
      await screen.findByRole('heading', { name: 'Pour ouvrir un compte chèques Quotidien…' }),
    ).toBeInTheDocument();
  });
});
