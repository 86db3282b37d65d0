import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  APPLICATION_API_PATHS,
  membershipResponseOf,
  type DecisionOutcome,
  type DecisionView,
} from '@omo/domain';
import { clearAll } from '../lib/session-state.ts';
import { makeProduct } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';
import { makeView, routeFetch, type FetchCall } from '../test/verify-address-fixtures.ts';
import { expectLinkTo } from '../test/links.ts';
import type { ApplicationView } from '../lib/application-api.ts';

const IDS = { appRefNo: 'OMOABCDEFGHP', applicantId: 'applicant-1', applicationId: 'application-1' };

/** The view's decision block as the server builds it for an outcome. */
function decisionOf(
  outcome: DecisionOutcome | null,
  route: string,
  extra: Partial<
    Pick<DecisionView, 'openedProductIds' | 'debitCardOrdered' | 'question' | 'documentsRefusedReason'>
  > = {},
): DecisionView {
  const decision = {
    state: outcome === null ? ('pending' as const) : ('decided' as const),
    round: 'primary' as const,
    outcome,
    primaryCustNo: outcome === 'approved' ? '100042' : null,
    jointCustNo: null,
    openedProductIds: extra.openedProductIds ?? [],
    debitCardOrdered: extra.debitCardOrdered ?? false,
  };
  return {
    state: decision.state,
    outcome,
    response: membershipResponseOf(decision, IDS),
    route,
    openedProductIds: decision.openedProductIds,
    debitCardOrdered: decision.debitCardOrdered,
    question: extra.question ?? null,
    documentsRefusedReason: extra.documentsRefusedReason ?? null,
  };
}

function decidedView(decision: DecisionView, overrides: Partial<ApplicationView> = {}): ApplicationView {
  return makeView({ decision, nextPath: decision.route, ...overrides });
}

const CHEQUING = makeProduct();
const SAVINGS = makeProduct({
  productID: '1101',
  description: 'High Interest Savings',
  accountCategory: 'Savings',
  fr: { ...makeProduct().fr!, description: 'Épargne à intérêt élevé' },
});

/** Answers the application view and the products; `more` answers the rest. */
function serve(
  view: () => ApplicationView,
  more: (call: FetchCall) => { body?: unknown; status?: number } | undefined = () => undefined,
) {
  return routeFetch((call) => {
    if (call.path === APPLICATION_API_PATHS.application) return { body: view() };
    if (call.path === API_PATHS.getProduct) {
      const ids = (call.search.get('prodCodes') ?? '').split(';');
      return { body: [CHEQUING, SAVINGS].filter((p) => ids.includes(p.productID)) };
    }
    return more(call);
  });
}

afterEach(() => clearAll());

/** Opens an outcome page: its heading, and the application's reference number under its label. */
async function opensWithReference(route: string, heading: string) {
  renderApp(route);
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading);
  expect(screen.getByLabelText('Your reference number')).toHaveTextContent('OMOABCDEFGHP');
}

