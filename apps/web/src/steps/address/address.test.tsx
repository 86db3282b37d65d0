import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addressRetrieveItemSchema,
  APPLICATION_API_PATHS,
  EXAMPLE_FIND_ITEM,
  EXAMPLE_HOME_PARTS,
  EXAMPLE_OTHER_PARTS,
  EXAMPLE_RETRIEVED_PARTS,
  type AddressFindItem,
  type AddressRetrieveItem,
} from '@omo/domain';
import { renderApp } from '../../test/render-app.tsx';
import { makePhone, makeProgress, makeView, routeFetch } from '../../test/verify-address-fixtures.ts';
import { formatAddressLines, retrieveItemToParts } from '../../components/address/address-lookup.ts';

const URL_ADDRESS = '/single/address';

/** The home address as saved once the suggestion '290 Bremner Blvd' is chosen. */
const CHOSEN_HOME = {
  isManualAddress: false,
  autoAddressSelectedId: 'CA|CP|B|290',
  ...EXAMPLE_HOME_PARTS,
  unitNumber: '',
  isMailingAddressSame: true,
};

const FIND_ITEMS: AddressFindItem[] = [
  EXAMPLE_FIND_ITEM,
  {
    Id: 'CA|CP|ENG|BREMNER-ST',
    Text: 'Bremner St',
    Highlight: '0-3',
    Cursor: 0,
    Description: 'Sudbury, ON - 12 Addresses',
    Next: 'Find',
  },
];

/** A Retrieve answer: every vendor field, empty unless given. */
function retrieveItem(overrides: Partial<AddressRetrieveItem> = {}): AddressRetrieveItem {
  const empty = Object.fromEntries(Object.keys(addressRetrieveItemSchema.shape).map((f) => [f, '']));
  return {
    ...(empty as AddressRetrieveItem),
    Id: 'CA|CP|B|290',
    ...EXAMPLE_RETRIEVED_PARTS,
    Label: '290 Bremner Blvd\nTORONTO ON  M5V 3L9\nCANADA',
    ...overrides,
  };
}

function setup(address: unknown = null) {
  return routeFetch((call) => {
    if (call.path === APPLICATION_API_PATHS.application) {
      return {
        body: makeView({
          progress: makeProgress('address'),
          phone: makePhone({ verified: true }),
          address: address as null,
        }),
      };
    }
    if (call.path === APPLICATION_API_PATHS.addressFind) {
      // 'zz…' is an address the service does not know.
      const term = call.search.get('SearchTerm') ?? '';
      return { body: { Items: term.startsWith('zz') ? [] : FIND_ITEMS } };
    }
    if (call.path === APPLICATION_API_PATHS.addressRetrieve) {
      return { body: { Items: [retrieveItem(), retrieveItem({ Language: 'FRE', Street: 'boul Bremner' })] } };
    }
    if (call.path === APPLICATION_API_PATHS.address && call.method === 'PUT') {
      return {
        body: makeView({ progress: makeProgress('confirmproducts'), nextPath: '/single/confirmproducts' }),
      };
    }
    return undefined;
  });
}

/** The saves of the address among the calls `setup` recorded. */
const puts = (calls: ReturnType<typeof setup>) =>
  calls.filter((c) => c.path === APPLICATION_API_PATHS.address);

