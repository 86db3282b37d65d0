import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPLICATION_API_PATHS, type ApplicationPhoneView as PhoneView } from '@omo/domain';
import { renderApp } from '../../test/render-app.tsx';
import {
  makePhone,
  makeProgress,
  makeView,
  routeFetch,
  type FetchCall,
} from '../../test/verify-address-fixtures.ts';

const URL_CODE = '/single/verificationCode';

function boxes(): HTMLInputElement[] {
  return Array.from(
    { length: 6 },
    (_, i) => screen.getByLabelText(`Digit ${i + 1} of 6`) as HTMLInputElement,
  );
}

/** The draft with this phone state; Check answers `onCheck`, Start `onStart`. */
function setup(
  phone: Partial<PhoneView> = {},
  handlers: {
    onCheck?: (code: string) => { status?: number; body?: unknown };
    onStart?: (call: FetchCall) => { status?: number; body?: unknown };
  } = {},
) {
  let current = makePhone(phone);
  const calls = routeFetch((call) => {
    if (call.path === APPLICATION_API_PATHS.application) {
      return {
        body: makeView({
          phone: current,
          progress: makeProgress(
            call.method === 'GET' && current.canContinue ? 'address' : 'phoneverification',
            { canVisitAll: true },
          ),
        }),
      };
    }
    if (call.path === APPLICATION_API_PATHS.phoneVerificationCheck) {
      const answer = handlers.onCheck?.((call.body as { code: string }).code) ?? { body: { phone: current } };
      const body = answer.body as { phone?: PhoneView } | undefined;
      if (body?.phone) current = body.phone;
      return answer;
    }
    if (call.path === APPLICATION_API_PATHS.phoneVerificationStart) {
      return handlers.onStart?.(call) ?? { body: { phone: current } };
    }
    if (call.path === APPLICATION_API_PATHS.phoneVerificationContinue) {
      return {
        body: makeView({
          phone: current,
          progress: makeProgress('address'),
          nextPath: '/single/address',
        }),
      };
    }
    return undefined;
  });
  return calls;
}

const checks = (calls: FetchCall[]) =>
  calls.filter((c) => c.path === APPLICATION_API_PATHS.phoneVerificationCheck);