describe('the welcome page (confirmapplication)', () => {
  const approved = decisionOf('approved', '/single/confirmapplication', {
    openedProductIds: ['1001'],
    debitCardOrdered: true,
  });

  it('says that a joint account is joint', async () => {
    const joint = {
      ...approved,
      response: { ...approved.response, jointCustNo: '100043' },
    } as DecisionView;
    serve(() => decidedView(joint));
    renderApp('/single/confirmapplication');
    expect(
      await screen.findByText('Congratulations! Your joint Everyday Chequing is now active.'),
    ).toBeInTheDocument();
  });

  it('names the institution and the first product opened, shows the member number, how to sign in, the debit card, the app and the phone', async () => {
    serve(() => decidedView(approved));
    renderApp('/single/confirmapplication');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Welcome to Maple Credit Union!',
    );
    expect(screen.getByText('Congratulations! Your Everyday Chequing is now active.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your member number')).toHaveTextContent('100042');
    expectLinkTo('Sign in to online banking', 'https://banking.example.test');
    expect(screen.getByText('Your debit card will arrive by mail in 7 to 10 days.')).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'QR code to download the Maple Credit Union mobile app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
    expectLinkTo('Download on the App Store', 'https://www.example.test/app/ios');
    expectLinkTo('Get it on Google Play', 'https://www.example.test/app/android');
    expect(screen.getByRole('link', { name: '1-800-555-0199' })).toHaveAttribute('href', 'tel:+18005550199');
    await waitFor(() => expect(document.title).toBe('Welcome to Maple Credit Union! | Maple Credit Union'));
  });

  it('says nothing of a debit card when none was ordered, and speaks French', async () => {
    serve(() => decidedView({ ...approved, debitCardOrdered: false }));
    renderApp('/single/confirmapplication', 'fr');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Bienvenue chez Maple Credit Union!',
    );
    expect(
      screen.getByText('Félicitations! Votre produit Compte chèques Quotidien est maintenant actif.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/carte de débit/)).not.toBeInTheDocument();
  });

  it('puts the member link before the support phone in the header', async () => {
    serve(() => decidedView(approved));
    renderApp('/single/confirmapplication');
    await screen.findByRole('heading', { level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Help and sign in' });
    const items = within(nav).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent("I'm already a member");
  });
});

describe('the outcome loader', () => {
  it('sends an application not yet submitted back to where the server says', async () => {
    serve(() => makeView({ nextPath: '/single/reviewapplication' }));
    const { router } = renderApp('/single/confirmapplication');
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/reviewapplication'));
  });

  it.each([
    [
      '/single/confirmapplication',
      decisionOf('declined', '/single/applicationdecline'),
      "We're unable to open your account",
    ],
    [
      '/single/applicationdecline',
      decisionOf('blocked', '/error/2'),
      "We're unable to open your membership online",
    ],
    [
      '/single/verifyidentification',
      decisionOf('approved', '/single/confirmapplication', { openedProductIds: ['1001'] }),
      'Welcome to Maple Credit Union!',
    ],
  ])('on %s, shows the page of the decision taken instead', async (path, decision, heading) => {
    serve(() => decidedView(decision));
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(decision.route);
  });
});

describe('the other outcome pages', () => {
  it('processing: the e-mail that will carry the result and the reference number', async () => {
    serve(() => decidedView(decisionOf(null, '/single/processingapplication')));
    renderApp('/single/processingapplication');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      "We're processing your application",
    );
    expect(
      screen.getByText("We'll email the result to alex@example.com, usually within 24 hours."),
    ).toBeInTheDocument();
    expect(screen.getByText('Your reference number is OMOABCDEFGHP.')).toBeInTheDocument();
  });

  it('decline: unable to fill the request, the phone and the way out', async () => {
    // No branch is found: the branch panel gives the contact phone too, once its answer has come.
    serve(
      () => decidedView(decisionOf('declined', '/single/applicationdecline')),
      (call) => (call.path === APPLICATION_API_PATHS.nearestBranch ? { body: { branch: null } } : undefined),
    );
    renderApp('/single/applicationdecline');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      "We're unable to open your account",
    );
    expect(await screen.findByText(/to find a branch near you/)).toBeInTheDocument();
    expect(screen.getByText("We're unable to fill your request at this time.")).toBeInTheDocument();
    const questions = screen.getByText(/If you have questions, call us at/);
    expect(within(questions).getByRole('link', { name: '1-800-555-0199' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exit Application' })).toBeInTheDocument();
    expect(screen.getByText('Your reference number is OMOABCDEFGHP.')).toBeInTheDocument();
  });

  it.each([
    ['approved', '/single/confirmapplication'],
    ['declined', '/single/applicationdecline'],
    ['savingsOffer', '/single/savingsaccountoffer'],
    ['inPerson', '/single/verifyidentification'],
  ] as const)('%s: says the outcome was e-mailed, and to which address', async (outcome, route) => {
    serve(() => decidedView(decisionOf(outcome, route)));
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText("We've emailed this to alex@example.com.")).toBeInTheDocument();
  });

  it('co-applicant invited: the reference number, the 7 days and the e-mails', async () => {
    serve(() =>
      decidedView(decisionOf('primaryComplete', '/single/confirmcoapplicantapplication'), {
        personalInfo: {
          firstName: 'Alex',
          lastName: 'Tremblay',
          dob_month: '01',
          dob_day: '1',
          dob_year: '1990',
          phoneNumber: '6135550100',
          phoneType: 'mobile',
          hasJointApp: 'yes',
          jointFirstName: 'Sam',
          jointLastName: 'Tremblay',
          jointEmail: 'sam@example.com',
        },
      }),
    );
    await opensWithReference(
      '/single/confirmcoapplicantapplication',
      'Your part of the application is complete',
    );
    expect(screen.getByText(/We've emailed Sam an invitation/)).toBeInTheDocument();
    expect(
      screen.getByText('Sam must finish within 7 days, or the application expires.'),
    ).toBeInTheDocument();
    expect(screen.getByText("We'll email you both when the application is complete.")).toBeInTheDocument();
  });

  it('joint complete: the co-applicant is done, the membership waits for the primary in person', async () => {
    serve(() =>
      decidedView(decisionOf('jointComplete', '/joint/jointcomplete'), {
        flow: 'joint',
        appRefNo: 'OMOABCDEFGHJ',
      }),
    );
    await opensWithReference('/joint/jointcomplete', 'Your part of the joint application is complete');
    expect(
      screen.getByText(/once the primary applicant has confirmed their identity in person/),
    ).toBeInTheDocument();
  });

  it('savings offer: accepting opens the savings account and goes where the server then says', async () => {
    const user = userEvent.setup();
    let view = decidedView(decisionOf('savingsOffer', '/single/savingsaccountoffer'));
    const calls = serve(
      () => view,
      (call) => {
        if (call.method === 'POST' && call.path === APPLICATION_API_PATHS.acceptSavingsOffer) {
          const approved = decisionOf('approved', '/single/confirmapplication', {
            openedProductIds: ['1101'],
          });
          view = decidedView(approved);
          return { body: approved.response };
        }
        return undefined;
      },
    );
    const { router } = renderApp('/single/savingsaccountoffer');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'We have another option for you',
    );
    expect(
      screen.getByText("We're unable to open the account you asked for (Everyday Chequing) at this time."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No, thanks' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Yes, open a savings account' }));
    expect(
      await screen.findByText('Congratulations! Your High Interest Savings is now active.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/single/confirmapplication');
    expect(calls.filter((c) => c.path === APPLICATION_API_PATHS.acceptSavingsOffer)).toHaveLength(1);
  });
});

describe("the credit union's words on an outcome page", () => {
  it('shows a question from the credit union; an empty answer is refused, an answer is sent once and thanked', async () => {
    const user = userEvent.setup();
    const calls = serve(
      () =>
        decidedView(
          decisionOf('heldForReview', '/single/processingapplication', {
            question: 'Please send a recent utility bill showing your address.',
          }),
        ),
      (call) =>
        call.method === 'POST' && call.path === APPLICATION_API_PATHS.answerStaffQuestion
          ? { body: { answered: true } }
          : undefined,
    );
    renderApp('/single/processingapplication');
    const question = await screen.findByRole('region', { name: 'We need something from you' });
    expect(
      within(question).getByText('Please send a recent utility bill showing your address.'),
    ).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Send my answer' }));
    expect(within(question).getByText('Enter your answer')).toBeInTheDocument();
    expect(within(question).getByLabelText('Your answer')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(question).getByLabelText('Your answer'), 'I mailed it today.');
    await user.click(within(question).getByRole('button', { name: 'Send my answer' }));
    expect(
      await screen.findByText('Thank you: your answer reached us. We will be in touch by email.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'We need something from you' })).not.toBeInTheDocument();
    const sent = calls.filter((c) => c.path === APPLICATION_API_PATHS.answerStaffQuestion);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ answer: 'I mailed it today.' });
  });

  it('shows why staff could not accept the ID documents on the in-person ID page', async () => {
    serve(() =>
      decidedView(
        decisionOf('inPerson', '/single/verifyidentification', {
          documentsRefusedReason: 'The photo of the licence is blurred.',
        }),
      ),
    );
    renderApp('/single/verifyidentification');
    const refused = await screen.findByRole('region', { name: 'About the ID you sent' });
    expect(within(refused).getByText('The photo of the licence is blurred.')).toBeInTheDocument();
  });
});

describe('ID in person (verifyidentification)', () => {
  const inPerson = decisionOf('inPerson', '/single/verifyidentification');
  const branch = {
    id: 'BR-TOR',
    name: 'omo Credit Union - King & Spadina',
    siteType: 'Branch and ATM',
    phones: [{ type: 'Branch', number: '416-555-0100' }],
    address: {
      street: '2017 King St W',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5V 9Y0',
      latitude: 43.6,
      longitude: -79.4,
    },
    hours: [],
    cashMachine: null,
    distanceKm: 1.2,
  };
  const postOffice = {
    id: 'PO-1',
    name: 'Toronto Station A',
    bilingualServices: true,
    address: {
      line1: '40 Bay St',
      line2: '',
      line3: '',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5J 1A0',
      latitude: 43.64,
      longitude: -79.38,
    },
    hours: [
      { dayOfWeek: 1, openingTime: '08:00', closingTime: '17:30' },
      { dayOfWeek: 6, openingTime: '09:00', closingTime: '13:00' },
    ],
    distance: 0.9,
  };

  /** The in-person page's answers: the nearest branch and the post-office request. */
  const serveInPerson = () =>
    serve(
      () => decidedView(inPerson),
      (call) => {
        if (call.path === APPLICATION_API_PATHS.nearestBranch) return { body: { branch } };
        if (call.method === 'POST' && call.path === APPLICATION_API_PATHS.canadaPostCreate) {
          const body = { dssNumber: 'iVBORw0KGgo=', barcodeText: '1234567890123456', postOffice };
          return { body: { ...body, showBy: '2026-12-27' } };
        }
        return undefined;
      },
    );

  it('shows the nearest branch, and the post-office request: its barcode, the post office and its hours, the IDs, the consent and the privacy link', async () => {
    const calls = serveInPerson();
    renderApp('/single/verifyidentification');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      "Let's confirm your identity in person",
    );
    const branchPanel = screen.getByRole('region', { name: 'Visit a branch' });
    expect(await within(branchPanel).findByText('omo Credit Union - King & Spadina')).toBeInTheDocument();
    expectLinkTo('416-555-0100', 'tel:+14165550100', within(branchPanel));
    expect(within(branchPanel).getByText('Certificate of Indian Status')).toBeInTheDocument();

    const postPanel = screen.getByRole('region', { name: 'Visit a post office' });
    const barcode = await within(postPanel).findByRole('img', {
      name: 'Barcode of your ID verification request, number 1234567890123456',
    });
    expect(barcode).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(within(postPanel).getByText('Toronto Station A')).toBeInTheDocument();
    const hours = within(postPanel).getByRole('table', { name: 'Opening hours' });
    expect(within(hours).getAllByRole('row')).toHaveLength(7);
    expect(within(hours).getByRole('row', { name: /Monday/ })).toHaveTextContent(
      /8:00 a\.m\. to 5:30 p\.m\./,
    );
    expect(within(hours).getByRole('row', { name: /Sunday/ })).toHaveTextContent('Closed');
    expect(
      within(postPanel).getByText(
        /utility bill, an insurance policy, a bank or credit card statement, or a lease/,
      ),
    ).toBeInTheDocument();
    expect(
      within(postPanel).getByText(/Canada Post verifies your identity on behalf of Maple Credit Union/),
    ).toBeInTheDocument();
    expectLinkTo('Read our privacy policy', 'https://www.example.test/privacy', within(postPanel));
    const create = calls.find((c) => c.path === APPLICATION_API_PATHS.canadaPostCreate);
    expect(create?.search.get('applicantId')).toBe('applicant-1');
  });

  it('gives the reference and the last day, and prints the instructions', async () => {
    serveInPerson();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderApp('/single/verifyidentification');
    expect(await screen.findByText('Show your ID in person by December 27, 2026.')).toBeInTheDocument();
    expect(screen.getByText(/^Your reference number is \S+\.$/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print these instructions' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('falls back to the contact phone when the branch or the post office cannot be found', async () => {
    serve(
      () => decidedView(inPerson),
      (call) => {
        if (call.path === APPLICATION_API_PATHS.nearestBranch) return { body: { branch: null } };
        if (call.path === APPLICATION_API_PATHS.canadaPostCreate)
          return { status: 503, body: { title: 'Service Unavailable', status: 503 } };
        return undefined;
      },
    );
    renderApp('/single/verifyidentification');
    expect(await screen.findByText(/to find a branch near you and book an appointment/)).toBeInTheDocument();
    expect(await screen.findByText(/to verify your identity at a post office/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
