import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, EXAMPLE_ADDRESS, type ProductOffering } from '@omo/domain';
import { makeProduct } from '../../test/fixtures.ts';
import { holdProducts, stubApi } from '../../test/profile-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makePhone, makeProgress, makeView } from '../../test/verify-address-fixtures.ts';
import type { ApplicationView } from '../../lib/application-api.ts';

const SAVINGS = makeProduct({
  productID: '1101',
  accountCategory: 'Savings',
  description: 'High Interest Savings Account',
  isInterestBearing: true,
});
const FHSA = makeProduct({
  productID: '1601',
  accountCategory: 'FHSA',
  description: 'First Home Savings Account',
  isInterestBearing: true,
});

const PERSONAL = {
  firstName: 'Alex',
  lastName: 'Tremblay',
  dob_month: '05',
  dob_day: '10',
  dob_year: '1990',
  phoneNumber: '(613) 555-0142',
  phoneType: 'mobile' as const,
  hasJointApp: 'no' as const,
};
const ADDRESS = { ...EXAMPLE_ADDRESS, isManualMailingAddress: false };

function reviewView(overrides: Partial<ApplicationView> = {}): ApplicationView {
  return makeView({
    productIds: ['1101'],
    personalInfo: PERSONAL,
    address: ADDRESS,
    sin: { provided: true, skipped: false, masked: '***-***-544' },
    identity: { status: 'passed' },
    progress: makeProgress('reviewapplication'),
    nextPath: '/single/reviewapplication',
    ...overrides,
  });
}

function start(view = reviewView(), products: ProductOffering[] = [SAVINGS]) {
  holdProducts(products);
  let current = view;
  return stubApi((call) => {
    if (call.path === '/api/omo/Application' && call.method === 'GET') return { body: current };
    if (call.path === '/api/omo/Application/PersonalInfo') {
      current = { ...current, personalInfo: call.body as ApplicationView['personalInfo'] };
      return { body: current };
    }
    if (call.path === '/api/omo/Application/Codes') {
      const body = call.body as { promoCode: string; referralCode: string };
      current = { ...current, ...body };
      return { body: current };
    }
    if (call.path === '/api/omo/Application/Sin/Reveal') return { body: { sin: '130-692-544' } };
    if (call.path === '/api/omo/Application/ReviewConsent') {
      return { body: { ...current, reviewConsent: true, nextPath: '/single/reviewterms' } };
    }
    if (call.path === API_PATHS.onlineAccountList) return { body: products };
    return undefined;
  });
}

const section = (name: string) => screen.getByRole('region', { name });
/** The page heading, once the screen (loaded on demand) is there. */
const reviewHeading = () =>
  screen.findByRole('heading', { level: 1, name: 'Review your application' }, { timeout: 10_000 });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

afterEach(() => {
  vi.useRealTimers();
});

