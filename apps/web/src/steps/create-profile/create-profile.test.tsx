import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@omo/domain';
import { makeProduct } from '../../test/fixtures.ts';
import { UNAUTHORIZED, allSessionStorage, holdProducts, stubApi } from '../../test/profile-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeProgress, makeView } from '../../test/verify-address-fixtures.ts';

const PASSWORD = 'Secret12pw';

function start(config: Record<string, unknown> = {}, initAnswer: { status?: number; body?: unknown } = {}) {
  holdProducts([makeProduct()], { promoCode: 'PromoGIC' });
  let isStarted = false;
  const started = () =>
    makeView({ progress: makeProgress('personalinfo'), nextPath: '/single/personalinfo' });
  return stubApi((call) => {
    if (call.path === '/api/omo/Application') return isStarted ? { body: started() } : UNAUTHORIZED;
    if (call.path === '/api/omo/InitializeApplication') {
      isStarted = (initAnswer.status ?? 200) === 200;
      // Asked with ?view=true, the view comes with the reference number.
      const appRefNo = 'OMOABCDEFGHP';
      return { body: call.query === '?view=true' ? { appRefNo, view: started() } : appRefNo, ...initAnswer };
    }
    return undefined;
  }, config);
}

/** The checklist rules in a given state ('pending', 'met' or 'unmet'), by their text. */
function itemsIn(state: string): string[] {
  return [...document.querySelectorAll(`.password-checklist__item[data-state="${state}"]`)].map(
    (li) => li.textContent ?? '',
  );
}

/** The joint invitation of Sam Roy, as the server answers its code. */
const SAM_INVITATION = {
  isExpired: false,
  productIds: ['1001'],
  jointFirstName: 'Sam',
  jointLastName: 'Roy',
  jointEmail: 'sam@example.com',
};

