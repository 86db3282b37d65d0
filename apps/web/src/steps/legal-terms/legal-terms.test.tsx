import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, type ProductOffering } from '@omo/domain';
import { makeProduct } from '../../test/fixtures.ts';
import { holdProducts, stubApi } from '../../test/profile-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeProgress, makeView } from '../../test/verify-address-fixtures.ts';

const OCCUPATIONS = [
  { code: '2173', name: 'Software engineers and designers', nameFr: 'Ingénieurs et concepteurs en logiciel' },
  { code: '3012', name: 'Registered nurses', nameFr: 'Infirmières autorisées et infirmiers autorisés' },
];
const POSITIONS = [
  {
    code: 'D01',
    name: 'Governor General of Canada or Lieutenant Governor of a province',
    category: 'domestic',
  },
];
const GIC = makeProduct({
  productID: '3001',
  accountCategory: 'GIC',
  description: '1-Year GIC',
  isInterestBearing: true,
  termDepositAcctConfig: {
    termRate: [{ period: 1, periodType: 'Years', description: '1 Year', rate: 3 }],
  } as never,
});
const FHSA = makeProduct({
  productID: '1501',
  accountCategory: 'FHSA',
  description: 'First Home Savings Account',
});

function start(products: ProductOffering[] = [makeProduct()]) {
  holdProducts(products);
  const view = makeView({
    productIds: products.map((p) => p.productID),
    identity: { status: 'passed' },
    progress: makeProgress('legalterms'),
    nextPath: '/single/legalterms',
  });
  return stubApi((call) => {
    if (call.path === '/api/omo/Application' && call.method === 'GET') return { body: view };
    if (call.path === API_PATHS.getOccupationList) return { body: OCCUPATIONS };
    if (call.path === API_PATHS.getPepPositionList) return { body: POSITIONS };
    if (call.path === API_PATHS.onlineAccountList) return { body: products };
    if (call.path === '/api/omo/Application/LegalTerms') {
      return { body: { ...view, nextPath: '/single/reviewapplication' } };
    }
    return undefined;
  });
}

const question = (name: RegExp | string) => screen.getByRole('group', { name });
const answer = (name: RegExp | string, value: 'Yes' | 'No') =>
  userEvent.click(within(question(name)).getByRole('radio', { name: value }));