// Whole screens with several edits: more than the default 5 s on a busy machine.
describe('reviewapplication', { timeout: 30_000 }, () => {
  it('shows every section of the application, the SIN masked', async () => {
    start();
    renderApp('/single/reviewapplication');
    expect(await reviewHeading()).toBeInTheDocument();
    expect(section('Personal Details')).toHaveTextContent('Alex Tremblay');
    expect(section('Personal Details')).toHaveTextContent('May 10, 1990');
    expect(section('Personal Details')).toHaveTextContent('(613) 555-0142 (Mobile)');
    expect(section('Address')).toHaveTextContent('290 Bremner Blvd');
    expect(section('Address')).toHaveTextContent('Same as home address');
    expect(section('Products')).toHaveTextContent('High Interest Savings Account');
    expect(section('Other')).toHaveTextContent('Promo codeNone');
    expect(section('SIN')).toHaveTextContent('***-***-544');
    // No co-applicant, no Co-applicant Details; a product without term rates has nothing to edit.
    expect(screen.queryByRole('region', { name: 'Co-applicant Details' })).not.toBeInTheDocument();
    expect(within(section('Products')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the co-applicant section when one is named, and no SIN section without a SIN', async () => {
    start(
      reviewView({
        personalInfo: {
          ...PERSONAL,
          hasJointApp: 'yes',
          jointFirstName: 'Sam',
          jointLastName: 'Roy',
          jointEmail: 'sam@example.com',
        },
        sin: { provided: false, skipped: true, masked: null },
      }),
    );
    renderApp('/single/reviewapplication');
    await reviewHeading();
    expect(section('Co-applicant Details')).toHaveTextContent('Sam Roy');
    expect(section('Co-applicant Details')).toHaveTextContent('sam@example.com');
    expect(screen.queryByRole('region', { name: 'SIN' })).not.toBeInTheDocument();
  });

  it("gives the co-applicant no Edit on the application's products and no codes section", async () => {
    const gic = makeProduct({
      productID: '1401',
      accountCategory: 'GIC',
      description: 'Guaranteed Investment Certificate',
      isInterestBearing: true,
      termDepositAcctConfig: {
        termRate: [{ period: 1, periodType: 'Years', description: '1 Year', rate: 3 }],
      } as never,
    });
    start(
      reviewView({
        flow: 'joint',
        productIds: ['1401'],
        products: null,
        promoCode: '',
        referralCode: '',
        nextPath: '/joint/reviewapplication',
      }),
      [gic],
    );
    renderApp('/joint/reviewapplication');
    await reviewHeading();
    expect(section('Products')).toHaveTextContent('Guaranteed Investment Certificate');
    expect(within(section('Products')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Other' })).not.toBeInTheDocument();
    // Their own answers stay editable.
    expect(within(section('Personal Details')).getByRole('button', { name: /Edit/ })).toBeEnabled();
  });

  it('reveals the SIN from the server and hides it again', async () => {
    const calls = start();
    renderApp('/single/reviewapplication');
    await reviewHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Show SIN' }));
    expect(await within(section('SIN')).findByText('130-692-544')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/omo/Application/Sin/Reveal')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Hide SIN' }));
    expect(section('SIN')).toHaveTextContent('***-***-544');
    expect(section('SIN')).not.toHaveTextContent('130-692-544');
  });

  it('Save re-validates with the step rules and stores; Cancel discards', async () => {
    const calls = start();
    renderApp('/single/reviewapplication');
    await reviewHeading();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Personal Details' }));
    const first = screen.getByLabelText('Legal first name');
    expect(first).toHaveFocus();
    await userEvent.clear(first);
    await userEvent.click(screen.getByRole('button', { name: 'Save Personal Details' }));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'Enter your first name',
    );
    expect(calls.some((c) => c.path === '/api/omo/Application/PersonalInfo')).toBe(false);
    await waitFor(() => expect(document.title).toMatch(/^Error: Review your application/));
    await userEvent.type(first, 'Alexandra');
    await userEvent.click(screen.getByRole('button', { name: 'Save Personal Details' }));
    await waitFor(() => expect(section('Personal Details')).toHaveTextContent('Alexandra Tremblay'));
    expect(document.title).toMatch(/^Review your application/);
    // The whole personal information goes to the step's PUT, this section's fields changed.
    expect(calls.find((c) => c.path === '/api/omo/Application/PersonalInfo')?.body).toMatchObject({
      ...PERSONAL,
      firstName: 'Alexandra',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Edit Other' }));
    await userEvent.type(screen.getByLabelText(/Promo code/), 'SPRING');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the changes to Other' }));
    expect(section('Other')).toHaveTextContent('Promo codeNone');
    expect(calls.some((c) => c.path === '/api/omo/Application/Codes')).toBe(false);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Other' })).toHaveFocus());
  });

  it('shows the server’s refusal of a date of birth outside the product’s age range in the section', async () => {
    holdProducts([FHSA]);
    stubApi((call) => {
      if (call.path === '/api/omo/Application' && call.method === 'GET') {
        return { body: reviewView({ productIds: ['1601'] }) };
      }
      if (call.path === '/api/omo/Application/PersonalInfo') {
        return {
          status: 400,
          body: {
            title: 'Validation failed',
            status: 400,
            errors: [{ path: 'dob_day', key: 'age.fhsa', message: 'x' }],
          },
        };
      }
      return undefined;
    });
    renderApp('/single/reviewapplication');
    await reviewHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Personal Details' }));
    const year = screen.getByLabelText('Year');
    // 80 years old: the browser's own check (the same domain rule) refuses it before any call.
    await userEvent.clear(year);
    await userEvent.type(year, String(new Date().getFullYear() - 80));
    await userEvent.click(screen.getByRole('button', { name: 'Save Personal Details' }));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Personal Details' })).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
  });

  it('goes where the server says when an edit makes an earlier step due again (a new phone to verify)', async () => {
    holdProducts([SAVINGS]);
    let current = reviewView();
    stubApi((call) => {
      if (call.path === '/api/omo/Application' && call.method === 'GET') return { body: current };
      if (call.path === '/api/omo/Application/PersonalInfo') {
        current = reviewView({
          phone: makePhone({ number: '6135550199', status: 'none', channel: null, lastFour: '0199' }),
          progress: makeProgress('phoneverification'),
          nextPath: '/single/phoneverification',
        });
        return { body: current };
      }
      return undefined;
    });
    const { router } = renderApp('/single/reviewapplication');
    await reviewHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Personal Details' }));
    const phone = screen.getByLabelText('Phone number');
    await userEvent.clear(phone);
    await userEvent.type(phone, '6135550199');
    await userEvent.click(screen.getByRole('button', { name: 'Save Personal Details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/phoneverification'));
  });

  it('keeps Continue disabled while a section is edited, before consent, and once clicked', async () => {
    let release: (value: unknown) => void = () => undefined;
    let consentSaves = 0;
    let current = reviewView();
    holdProducts([SAVINGS]);
    stubApi((call) => {
      if (call.path === '/api/omo/Application' && call.method === 'GET') return { body: current };
      return undefined;
    });
    // The consent's save is held until the test lets it go.
    const fetchStub = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes('/Application/ReviewConsent')) {
          consentSaves += 1;
          await new Promise((resolve) => (release = resolve));
          current = reviewView({
            reviewConsent: true,
            progress: makeProgress('reviewterms'),
            nextPath: '/single/reviewterms',
          });
          return new Response(JSON.stringify(current), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        }
        return fetchStub(input, init);
      }),
    );
    const { router } = renderApp('/single/reviewapplication');
    await reviewHeading();
    const consent = screen.getByRole('checkbox', { name: 'I agree to these five statements' });
    expect(within(section('Your consent')).getAllByRole('listitem')).toHaveLength(5);
    expect(consent).not.toBeChecked();
    expect(continueButton()).toBeDisabled();

    await userEvent.click(consent);
    expect(continueButton()).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Address' }));
    expect(continueButton()).toBeDisabled();
    expect(screen.getByText('Save or cancel the section you are editing to continue.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the changes to Address' }));
    expect(continueButton()).toBeEnabled();

    await userEvent.click(continueButton());
    expect(continueButton()).toBeDisabled();
    await userEvent.click(continueButton());
    await act(async () => release(undefined));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/reviewterms'));
    expect(consentSaves).toBe(1);
  });

  it('sends the applicant to a step the application now needs (a SIN for an interest-bearing product)', async () => {
    start(
      reviewView({
        sin: { provided: false, skipped: false, masked: null },
        progress: makeProgress('sin'),
        nextPath: '/single/sin',
      }),
    );
    const { router } = renderApp('/single/reviewapplication');
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/sin'));
  });

  it('prechecks the consent given before', async () => {
    start(reviewView({ reviewConsent: true }));
    renderApp('/single/reviewapplication');
    await reviewHeading();
    expect(screen.getByRole('checkbox', { name: 'I agree to these five statements' })).toBeChecked();
    expect(continueButton()).toBeEnabled();
  });
});