describe('createprofile', () => {
  it('updates the password checklist as the applicant types: not checked yet, met, not met', async () => {
    start();
    renderApp('/single/createprofile');
    const password = await screen.findByLabelText('Password');
    // Nothing typed: no rule is met yet, not even 'none of these symbols'.
    expect(itemsIn('pending')).toHaveLength(5);
    expect(itemsIn('pending')[4]).toContain('None of these symbols');
    expect(itemsIn('pending')[4]).toContain('(nothing typed yet)');
    await userEvent.type(password, 'abc');
    expect(itemsIn('met')).toEqual([
      expect.stringContaining('One lower case letter'),
      expect.stringContaining('None of these symbols'),
    ]);
    expect(itemsIn('unmet')).toHaveLength(3);
    expect(itemsIn('unmet')[0]).toContain('(not done yet)');
    // Each state has its own mark, not only its own colour.
    const marks = ['met', 'unmet'].map(
      (state) => document.querySelector(`[data-state="${state}"] .password-checklist__mark`)?.textContent,
    );
    expect(marks).toEqual(['✓', '✕']);
    await userEvent.type(password, 'DE12345');
    expect(itemsIn('met')).toHaveLength(5);
    await userEvent.type(password, '/');
    expect(itemsIn('unmet')).toEqual([expect.stringContaining('None of these symbols')]);
  });

  it('shows and hides the password', async () => {
    start();
    renderApp('/single/createprofile');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('prefills the promo code, hides the referral code by page setting', async () => {
    start({ hideReferralCode: true });
    renderApp('/single/createprofile');
    expect(await screen.findByLabelText(/Promo code/)).toHaveValue('PromoGIC');
    expect(screen.queryByLabelText(/Referral code/)).not.toBeInTheDocument();
  });

  it('shows the error summary with focus and the Error: title prefix', async () => {
    start();
    renderApp('/single/createprofile');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Enter your email address');
    expect(summary).toHaveTextContent('Enter a password');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(document.title).toMatch(/^Error: Create your profile/);
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('starts the application and never writes the password to sessionStorage', async () => {
    const calls = start();
    const { router } = renderApp('/single/createprofile');
    await userEvent.type(await screen.findByLabelText('Email address'), '  alex@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), PASSWORD);
    await userEvent.click(screen.getByRole('checkbox', { name: /receive communications/ }));
    // The reminders' box is optional and unticked (decision 0068).
    expect(screen.getByRole('checkbox', { name: /reminders to finish/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/personalinfo'));
    const init = calls.find((c) => c.path === '/api/omo/InitializeApplication');
    expect(init?.method).toBe('POST');
    // The view came with the start: the next screen read nothing after it.
    expect(calls.slice(calls.indexOf(init!)).some((c) => c.path === '/api/omo/Application')).toBe(false);
    expect(init?.body).toMatchObject({
      email: 'alex@example.com',
      password: PASSWORD,
      promoCode: 'PromoGIC',
      consent: true,
      reminderConsent: false,
      productIds: ['1001'],
      sweepEnabled: false,
      flow: 'single',
      forceTuTest: false,
    });
    // The reference number and the identity check are the server's to decide.
    expect(init?.body).not.toHaveProperty('appRefNo');
    expect(init?.body).not.toHaveProperty('skipAlloy');
    expect(allSessionStorage()).not.toContain(PASSWORD);
    expect(allSessionStorage()).not.toMatch(/password/i);
  });

  it('maps the server field errors onto the fields', async () => {
    start(
      {},
      {
        status: 400,
        body: {
          title: 'Bad Request',
          status: 400,
          errors: [{ path: 'email', key: 'email.invalid', message: 'Email address must be a valid address' }],
        },
      },
    );
    renderApp('/single/createprofile');
    await userEvent.type(await screen.findByLabelText('Email address'), 'alex@example.com');
    await userEvent.type(screen.getByLabelText('Password'), PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const email = screen.getByLabelText('Email address');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById('email-error')).toHaveTextContent('Email address must be a valid address');
    expect(email.getAttribute('aria-describedby')).toContain('email-error');
  });

  it("fixes the co-applicant's e-mail to the invited one, asks for the code e-mailed to it, and shows a started invitation's refusal on the password", async () => {
    holdProducts([makeProduct()]);
    const calls = stubApi((call) => {
      if (call.path === '/api/omo/Application') return UNAUTHORIZED;
      if (call.path === API_PATHS.getApplicationFromJointCode) {
        return { body: SAM_INVITATION };
      }
      if (call.path === '/api/omo/JointEmailCode') return { body: null };
      if (call.path === '/api/omo/InitializeApplication') {
        const body = call.body as { emailCode?: string };
        return {
          status: 400,
          body: {
            title: 'Bad Request',
            status: 400,
            errors: [
              body.emailCode
                ? { path: 'password', key: 'password.jointStarted', message: 'started' }
                : { path: 'emailCode', key: 'emailCode.required', message: 'required' },
            ],
          },
        };
      }
      return undefined;
    });
    renderApp('/joint/createprofile?jointCode=abc');
    const email = await screen.findByLabelText('Email address');
    expect(email).toHaveValue('sam@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText('The address your invitation was sent to. It cannot be changed.')).toBeVisible();
    await userEvent.type(email, 'x');
    expect(email).toHaveValue('sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // The code e-mailed to the invited address comes first.
    await waitFor(() =>
      expect(document.getElementById('emailCode-error')).toHaveTextContent(
        'Enter the 6-digit code we emailed you',
      ),
    );
    expect(calls.filter((c) => c.path === '/api/omo/JointEmailCode')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(
      await screen.findByText('We sent a 6-digit code to sam@example.com. It works for 10 minutes.'),
    ).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/omo/JointEmailCode')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Code from the email'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(document.getElementById('password-error')).toHaveTextContent(
        'This invitation was already used to start an application. Enter the password chosen then to continue.',
      ),
    );
    const init = calls.filter((c) => c.path === '/api/omo/InitializeApplication').at(-1);
    expect(init?.body).toMatchObject({
      email: 'sam@example.com',
      flow: 'joint',
      jointCode: 'abc',
      emailCode: '123456',
    });
  });
  it("asks the co-applicant for the invited e-mail's code on a device where the primary's session is still alive", async () => {
    holdProducts([makeProduct()]);
    // The primary's session on this device is still alive (they did not go back to the landing page).
    const primaryView = makeView({
      email: 'alex@example.com',
      promoCode: 'PRIMARYPROMO',
      consent: true,
      progress: makeProgress('reviewapplication', { canVisitAll: true }),
      nextPath: '/single/reviewapplication',
    });
    stubApi((call) => {
      if (call.path === '/api/omo/Application') return { body: primaryView };
      if (call.path === API_PATHS.getApplicationFromJointCode) {
        return { body: SAM_INVITATION };
      }
      return undefined;
    });
    renderApp('/joint/createprofile?jointCode=abc');
    expect(await screen.findByLabelText('Email address')).toHaveValue('sam@example.com');
    // The server asks every co-applicant without a session of their own for the code e-mailed to them.
    expect(await screen.findByRole('button', { name: 'Email me a code' })).toBeVisible();
    expect(screen.queryByDisplayValue('PRIMARYPROMO')).toBeNull();
  });
});
