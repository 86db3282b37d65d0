import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoaderFunctionArgs } from 'react-router';
import { APPLICATION_API_PATHS } from '@omo/domain';
import { phoneVerificationLoader } from './phone-verification-loader.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeProduct } from '../../test/fixtures.ts';
import { holdProducts } from '../../test/profile-fixtures.ts';
import { makePhone, makeView, routeFetch, type FetchAnswer } from '../../test/verify-address-fixtures.ts';

const URL_PHONE = '/single/phoneverification';
const NONE = makePhone({ status: 'none', channel: null, lastFour: '0100' });

function setup(onStart: () => FetchAnswer, phone = NONE) {
  let current = phone;
  return routeFetch((call) => {
    if (call.path === APPLICATION_API_PATHS.application) return { body: makeView({ phone: current }) };
    if (call.path === APPLICATION_API_PATHS.phone) {
      const number = (call.body as { phoneNumber: string }).phoneNumber.replace(/\D/g, '');
      current = makePhone({ ...current, number, lastFour: number.slice(-4) });
      return { body: makeView({ phone: current }) };
    }
    if (call.path === APPLICATION_API_PATHS.phoneVerificationStart) {
      return Promise.resolve(onStart()).then((answer) => {
        const body = answer.body as { phone?: typeof current } | undefined;
        if (body?.phone) current = body.phone;
        return answer;
      });
    }
    return undefined;
  });
}

/** What the page's loader throws when the server has no application for this browser (401). */
function loadWithoutSession(): Promise<unknown> {
  routeFetch((call) =>
    call.path === APPLICATION_API_PATHS.application
      ? { status: 401, body: { title: 'Unauthorized', status: 401, detail: 'No application in progress.' } }
      : undefined,
  );
  return phoneVerificationLoader({
    request: new Request(`http://localhost${URL_PHONE}`),
    params: {},
    context: undefined,
  } as unknown as LoaderFunctionArgs).catch((e: unknown) => e);
}

describe('phoneverification', () => {
  it('sends by SMS with the buttons busy, then opens the code screen', async () => {
    const user = userEvent.setup();
    let release: (answer: { body: unknown }) => void = () => undefined;
    const calls = setup(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    const { router } = renderApp(URL_PHONE);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We need to verify your phone number' }),
    ).toBeInTheDocument();
    expect(screen.getByText('(613) 555-0100')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify by SMS' }));
    expect(screen.getByRole('button', { name: 'Verify by SMS' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verify by Voice Call' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verify by SMS' }).closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByText('Sending the verification code…')).toBeInTheDocument();
    release({ body: { phone: makePhone() } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/verificationCode'));
    expect(calls.find((c) => c.path === APPLICATION_API_PATHS.phoneVerificationStart)?.body).toEqual({
      channel: 'sms',
    });
  });

  it('a failed send keeps the applicant here with the message, to try again', async () => {
    const user = userEvent.setup();
    setup(() => ({ body: { phone: makePhone({ status: 'failed', sendFailCounter: 1 }) } }));
    const { router } = renderApp(URL_PHONE);
    await user.click(await screen.findByRole('button', { name: 'Verify by Voice Call' }));
    // The spec's message, then what to do about it.
    expect(
      await screen.findByText(
        'Something went wrong when sending the verification code. Check that your phone number is correct, choose the other way to get the code (SMS or Voice Call), or try again.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(URL_PHONE);
    expect(screen.getByRole('button', { name: 'Verify by SMS' })).toBeEnabled();
  });

  it('a send a ceiling refuses says so; the third refusal opens the code screen with Continue without verifying', async () => {
    const user = userEvent.setup();
    let refusals = 0;
    setup(() => {
      refusals += 1;
      return {
        body: {
          error: 'ceiling',
          phone: makePhone({
            status: 'failed',
            sendFailCounter: refusals,
            canResend: false,
            canContinue: refusals >= 3,
          }),
        },
      };
    });
    const { router } = renderApp(URL_PHONE);
    const refused =
      "We couldn't send a code because too many codes were sent recently. Try again: after 3 tries, you may continue without verifying your phone number.";
    await user.click(await screen.findByRole('button', { name: 'Verify by SMS' }));
    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(URL_PHONE);
    await user.click(screen.getByRole('button', { name: 'Verify by Voice Call' }));
    await waitFor(() => expect(refusals).toBe(2));
    expect(await screen.findByText(refused)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify by SMS' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/verificationCode'));
    expect(
      await screen.findByText("We couldn't send a verification code to your phone."),
    ).toBeInTheDocument();
    expect(screen.getByText('You may continue without verifying your phone number.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue without verifying' })).toBeEnabled();
  });

  it('offers a mobile phone the text message first and a home phone the voice call first', async () => {
    setup(() => ({ body: { phone: makePhone() } }));
    const first = renderApp(URL_PHONE);
    await screen.findByRole('heading', { level: 1, name: 'We need to verify your phone number' });
    const order = () =>
      screen.getAllByRole('button', { name: /^Verify by/ }).map((b) => [b.textContent, b.className]);
    expect(order()).toEqual([
      ['Verify by SMS', 'button'],
      ['Verify by Voice Call', 'button button--secondary'],
    ]);
    first.unmount();

    setup(() => ({ body: { phone: makePhone() } }), makePhone({ ...NONE, type: 'home' }));
    renderApp(URL_PHONE);
    await screen.findByRole('heading', { level: 1, name: 'We need to verify your phone number' });
    expect(order()).toEqual([
      ['Verify by Voice Call', 'button'],
      ['Verify by SMS', 'button button--secondary'],
    ]);
  });

  it('a request that fails outright goes to /error', async () => {
    const user = userEvent.setup();
    setup(() => ({ status: 500, body: { title: 'Internal Server Error', status: 500 } }));
    const { router } = renderApp(URL_PHONE);
    await user.click(await screen.findByRole('button', { name: 'Verify by SMS' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
  });

  it('Change reveals the masked number; empty gives the message; Submit saves it', async () => {
    const user = userEvent.setup();
    const calls = setup(() => ({ body: { phone: makePhone() } }));
    renderApp(URL_PHONE);
    await screen.findByRole('heading', { level: 1, name: 'We need to verify your phone number' });
    await user.click(await screen.findByRole('button', { name: 'Change phone number' }));
    const input = screen.getByLabelText('Phone number');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('link', { name: 'Please enter phone number' })).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/Please enter phone number/);
    await user.type(input, '4165550199');
    expect(input).toHaveValue('(416) 555-0199');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('(416) 555-0199')).toBeInTheDocument();
    expect(calls.find((c) => c.path === APPLICATION_API_PATHS.phone)?.body).toEqual({
      phoneNumber: '(416) 555-0199',
    });
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
  });

  it('skips to the code screen when a verification is already pending', async () => {
    setup(() => ({ body: {} }), makePhone({ status: 'pending' }));
    const { router } = renderApp(URL_PHONE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/verificationCode'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' }),
    ).toBeInTheDocument();
  });

  it('without a session goes back to the start, saying why', async () => {
    const thrown = await loadWithoutSession();
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/?session=ended');
  });

  it('a session that ended sends the applicant back to the start with the same products', async () => {
    holdProducts([makeProduct({ productID: '1101', accountCategory: 'Savings' })], { sweepEnabled: true });
    const thrown = await loadWithoutSession();
    expect((thrown as Response).headers.get('Location')).toBe('/?productIds=1101&sweep=true&session=ended');
  });
});