async function openPage() {
  const user = userEvent.setup();
  const rendered = renderApp(URL_ADDRESS);
  // Every path the router goes to (the next screen's own loader may send it further).
  const visited: string[] = [];
  rendered.router.subscribe((state) => {
    visited.push(state.navigation.location?.pathname ?? state.location.pathname);
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Where do you live?' })).toBeInTheDocument();
  return { user, visited, ...rendered };
}

describe('address lookup mapping', () => {
  it("splits the street line when the service gives no building number ('5-123' is unit 5, number 123)", () => {
    const parts = retrieveItemToParts(
      retrieveItem({
        BuildingNumber: '',
        SubBuilding: '',
        Street: '',
        Line1: '5-123 Main St',
        PostalCode: 'm5v3l9',
      }),
    );
    expect(parts).toEqual({
      streetNumber: '123',
      unitNumber: '5',
      streetName: 'Main St',
      cityName: 'Toronto',
      provinceName: 'ON',
      postalCode: 'M5V 3L9',
      country: 'CA',
    });
    expect(formatAddressLines(parts, 'en')).toEqual(['5-123 Main St', 'Toronto ON  M5V 3L9', 'Canada']);
  });
});

describe('address', () => {
  it('search: suggestions from Find in the UI language, selection fills the address and shows it, Continue saves', async () => {
    const calls = setup();
    const { user, visited } = await openPage();
    const search = screen.getByRole('combobox', { name: 'Search for your address' });
    expect(search).toHaveAttribute('placeholder', 'Start typing address');
    await user.type(search, '290 Bre');
    const option = await screen.findByRole('option', { name: /290 Bremner Blvd/ });
    const find = calls.find((c) => c.path === APPLICATION_API_PATHS.addressFind)!;
    expect(find.search.get('SearchTerm')).toBe('290 Bre');
    expect(find.search.get('LanguagePreference')).toBe('en');
    expect(option).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    const selected = await screen.findByText('Your home address');
    const box = selected.parentElement!;
    expect(within(box).getByText('290 Bremner Blvd')).toBeInTheDocument();
    expect(
      within(box).getByText('Toronto ON M5V 3L9', { normalizer: (s) => s.replace(/\s+/g, ' ') }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === APPLICATION_API_PATHS.addressRetrieve)?.search.get('Id')).toBe(
      'CA|CP|ENG|290-BREMNER',
    );
    expect(screen.getByLabelText('Mailing address is the same as home address')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(visited).toContain('/single/confirmproducts'));
    expect(puts(calls)[0]?.body).toMatchObject(CHOSEN_HOME);
  });

  it("a 'Find' suggestion drills down with LastId", async () => {
    const calls = setup();
    const { user } = await openPage();
    await user.type(screen.getByRole('combobox', { name: 'Search for your address' }), 'Bremner');
    await user.click(await screen.findByRole('option', { name: /Bremner St/ }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === APPLICATION_API_PATHS.addressFind)
          .at(-1)
          ?.search.get('LastId'),
      ).toBe('CA|CP|ENG|BREMNER-ST'),
    );
    expect(calls.some((c) => c.path === APPLICATION_API_PATHS.addressRetrieve)).toBe(false);
  });

  it('selection errors: empty search, then text without a chosen suggestion', async () => {
    const calls = setup();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Enter your address' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Error: Where do you live\?/);
    const search = screen.getByRole('combobox', { name: 'Search for your address' });
    expect(search).toHaveAccessibleDescription(/Enter your address/);
    await user.type(search, '290 Bremner');
    await screen.findByRole('option', { name: /290 Bremner Blvd/ });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await within(screen.getByRole('alert')).findByRole('link', {
        name: 'You must select an address from the list of options',
      }),
    ).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });

  it("a search that finds nothing says so on screen, with 'Enter address manually' beside it", async () => {
    setup();
    const { user } = await openPage();
    const search = screen.getByRole('combobox', { name: 'Search for your address' });
    await user.type(search, 'zzzz qqq');
    const notice = await screen.findByText("We can't find that address.");
    expect(notice).toBeVisible();
    expect(notice.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    const beside = within(notice.parentElement!).getByRole('button', { name: 'Enter address manually' });
    await user.click(beside);
    expect(screen.getByLabelText('Street number')).toHaveFocus();
  });

  it('the unchosen search keeps its text: Enter and Continue give the selection message, typing does not', async () => {
    const calls = setup();
    const { user } = await openPage();
    const search = screen.getByRole('combobox', { name: 'Search for your address' });
    await user.type(search, 'zzzz qqq');
    await screen.findByText("We can't find that address.");
    // Enter in the search submits the form like any field once no suggestion is shown.
    await user.keyboard('{Enter}');
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    const selection = 'You must select an address from the list of options';
    expect(within(summary).getByRole('link', { name: selection })).toBeInTheDocument();
    expect(search).toHaveValue('zzzz qqq');
    expect(search).toHaveAccessibleDescription(new RegExp(selection));

    // Typing is not checked: clearing the text does not swap the message for 'Enter your address'.
    await user.clear(search);
    await user.type(search, '290');
    expect(search).toHaveAccessibleDescription(new RegExp(selection));
    expect(screen.queryByText('Enter your address')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(search).toHaveValue('290');
    expect(
      await within(screen.getByRole('alert')).findByRole('link', { name: selection }),
    ).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });

  it('manual mode: the country switches Province / State / hidden, and a foreign home shows the resident message', async () => {
    setup();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Enter address manually' }));
    expect(screen.queryByRole('combobox', { name: 'Search for your address' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Street number')).toHaveFocus();
    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('CA');
    const countryOptions = within(country).getAllByRole('option');
    expect(countryOptions[1]).toHaveTextContent('Canada');
    expect(countryOptions[2]).toHaveTextContent('United States');
    expect(screen.getByLabelText('Province')).toBeInTheDocument();
    expect(screen.getByLabelText('Postal code')).toBeInTheDocument();

    await user.selectOptions(country, 'US');
    expect(screen.queryByLabelText('Province')).not.toBeInTheDocument();
    expect(
      within(screen.getByLabelText('State')).getByRole('option', { name: 'New York' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Zip code')).toBeInTheDocument();
    expect(
      screen.getByText(/You must be a resident of Canada to become a member online/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1-800-555-0199' })).toHaveAttribute('href', 'tel:+18005550199');

    await user.selectOptions(country, 'FR');
    expect(screen.queryByLabelText('Province')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('State')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    for (const message of ['Enter your street number', 'Enter your street name', 'Enter your city name']) {
      expect(within(summary).getByRole('link', { name: message })).toBeInTheDocument();
    }
    expect(
      within(summary).getByRole('link', {
        name: /You must be a resident of Canada to become a member online/,
      }),
    ).toBeInTheDocument();
  });

  it('manual Canadian address with the province rules; saved with the manual fields', async () => {
    const calls = setup();
    const { user, visited } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Enter address manually' }));
    await user.type(screen.getByLabelText('Street number'), '111');
    await user.type(screen.getByLabelText('Street name'), 'Wellington St');
    await user.type(screen.getByLabelText('City name'), 'Ottawa');
    await user.type(screen.getByLabelText('Postal code'), 'k1a0a9');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await within(await screen.findByRole('alert')).findByRole('link', {
        name: 'Select your province name',
      }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Postal code')).toHaveValue('K1A 0A9');
    await user.selectOptions(screen.getByLabelText('Province'), 'ON');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(visited).toContain('/single/confirmproducts'));
    expect(puts(calls)[0]?.body).toMatchObject({ isManualAddress: true, ...EXAMPLE_OTHER_PARTS });
  });

  it('unchecking the mailing box reveals the mailing search, which is then required', async () => {
    const calls = setup();
    const { user } = await openPage();
    expect(
      screen.queryByRole('combobox', { name: 'Search for your mailing address' }),
    ).not.toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Search for your address' }), '290 Bre');
    await user.click(await screen.findByRole('option', { name: /290 Bremner Blvd/ }));
    await screen.findByText('Your home address');
    await user.click(screen.getByLabelText('Mailing address is the same as home address'));
    expect(screen.getByRole('heading', { level: 2, name: 'Mailing address' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search for your mailing address' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Enter your mailing address' })).toBeInTheDocument();
    expect(within(summary).queryByRole('link', { name: 'Enter your address' })).not.toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);

    // Manual mailing address abroad is allowed.
    await user.click(screen.getByRole('button', { name: 'Enter address manually (mailing address)' }));
    await user.type(screen.getByLabelText('Street number'), '1');
    await user.type(screen.getByLabelText('Street name'), 'Main St');
    await user.type(screen.getByLabelText('City name'), 'Buffalo');
    await user.selectOptions(screen.getByLabelText('Country'), 'US');
    await user.selectOptions(screen.getByLabelText('State'), 'NY');
    await user.type(screen.getByLabelText('Zip code'), '14201');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({
      isMailingAddressSame: false,
      isManualMailingAddress: true,
      maStreetNumber: '1',
      maCountry: 'US',
      maProvinceName: 'NY',
      maPostalCode: '14201',
    });
  });

  it('reload restores the saved address', async () => {
    setup({ ...CHOSEN_HOME, autoAddress: '290 Bremner Blvd, Toronto, ON, M5V 3L9' });
    await openPage();
    expect(screen.getByRole('combobox', { name: 'Search for your address' })).toHaveValue(
      '290 Bremner Blvd, Toronto, ON, M5V 3L9',
    );
    expect(screen.getByText('290 Bremner Blvd')).toBeInTheDocument();
  });

  it('in French: French labels and LanguagePreference=fr', async () => {
    const calls = setup();
    const user = userEvent.setup();
    renderApp(URL_ADDRESS, 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Où habitez-vous?' })).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Recherchez votre adresse' }), '290 Bre');
    await screen.findByRole('option', { name: /290 Bremner Blvd/ });
    expect(
      calls.find((c) => c.path === APPLICATION_API_PATHS.addressFind)?.search.get('LanguagePreference'),
    ).toBe('fr');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('290 boul Bremner')).toBeInTheDocument();
  });

  it('in French: provinces and countries in French alphabetical order', async () => {
    setup();
    const user = userEvent.setup();
    renderApp(URL_ADDRESS, 'fr');
    await screen.findByRole('heading', { level: 1, name: 'Où habitez-vous?' });
    await user.click(screen.getByRole('button', { name: 'Entrer l’adresse manuellement' }));
    const provinces = within(screen.getByLabelText('Province'))
      .getAllByRole('option')
      .map((o) => o.textContent)
      .slice(1);
    expect(provinces).toEqual([
      'Alberta',
      'Colombie-Britannique',
      'Île-du-Prince-Édouard',
      'Manitoba',
      'Nouveau-Brunswick',
      'Nouvelle-Écosse',
      'Nunavut',
      'Ontario',
      'Québec',
      'Saskatchewan',
      'Terre-Neuve-et-Labrador',
      'Territoires du Nord-Ouest',
      'Yukon',
    ]);
    const countries = within(screen.getByLabelText('Pays'))
      .getAllByRole('option')
      .map((o) => o.textContent ?? '')
      .slice(1);
    expect(countries.slice(0, 2)).toEqual(['Canada', 'États-Unis']);
    const rest = countries.slice(2);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('fr-CA').compare));
    // 'Allemagne' (Germany) sorts under A in French, not under G.
    expect(rest.indexOf('Allemagne')).toBeLessThan(rest.indexOf('Belgique'));
  });
});
