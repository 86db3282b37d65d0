import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductOffering } from '@omo/domain';
import type { ApplicationView } from '../../lib/application-api.ts';
import { makeProduct } from '../../test/fixtures.ts';
import { holdProducts, stubApi } from '../../test/profile-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makePhone, makeProgress, makeView } from '../../test/verify-address-fixtures.ts';

const TFSA = makeProduct({ productID: '1401', accountCategory: 'TFSA', isInterestBearing: true });
const STUDENT = makeProduct({
  productID: '1002',
  benefit: 'STUDENT',
  description: 'Student Chequing Account',
});
const CHEQUING = makeProduct();

/** The view of an application at 'Tell us about yourself', no phone given yet. */
const atPersonalInfo = (product: ProductOffering, sweepEnabled = false) =>
  makeView({
    productIds: [product.productID],
    sweepEnabled,
    progress: makeProgress('personalinfo'),
    nextPath: '/single/personalinfo',
    phone: makePhone({ status: 'none', channel: null }),
  });

/** The view once 'Tell us about yourself' is saved (with `changes`): the phone's verification next. */
const personalInfoSaved = (
  view: ApplicationView,
  changes: Partial<ApplicationView> = {},
): ApplicationView => ({
  ...view,
  ...changes,
  progress: makeProgress('phoneverification'),
  nextPath: '/single/phoneverification',
});

function start(product: ProductOffering, opts: { sweepEnabled?: boolean } = {}) {
  holdProducts([product], opts);
  let view = atPersonalInfo(product, opts.sweepEnabled);
  return stubApi((call) => {
    if (call.path === '/api/omo/Application' && call.method === 'GET') return { body: view };
    if (call.path === '/api/omo/Application/PersonalInfo') {
      view = personalInfoSaved(view);
      return { body: view };
    }
    return undefined;
  });
}

async function fillValid(year = '1990') {
  await userEvent.type(await screen.findByLabelText('Legal first name'), 'Alex');
  await userEvent.type(screen.getByLabelText('Legal last name'), 'Martin');
  await userEvent.selectOptions(screen.getByLabelText('Month'), '03');
  await userEvent.type(screen.getByLabelText('Day'), '27');
  await userEvent.type(screen.getByLabelText('Year'), year);
  await userEvent.type(screen.getByLabelText('Phone number'), '6135550100');
  await userEvent.click(screen.getByLabelText('Mobile'));
}

/**
 * The server as it answers a saved phone: the answers in the view; asked to send the code, a mobile phone
 * is texted with the save, and a code sent makes the code screen next.
 */
function startWithPhone(send: { status: 'pending' | 'failed' }) {
  holdProducts([CHEQUING]);
  let view = atPersonalInfo(CHEQUING);
  return stubApi((call) => {
    if (call.path === '/api/omo/Application' && call.method === 'GET') return { body: view };
    if (call.path === '/api/omo/Application/PersonalInfo') {
      const info = call.body as { phoneType?: string };
      view = personalInfoSaved(view, { personalInfo: call.body as never });
      if (call.query === '?sendCode=true' && info.phoneType === 'mobile') {
        // Any send makes the phone step complete; the code screen sends a failed one back.
        view = {
          ...view,
          phone: makePhone({ status: send.status, channel: 'sms' }),
          progress: makeProgress('verificationCode'),
          nextPath: '/single/verificationCode',
        };
      }
      return { body: view };
    }
    return undefined;
  });
}