describe('legalterms', () => {
  it('lists every rule of the questionnaire on an empty submit', async () => {
    start();
    renderApp('/single/legalterms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review the legal terms' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "This is the stuff we're legally required to ask. Be sure to complete all the questions.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    for (const message of [
      'Choose an option that applies to you',
      'Select your occupation',
      'Select your intended relationship',
      'Select a purpose for this account',
    ]) {
      expect(summary).toHaveTextContent(message);
    }
  });

  it('names the question in the summary where the message is the same for every yes/no question', async () => {
    start();
    renderApp('/single/legalterms');
    await screen.findByRole('heading', { level: 1, name: 'Review the legal terms' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const links = within(await screen.findByRole('alert')).getAllByRole('link');
    const choose = 'Choose an option that applies to you';
    expect(links.map((l) => l.textContent)).toEqual([
      `Are you a resident of Canada for tax purposes? ${choose}`,
      `Are you a citizen of the United States, or a resident of the United States for tax purposes? ${choose}`,
      `Are you a resident for tax purposes of a country other than Canada or the United States? ${choose}`,
      `Are you, a member of your family or a close associate a politically exposed person or the head of an international organization? ${choose}`,
      `Are you employed in Canada? ${choose}`,
      'Select your occupation',
      `Do you own or operate a business? ${choose}`,
      'Select your intended relationship',
      'Select a purpose for this account',
      `Is Maple Credit Union the only financial institution you bank with? ${choose}`,
    ]);
    // Each link still leads to its question.
    await userEvent.click(links[0]!);
    expect(within(question(/resident of Canada for tax purposes/)).getAllByRole('radio')[0]).toHaveFocus();
  });

  it('reveals the US TIN on yes and hides and clears it on no', async () => {
    start();
    renderApp('/single/legalterms');
    await screen.findByRole('heading', { level: 1, name: 'Review the legal terms' });
    const us = /citizen of the United States/;
    await answer(us, 'Yes');
    const tin = screen.getByLabelText('US taxpayer identification number (TIN)');
    await userEvent.type(tin, '123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter a valid TIN. The format for TIN should be ###-##-####.',
    );
    await answer(us, 'No');
    expect(screen.queryByLabelText('US taxpayer identification number (TIN)')).not.toBeInTheDocument();
    await answer(us, 'Yes');
    expect(screen.getByLabelText('US taxpayer identification number (TIN)')).toHaveValue('');
  });

  it("says 'At least one of the residency must be 'Yes'.' and 'You must be a Canadian Resident or be employed in Canada'", async () => {
    start();
    renderApp('/single/legalterms');
    await screen.findByRole('heading', { level: 1, name: 'Review the legal terms' });
    await answer('Are you a resident of Canada for tax purposes?', 'No');
    await answer(/citizen of the United States/, 'No');
    await answer(/country other than Canada or the United States/, 'No');
    await answer('Are you employed in Canada?', 'No');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent("At least one of the residency must be 'Yes'.");
    expect(summary).toHaveTextContent('You must be a Canadian Resident or be employed in Canada');
  });

  it('a politically exposed person: who, the position (names cut at 38 characters) and the country', async () => {
    start();
    renderApp('/single/legalterms');
    await screen.findByRole('heading', { level: 1, name: 'Review the legal terms' });
    await answer(/politically exposed person/, 'Yes');
    expect(screen.getByLabelText('Who is the politically exposed person?')).toBeInTheDocument();
    const position = screen.getByLabelText('Position or office held');
    expect(within(position).getByRole('option', { name: POSITIONS[0]!.name })).toHaveTextContent(
      'Governor General of Canada or Lieutena…',
    );
    const country = screen.getByLabelText('Country of the position or office');
    expect(within(country).getAllByRole('option')[1]).toHaveTextContent('Canada');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Select who is the politically exposed person');
    expect(summary).toHaveTextContent('Select position or office held');
    expect(summary).toHaveTextContent('Select country of Position or Office Held');
  });

  it("'Other' asks for the purpose; a GIC asks its own purpose", async () => {
    start([GIC]);
    renderApp('/single/legalterms');
    await screen.findByRole('heading', { level: 1, name: 'Review the legal terms' });
    await userEvent.selectOptions(screen.getByLabelText('Main purpose of the account'), '9');
    expect(screen.getByLabelText('Describe the purpose')).toBeInTheDocument();
    expect(screen.getByLabelText('Main purpose of the GIC')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Other purpose cannot be empty');
  });

  it("an FHSA's purpose is fixed to Savings - Home/Asset Purchase", async () => {
    start([FHSA]);
    renderApp('/single/legalterms');
    const purpose = await screen.findByLabelText('Main purpose of the account');
    expect(purpose).toBeDisabled();
    expect(purpose).toHaveValue('6');
  });

  it('finds an occupation by typing, and saves the questionnaire', async () => {
    const calls = start();
    const { router } = renderApp('/single/legalterms');
    await screen.findByRole('heading', { level: 1, name: 'Review the legal terms' });
    await answer('Are you a resident of Canada for tax purposes?', 'Yes');
    await answer(/citizen of the United States/, 'No');
    await answer(/country other than Canada or the United States/, 'No');
    await answer(/politically exposed person/, 'No');
    await answer('Are you employed in Canada?', 'Yes');
    await userEvent.type(screen.getByRole('combobox', { name: 'Occupation' }), 'nurse');
    await userEvent.click(await screen.findByRole('option', { name: 'Registered nurses' }));
    await answer('Do you own or operate a business?', 'No');
    await userEvent.click(screen.getByRole('radio', { name: 'For personal banking' }));
    await userEvent.selectOptions(screen.getByLabelText('Main purpose of the account'), '1');
    await answer(/only financial institution/, 'Yes');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/single/reviewapplication'));
    expect(calls.find((c) => c.path === '/api/omo/Application/LegalTerms')?.body).toMatchObject({
      resStatus: 'yes',
      polExposed: 'no',
      occupation: { id: '3012', name: 'Registered nurses' },
      natureOfBanking: 'Personal',
      primaryPurpose: '1',
    });
  });

  it('works in French, occupations included', async () => {
    start();
    renderApp('/single/legalterms', 'fr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Passez en revue les modalités juridiques' }),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: 'Profession' }), 'infirm');
    expect(await screen.findByRole('option', { name: /Infirmières autorisées/ })).toBeInTheDocument();
  });
});