describe('verificationCode', () => {
  it('shows the number and six labelled digit boxes with one-time-code on the first', async () => {
    setup();
    renderApp(URL_CODE);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/We've sent a 6-digit code to \+1/)).toHaveTextContent(
      "We've sent a 6-digit code to +1 (613) 555-0100",
    );
    expect(screen.getByRole('group', { name: 'Enter the 6-digit code' })).toBeInTheDocument();
    const all = boxes();
    expect(all[0]).toHaveAttribute('autocomplete', 'one-time-code');
    expect(all[1]).toHaveAttribute('autocomplete', 'off');
    for (const box of all) expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('moves forward as digits are typed, ignores letters, and Backspace goes back', async () => {
    const user = userEvent.setup();
    setup();
    renderApp(URL_CODE);
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' });
    const all = boxes();
    await user.click(all[0]!);
    await user.keyboard('1');
    expect(all[0]).toHaveValue('1');
    expect(all[1]).toHaveFocus();
    await user.keyboard('a');
    expect(all[1]).toHaveValue('');
    await user.keyboard('2');
    expect(all[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(all[1]).toHaveFocus();
    expect(all[1]).toHaveValue('');
    expect(all[0]).toHaveValue('1');
  });

  it('a pasted code fills all boxes and is submitted at once; verified, it goes on to the address by itself', async () => {
    const user = userEvent.setup();
    const calls = setup(
      {},
      {
        onCheck: (code) =>
          code === '123456'
            ? {
                body: {
                  phone: makePhone({
                    status: 'approved',
                    verified: true,
                    canContinue: true,
                    canResend: false,
                  }),
                },
              }
            : { body: { phone: makePhone({ invalidCounter: 1 }) } },
      },
    );
    const { router } = renderApp(URL_CODE);
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' });
    // A code is waiting: the first box has focus, where the keyboard offers the text's code.
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
    await user.click(boxes()[2]!);
    await user.paste('123456');
    expect(
      boxes()
        .map((b) => b.value)
        .join(''),
    ).toBe('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/address'));
    expect(checks(calls).map((c) => c.body)).toEqual([{ code: '123456' }]);
    expect(calls.filter((c) => c.path === APPLICATION_API_PATHS.phoneVerificationContinue)).toHaveLength(1);
  });

  it('says how long the code is valid', async () => {
    setup();
    renderApp(URL_CODE);
    const group = await screen.findByRole('group', { name: 'Enter the 6-digit code' });
    expect(group).toHaveAccessibleDescription(
      'The code expires 10 minutes after we send it. Once the code is checked, you go straight on to the next step.',
    );
  });

  it('a wrong code: the error summary takes focus, the digits stay selected, and retyping starts again', async () => {
    const user = userEvent.setup();
    const calls = setup({}, { onCheck: () => ({ body: { phone: makePhone({ invalidCounter: 1 }) } }) });
    renderApp(URL_CODE);
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' });
    await user.click(boxes()[0]!);
    await user.keyboard('999999');

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    const link = within(summary).getByRole('link', { name: 'Invalid code, please try again' });
    expect(link).toHaveAttribute('href', '#code-0');
    expect(checks(calls)).toHaveLength(1);
    for (const box of boxes()) {
      expect(box).toHaveValue('9');
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveClass('code-input__box--error', 'code-input__box--selected');
      expect(box).toBeEnabled();
    }
    expect(boxes()[0]).toHaveAccessibleDescription(/Invalid code, please try again/);
    expect(document.title).toMatch(/^Error: Verify your phone number/);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();

    // The summary link leads to the first box; the first digit typed there starts a new code.
    await user.click(link);
    expect(boxes()[0]).toHaveFocus();
    await user.keyboard('1');
    expect(boxes().map((b) => b.value)).toEqual(['1', '', '', '', '', '']);
    expect(boxes()[1]).toHaveFocus();
    expect(boxes()[0]).not.toHaveClass('code-input__box--selected');
    expect(checks(calls)).toHaveLength(1);
    await user.keyboard('23456');
    await waitFor(() => expect(checks(calls)).toHaveLength(2));
    expect(checks(calls)[1]?.body).toEqual({ code: '123456' });
  });

  it('a new code that starts with the same digit as the wrong one is typed in full', async () => {
    const user = userEvent.setup();
    const calls = setup({}, { onCheck: () => ({ body: { phone: makePhone({ invalidCounter: 1 }) } }) });
    renderApp(URL_CODE);
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' });
    await user.click(boxes()[0]!);
    await user.keyboard('111111');
    await screen.findByRole('alert', { name: 'There is a problem' });
    await user.click(boxes()[0]!);
    // The selected '1' in the first box is typed over by the same digit: it must still count.
    await user.keyboard('127473');
    await waitFor(() => expect(checks(calls)).toHaveLength(2));
    expect(checks(calls)[1]?.body).toEqual({ code: '127473' });
  });

  it('after a wrong code one digit can be corrected, and the same wrong code is not sent again', async () => {
    const user = userEvent.setup();
    const calls = setup({}, { onCheck: () => ({ body: { phone: makePhone({ invalidCounter: 1 }) } }) });
    renderApp(URL_CODE);
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' });
    await user.click(boxes()[0]!);
    await user.keyboard('123456');
    await screen.findByRole('alert', { name: 'There is a problem' });

    // Typing the same digit over the fourth box gives the same code: it is not checked again.
    await user.click(boxes()[3]!);
    await user.keyboard('4');
    expect(checks(calls)).toHaveLength(1);
    // A different digit makes a new code, checked at once.
    await user.click(boxes()[3]!);
    await user.keyboard('7');
    await waitFor(() => expect(checks(calls)).toHaveLength(2));
    expect(checks(calls)[1]?.body).toEqual({ code: '123756' });
  });

  it('Backspace on the selected wrong code empties every box', async () => {
    const user = userEvent.setup();
    setup({}, { onCheck: () => ({ body: { phone: makePhone({ invalidCounter: 1 }) } }) });
    renderApp(URL_CODE);
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' });
    await user.click(boxes()[0]!);
    await user.keyboard('999999');
    await screen.findByRole('alert', { name: 'There is a problem' });
    await user.click(boxes()[2]!);
    await user.keyboard('{Backspace}');
    expect(boxes().map((b) => b.value)).toEqual(['', '', '', '', '', '']);
    expect(boxes()[0]).toHaveFocus();
  });

  it('after the third invalid code: no resend links, boxes off, Continue enabled with a note, on to address', async () => {
    const user = userEvent.setup();
    setup(
      { invalidCounter: 2 },
      {
        onCheck: () => ({
          body: { phone: makePhone({ invalidCounter: 3, canResend: false, canContinue: true }) },
        }),
      },
    );
    const { router } = renderApp(URL_CODE);
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' });
    expect(screen.getByRole('button', { name: 'Resend code by SMS' })).toBeInTheDocument();
    await user.click(boxes()[0]!);
    await user.paste('111111');
    expect(
      await screen.findByText(/You may continue without verifying your phone number/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code by SMS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code by Voice Call' })).not.toBeInTheDocument();
    for (const box of boxes()) expect(box).toBeDisabled();
    // The action is named for what it does now.
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    const continueButton = screen.getByRole('button', { name: 'Continue without verifying' });
    await waitFor(() => expect(continueButton).toHaveFocus());
    expect(continueButton).toBeEnabled();
    await user.click(continueButton);
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/address'));
  });

  it('when the phone service cannot check the code, moves on to the address (never the error page)', async () => {
    const user = userEvent.setup();
    const calls = setup(
      {},
      {
        onCheck: () => ({
          body: { phone: makePhone({ canContinue: true }), error: 'unavailable' },
        }),
      },
    );
    const { router } = renderApp(URL_CODE);
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' });
    await user.click(boxes()[0]!);
    await user.paste('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/address'));
    expect(calls.some((c) => c.path === APPLICATION_API_PATHS.phoneVerificationContinue)).toBe(true);
  });

  it('resend shows the last four digits; the links are gone after three resends', async () => {
    const user = userEvent.setup();
    let resends = 0;
    const calls = setup(
      {},
      {
        onStart: () => {
          resends += 1;
          return {
            body: {
              phone: makePhone({
                resendCounter: resends,
                invalidCounter: resends,
                canResend: resends < 3,
                canContinue: resends >= 3,
              }),
            },
          };
        },
      },
    );
    renderApp(URL_CODE);
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' });
    await user.click(screen.getByRole('button', { name: 'Resend code by SMS' }));
    expect(await screen.findByText('Code sent to phone number ending in 0100')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend code by Voice Call' }));
    await waitFor(() => expect(resends).toBe(2));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: 'Resend code by SMS' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Resend code by SMS' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Continue without verifying' })).toBeEnabled();
    // The links are gone, but the third resend still says where the code went.
    expect(screen.getByText('Code sent to phone number ending in 0100')).toBeInTheDocument();
    const starts = calls.filter((c) => c.path === APPLICATION_API_PATHS.phoneVerificationStart);
    expect(starts.map((c) => c.body)).toEqual([{ channel: 'sms' }, { channel: 'call' }, { channel: 'sms' }]);
  });

  it('offers a home phone the voice call first', async () => {
    setup({ type: 'home' });
    renderApp(URL_CODE);
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' });
    const links = screen.getAllByRole('button', { name: /^Resend code by/ });
    expect(links.map((b) => b.textContent)).toEqual(['Resend code by Voice Call', 'Resend code by SMS']);
  });

  it('a resend that cannot be sent says what to do next', async () => {
    const user = userEvent.setup();
    setup({}, { onStart: () => ({ body: { phone: makePhone({ status: 'failed', sendFailCounter: 1 }) } }) });
    renderApp(URL_CODE);
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' });
    await user.click(screen.getByRole('button', { name: 'Resend code by SMS' }));
    expect(
      await screen.findByText(
        'Something went wrong when sending the verification code. Check that your phone number is correct, choose the other way to get the code (SMS or Voice Call), or try again.',
      ),
    ).toBeInTheDocument();
  });

  it('a resend a ceiling refuses says so and keeps the code boxes; after three, Continue without verifying', async () => {
    const user = userEvent.setup();
    let refusals = 0;
    setup(
      {},
      {
        onStart: () => {
          refusals += 1;
          // Nothing was sent: the code already sent is still pending.
          return {
            body: {
              error: 'ceiling',
              phone: makePhone({
                sendFailCounter: refusals,
                canResend: refusals < 3,
                canContinue: refusals >= 3,
              }),
            },
          };
        },
      },
    );
    const { router } = renderApp(URL_CODE);
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' });
    const refused =
      "We couldn't send a code because too many codes were sent recently. Try again: after 3 tries, you may continue without verifying your phone number.";
    await user.click(screen.getByRole('button', { name: 'Resend code by SMS' }));
    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(screen.queryByText(/Code sent to phone number ending in/)).not.toBeInTheDocument();
    for (const box of boxes()) expect(box).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Resend code by Voice Call' }));
    await waitFor(() => expect(refusals).toBe(2));
    await user.click(await screen.findByRole('button', { name: 'Resend code by SMS' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Resend code by SMS' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('You may continue without verifying your phone number.')).toBeInTheDocument();
    // The code sent before the refusals can still be entered.
    for (const box of boxes()) expect(box).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Continue without verifying' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/address'));
  });

  it("shows the server's message when it refuses (429)", async () => {
    const user = userEvent.setup();
    setup(
      {},
      {
        onStart: () => ({
          status: 429,
          body: {
            type: 'about:blank',
            title: 'Too Many Requests',
            status: 429,
            detail: 'Too many codes were sent to this number. Try again later.',
          },
        }),
      },
    );
    renderApp(URL_CODE);
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' });
    await user.click(screen.getByRole('button', { name: 'Resend code by SMS' }));
    expect(
      await screen.findByText('Too many codes were sent to this number. Try again later.'),
    ).toBeInTheDocument();
  });

  it("says a per-minute limit in the page's language (French)", async () => {
    const user = userEvent.setup();
    setup(
      {},
      {
        onStart: () => ({
          status: 429,
          body: {
            type: 'https://tools.ietf.org/html/rfc6585#section-4',
            title: 'Too Many Requests',
            status: 429,
            detail: 'Rate limit exceeded, retry in 1 minute',
            errors: [
              {
                path: '',
                key: 'api.tooManyRequests',
                message: 'Too many requests. Wait a minute, then try again.',
              },
            ],
          },
        }),
      },
    );
    renderApp(URL_CODE, 'fr');
    await screen.findByRole('heading', { level: 1, name: 'Vérifiez votre numéro de téléphone' });
    await user.click(screen.getByRole('button', { name: 'Renvoyer le code par texto' }));
    expect(
      await screen.findByText('Trop de demandes. Attendez une minute, puis réessayez.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Rate limit exceeded/)).not.toBeInTheDocument();
  });

  it('a verified phone shows the success state on reload, with Continue', async () => {
    setup({ status: 'approved', verified: true, canContinue: true, canResend: false });
    renderApp(URL_CODE);
    expect(await screen.findByText('Your mobile phone has been successfully verified!')).toBeInTheDocument();
    for (const box of boxes()) expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('without a code sent yet goes back to the send screen', async () => {
    setup({ status: 'none', channel: null });
    const { router } = renderApp(URL_CODE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/phoneverification'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We need to verify your phone number' }),
    ).toBeInTheDocument();
  });

  it('works in French', async () => {
    setup();
    renderApp(URL_CODE, 'fr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vérifiez votre numéro de téléphone' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Chiffre 1 sur 6')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renvoyer le code par texto' })).toBeInTheDocument();
  });
});