async function fillAndContinue(type: 'Mobile' | 'Home') {
  await fillValid();
  await userEvent.click(screen.getByLabelText(type));
  await userEvent.click(
    within(screen.getByRole('group', { name: /open a joint account/ })).getByLabelText('No'),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('personalinfo: the code is sent from here to a mobile phone (decision 0102)', () => {
  it('texts the code to a mobile phone on Continue and opens the code screen the server names', async () => {
    const calls = startWithPhone({ status: 'pending' });
    const { router } = renderApp('/single/personalinfo');
    await screen.findByLabelText('Legal first name');
    await fillAndContinue('Mobile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/verificationCode'));
    // One request: the save asks the server to send the code; the code screen reads nothing more.
    const saves = calls.filter((c) => c.path === '/api/omo/Application/PersonalInfo');
    expect(saves.map((c) => c.query)).toEqual(['?sendCode=true']);
    expect(calls.some((c) => c.path === '/api/omo/PhoneVerification/Start')).toBe(false);
    expect(calls.filter((c) => c.path === '/api/omo/Application')).toHaveLength(1);
  });

  it('leaves a home phone on the send screen, where it chooses the voice call or the text', async () => {
    const calls = startWithPhone({ status: 'pending' });
    const { router } = renderApp('/single/personalinfo');
    await screen.findByLabelText('Legal first name');
    await fillAndContinue('Home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/phoneverification'));
    expect(calls.some((c) => c.path === '/api/omo/PhoneVerification/Start')).toBe(false);
    expect(
      calls.find((c) => c.path === '/api/omo/Application/PersonalInfo')?.body as { phoneType: string },
    ).toMatchObject({ phoneType: 'home' });
  });

  it('leaves a send the provider refused to the send screen, which says why', async () => {
    startWithPhone({ status: 'failed' });
    const { router } = renderApp('/single/personalinfo');
    await screen.findByLabelText('Legal first name');
    await fillAndContinue('Mobile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/phoneverification'));
  });
});

