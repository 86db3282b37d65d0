import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { holdProducts, stubApi, type Answer } from '../../test/profile-fixtures.ts';
import { makeProduct } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeProgress, makeView } from '../../test/verify-address-fixtures.ts';
import { loadFullPage } from '../../lib/full-page-load.ts';
import { DOCUMENT_POLL_MS } from './id-verify-terms-page.tsx';

vi.mock('../../lib/full-page-load.ts', () => ({ loadFullPage: vi.fn() }));

const STEPPED_UP = makeView({
  identity: { status: 'stepUp' },
  progress: makeProgress('idverifyterms'),
  nextPath: '/single/idverifyterms',
});
/** Once the documents are in, the server lets the applicant on to the legal terms. */
const CAPTURED = makeView({
  identity: { status: 'documentApproved' },
  progress: makeProgress('legalterms'),
  nextPath: '/single/legalterms',
});

function start(answers: { status?: () => Answer; start?: Answer; inPerson?: Answer } = {}) {
  holdProducts([makeProduct()]);
  let view = STEPPED_UP;
  return stubApi((call) => {
    if (call.path === '/api/omo/Application') return { body: view };
    if (
      ['/api/omo/OnlineAccountList', '/api/omo/GetOccupationList', '/api/omo/GetPepPositionList'].includes(
        call.path,
      )
    ) {
      return { body: [] };
    }
    if (call.path === '/api/omo/DocumentVerification/Start') {
      return answers.start ?? { body: { runId: 'wr_1', captureUrl: '/single/idverifyterms/capture' } };
    }
    if (call.path === '/api/omo/DocumentVerification/InPerson') {
      view = CAPTURED;
      return answers.inPerson;
    }
    if (call.path === '/api/omo/DocumentVerification/Status') {
      const answer = answers.status?.() ?? {
        body: { status: 'stepUp', isDone: false, nextPath: '/single/idverifyterms' },
      };
      if ((answer.body as { isDone?: boolean } | undefined)?.isDone) view = CAPTURED;
      return answer;
    }
    if (call.path.startsWith('/api/omo/DocumentVerification/Capture/')) {
      const side = call.path.split('/').pop();
      if (side === 'Submit') {
        view = CAPTURED;
        return { body: { status: 'documentApproved', isDone: true, nextPath: '/single/legalterms' } };
      }
      return { body: { side, captured: [side] } };
    }
    return undefined;
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('idverifyterms', () => {
  it('lists the accepted IDs and the consent; Continue stays disabled until the box is ticked', async () => {
    const calls = start();
    renderApp('/single/idverifyterms');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Let's verify your identity" }),
    ).toBeInTheDocument();
    for (const id of [
      "Canadian driver's licence",
      'Provincial or territorial photo ID card',
      'Canadian passport',
      'Permanent resident card',
    ]) {
      expect(screen.getByText(id)).toBeInTheDocument();
    }
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the digital ID verification/ }));
    expect(continueButton).toBeEnabled();
    await userEvent.click(continueButton);
    // A full page load: the camera permission comes with the page the server serves.
    await waitFor(() => expect(loadFullPage).toHaveBeenCalledWith('/single/idverifyterms/capture'));
    expect(calls.find((c) => c.path === '/api/omo/DocumentVerification/Start')?.body).toEqual({
      consent: true,
    });
  });

  it('asks every 2 seconds and moves on once the documents are in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let done = false;
    start({
      status: () => ({
        body: done
          ? { status: 'documentPending', isDone: true, nextPath: '/single/legalterms' }
          : { status: 'stepUp', isDone: false, nextPath: '/single/idverifyterms' },
      }),
    });
    const { router } = renderApp('/single/idverifyterms');
    await screen.findByRole('heading', { level: 1, name: "Let's verify your identity" });
    await act(() => vi.advanceTimersByTimeAsync(DOCUMENT_POLL_MS));
    expect(router.state.location.pathname).toBe('/single/idverifyterms');
    done = true;
    await act(() => vi.advanceTimersByTimeAsync(DOCUMENT_POLL_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/legalterms'));
  });

  it('the document partner unavailable: says so and offers the in-person route on the spot', async () => {
    vi.mocked(loadFullPage).mockClear();
    const calls = start({
      start: { status: 503, body: { status: 503, title: 'Service Unavailable' } },
      inPerson: { body: { status: 'documentExpired', isDone: true, nextPath: '/single/legalterms' } },
    });
    const { router } = renderApp('/single/idverifyterms');
    await screen.findByRole('heading', { level: 1, name: "Let's verify your identity" });
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the digital ID verification/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ID verification by photo is unavailable right now.');
    expect(loadFullPage).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Show my ID in person instead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/legalterms'));
    expect(calls.filter((c) => c.path === '/api/omo/DocumentVerification/InPerson')).toHaveLength(1);
  });

  it('a session that is gone goes to /error/3', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    start({ status: () => ({ status: 401, body: { title: 'Unauthorized' } }) });
    const { router } = renderApp('/single/idverifyterms');
    await screen.findByRole('heading', { level: 1, name: "Let's verify your identity" });
    await act(() => vi.advanceTimersByTimeAsync(DOCUMENT_POLL_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/3'));
  });
});

describe('sandbox capture', () => {
  const file = (name: string, bytes: number[], type: string) =>
    new File([new Uint8Array(bytes)], name, { type });
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];

  it('refuses a file that is not an image before sending it, then takes three photos and moves on', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const calls = start();
    const { router } = renderApp('/single/idverifyterms/capture');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Take photos of your ID' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send my photos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add a photo');

    fireEvent.change(screen.getByLabelText('Front of your ID'), {
      target: { files: [file('id.png', [0x25, 0x50, 0x44, 0x46], 'image/png')] },
    });
    expect(await screen.findAllByText('Choose a photo in JPEG, PNG, WebP or HEIC format')).not.toHaveLength(
      0,
    );
    expect(calls.some((c) => c.path.endsWith('/Capture/front'))).toBe(false);

    for (const side of ['Front of your ID', 'Back of your ID', 'Selfie']) {
      fireEvent.change(screen.getByLabelText(side), { target: { files: [file('p.png', PNG, 'image/png')] } });
    }
    await waitFor(() => expect(screen.getAllByRole('img', { name: /Preview/ })).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Send my photos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/legalterms'));
  });
});