describe('personalinfo', () => {
  it('in French: the date of birth reads day, month, year like its hint, with month names in lower case', async () => {
    start(CHEQUING);
    renderApp('/single/personalinfo', 'fr');
    const group = await screen.findByRole('group', { name: 'Date de naissance' });
    expect(group).toHaveAccessibleDescription('Par exemple, 27 mars 1990');
    const order = [...group.querySelectorAll('input, select')].map((control) => control.id);
    expect(order).toEqual(['dob_day', 'dob_month', 'dob_year']);
    const months = within(screen.getByLabelText('Mois'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(months.slice(1, 4)).toEqual(['janvier', 'février', 'mars']);
    expect(screen.getByLabelText('Prénom (nom légal)')).toBeInTheDocument();
  });

  it('in French: the date of birth has one message, in the summary and under the question', async () => {
    start(CHEQUING);
    renderApp('/single/personalinfo', 'fr');
    await screen.findByRole('group', { name: 'Date de naissance' });
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    const summary = await screen.findByRole('alert');
    const dateLinks = within(summary)
      .getAllByRole('link')
      .map((a) => a.textContent)
      .filter((text) => /naissance/.test(text ?? ''));
    expect(dateLinks).toEqual(['Entrez votre date de naissance']);
    // The link goes to the first part the page shows (the day, in French).
    expect(within(summary).getByRole('link', { name: 'Entrez votre date de naissance' })).toHaveAttribute(
      'href',
      '#dob_day',
    );
    const group = screen.getByRole('group', { name: 'Date de naissance' });
    expect(within(group).getAllByText('Entrez votre date de naissance')).toHaveLength(1);
    expect(within(group).getByLabelText('Mois')).toHaveAccessibleDescription(
      /Entrez votre date de naissance/,
    );
  });

  it('a too-young applicant is told at the top of the page, with no field to fix', async () => {
    start(CHEQUING);
    renderApp('/single/personalinfo');
    await fillValid(String(new Date().getFullYear() - 10));
    await userEvent.click(
      within(screen.getByRole('group', { name: /open a joint account/ })).getByLabelText('No'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByText(
        /^You must have reached the age of majority in your province or territory of residence to become a member online\. Call us at /,
      ),
    ).toBeInTheDocument();
    expect(within(summary).queryByRole('link')).not.toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(within(group).queryByText(/age of majority/)).not.toBeInTheDocument();
  });

  it('one part of the date missing: its own message, once', async () => {
    start(CHEQUING);
    renderApp('/single/personalinfo');
    const group = await screen.findByRole('group', { name: 'Date of birth' });
    await userEvent.selectOptions(within(group).getByLabelText('Month'), '03');
    await userEvent.type(within(group).getByLabelText('Day'), '27');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent)
        .filter((text) => /birth/.test(text ?? '')),
    ).toEqual(['Enter your year of birth']);
  });

  it('in English: month, day, year, with capitalised month names', async () => {
    start(CHEQUING);
    renderApp('/single/personalinfo');
    const group = await screen.findByRole('group', { name: 'Date of birth' });
    const ids = [...group.querySelectorAll('input, select')].map((control) => control.id);
    expect(ids).toEqual(['dob_month', 'dob_day', 'dob_year']);
    expect(
      within(screen.getByLabelText('Month')).getByRole('option', { name: 'January' }),
    ).toBeInTheDocument();
  });

  it('hides the joint section for a TFSA and the sweep section when sweep is off', async () => {
    start(TFSA);
    renderApp('/single/personalinfo');
    await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' });
    expect(screen.queryByRole('group', { name: /joint account/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Joint account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sweep' })).not.toBeInTheDocument();
  });

  it("shows the joint section for chequing; 'no' clears its fields", async () => {
    start(CHEQUING);
    renderApp('/single/personalinfo');
    const question = await screen.findByRole('group', { name: /open a joint account/ });
    await userEvent.click(within(question).getByLabelText('Yes'));
    await userEvent.type(screen.getByLabelText("Co-applicant's first name"), 'Sam');
    await userEvent.type(screen.getByLabelText("Co-applicant's email address"), 'sam@example.com');
    await userEvent.click(within(question).getByLabelText('No'));
    expect(screen.queryByLabelText("Co-applicant's first name")).not.toBeInTheDocument();
    await userEvent.click(within(question).getByLabelText('Yes'));
    expect(screen.getByLabelText("Co-applicant's first name")).toHaveValue('');
    expect(screen.getByLabelText("Co-applicant's email address")).toHaveValue('');
  });

  it('shows the sweep section only when sweep is on, amounts on yes', async () => {
    start(CHEQUING, { sweepEnabled: true });
    renderApp('/single/personalinfo');
    const question = await screen.findByRole('group', { name: /set up a sweep/ });
    expect(screen.queryByTestId('sweep-amounts')).not.toBeInTheDocument();
    await userEvent.click(within(question).getByLabelText('Yes'));
    await userEvent.type(screen.getByLabelText(/falls below/), '500');
    await userEvent.click(within(question).getByLabelText('No'));
    await userEvent.click(within(question).getByLabelText('Yes'));
    expect(screen.getByLabelText(/falls below/)).toHaveValue('');
  });

  it('gives the student age message with the contact phone', async () => {
    start(STUDENT);
    renderApp('/single/personalinfo');
    await fillValid(String(new Date().getFullYear() - 30));
    await userEvent.click(
      within(screen.getByRole('group', { name: /open a joint account/ })).getByLabelText('No'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(
      'You must be between 18 and 25 to open a Student Chequing Account... Please call us at 1-800-555-0199 to discuss other options.',
    );
    expect(screen.getByLabelText('Day')).toHaveAttribute('aria-invalid', 'true');
  });

  it('trims names on blur, masks the phone and saves', async () => {
    const calls = start(CHEQUING);
    const { router } = renderApp('/single/personalinfo');
    const first = await screen.findByLabelText('Legal first name');
    await userEvent.type(first, '  Jean   Luc ');
    await userEvent.tab();
    expect(first).toHaveValue('Jean Luc');
    await fillValid();
    expect(screen.getByLabelText('Phone number')).toHaveValue('(613) 555-0100');
    await userEvent.click(
      within(screen.getByRole('group', { name: /open a joint account/ })).getByLabelText('No'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(calls.map((c) => c.method + c.path)).toContain('PUT/api/omo/Application/PersonalInfo'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/phoneverification'));
    const put = calls.find((c) => c.path === '/api/omo/Application/PersonalInfo');
    expect(put?.method).toBe('PUT');
    expect(put?.body).toMatchObject({
      firstName: 'Jean LucAlex',
      lastName: 'Martin',
      dob_month: '03',
      dob_day: '27',
      dob_year: '1990',
      phoneNumber: '(613) 555-0100',
      phoneType: 'mobile',
      hasJointApp: 'no',
    });
  });
});
