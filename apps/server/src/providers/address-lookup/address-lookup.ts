/**
 * The address-lookup provider, shaped after Canada Post AddressComplete (reference/providers-and-rules.md
 * §1): Find v2.10 suggests addresses as the applicant types (containers with Next 'Find' drill down with
 * LastId; leaves with Next 'Retrieve'), Retrieve v2.11 answers the full address, for Quebec one item per
 * language. The vendor reports errors as an item `{Error, Description, Cause, Resolution}` inside an
 * HTTP 200 answer; both implementations turn them into typed failures. Sandbox (sandbox.ts, the seeded
 * addresses table) and Canada Post (canada-post.ts), chosen in providers/index.ts.
 */
import type { OutageKind } from '../http.ts';
import type { AddressFindItem, AddressRetrieveItem, Language } from '@omo/domain';

export interface FindInput {
  searchTerm: string;
  /** An Id of an earlier container item (Next 'Find') to search inside. */
  lastId?: string | undefined;
  language: Language;
  /** Default 7. */
  maxSuggestions?: number | undefined;
}

export interface RetrieveInput {
  id: string;
  language: Language;
}

/**
 * - `unknownKey` (Error 2), `outOfCredit` (3), `notAllowed` (4–7: IP, URL, service or plan), `dailyLimit`
 *   (8): the account's problems, the applicant can only enter the address manually;
 * - `invalidId`: Retrieve of an Id that is not an address (or a Find LastId that is not a container);
 * - `unknown` (-1 or any other Error), `unavailable` (network, HTTP error, unreadable answer).
 */
export type AddressLookupFailureCode =
  'unknownKey' | 'outOfCredit' | 'notAllowed' | 'dailyLimit' | 'invalidId' | 'unknown' | 'unavailable';

export interface AddressLookupFailure {
  code: AddressLookupFailureCode;
  /** The vendor's Error value ('2', '-1', …) when it gave one. */
  error?: string;
  description: string;
  cause?: string;
  resolution?: string;
  /** When Canada Post gave no usable answer: why. */
  kind?: OutageKind;
}

export type LookupResult<T> = { ok: true; value: T } | { ok: false; failure: AddressLookupFailure };

export interface AddressLookupProvider {
  readonly name: 'sandbox' | 'canadapost';
  /** Suggestions for a search term (Find v2.10), optionally inside a container (LastId). */
  find(input: FindInput): Promise<LookupResult<{ Items: AddressFindItem[] }>>;
  /** The full address of a leaf Id (Retrieve v2.11); Quebec addresses come in ENG and FRE. */
  retrieve(input: RetrieveInput): Promise<LookupResult<{ Items: AddressRetrieveItem[] }>>;
}

/** A vendor Error item. */
export interface VendorErrorItem {
  Error: string;
  Description?: string;
  Cause?: string;
  Resolution?: string;
}

/** Maps an AddressComplete Error item to a failure (§1.5). */
export function mapAddressCompleteError(item: VendorErrorItem): AddressLookupFailure {
  const codes: Record<string, AddressLookupFailureCode> = {
    '2': 'unknownKey',
    '3': 'outOfCredit',
    '4': 'notAllowed',
    '5': 'notAllowed',
    '6': 'notAllowed',
    '7': 'notAllowed',
    '8': 'dailyLimit',
    // [uncertain] the 1000-range service codes were not in the stored reference; 1001 'Id Invalid' is assumed.
    '1001': 'invalidId',
  };
  return {
    code: codes[String(item.Error).trim()] ?? 'unknown',
    error: String(item.Error),
    description: item.Description ?? 'Unknown error',
    ...(item.Cause === undefined ? {} : { cause: item.Cause }),
    ...(item.Resolution === undefined ? {} : { resolution: item.Resolution }),
  };
}

/** The vendor's generic error items (Retrieve page's table), used by the sandbox and the fake. */
export const ADDRESS_COMPLETE_ERRORS: Record<string, Required<VendorErrorItem>> = {
  '-1': {
    Error: '-1',
    Description: 'Unknown error',
    Cause:
      'The cause of the error is unknown but details have been passed to our support staff who will investigate.',
    Resolution:
      'These problems are typically short lived and are often resolved by trying again in a few minutes.',
  },
  '2': {
    Error: '2',
    Description: 'Unknown key',
    Cause: 'The key you are using to access the service was not found.',
    Resolution: 'Please check that the key is correct. It should be in the form AA11-AA11-AA11-AA11.',
  },
  '3': {
    Error: '3',
    Description: 'Account out of credit',
    Cause: 'Your account is either out of credit or has insufficient credit to service this request.',
    Resolution: 'Please check your account balance and top it up if necessary.',
  },
  '8': {
    Error: '8',
    Description: 'Key daily limit exceeded',
    Cause: 'The daily limit on the key has been exceeded.',
    Resolution: 'Alter the daily limit on the key. Check your usage in the usage log.',
  },
  '1001': {
    Error: '1001',
    Description: 'Id Invalid',
    Cause: 'The Id parameter supplied was invalid.',
    Resolution: 'Try again, using only IDs from the Find services.',
  },
};

/** What a Retrieve item of a Canadian street address says beyond the address's own parts. */
type RetrieveParts = Pick<
  AddressRetrieveItem,
  | 'Id'
  | 'DomesticId'
  | 'Language'
  | 'LanguageAlternatives'
  | 'SubBuilding'
  | 'BuildingNumber'
  | 'Street'
  | 'City'
  | 'Line1'
  | 'ProvinceCode'
  | 'ProvinceName'
  | 'PostalCode'
>;

/**
 * AddressComplete's Retrieve item of a Canadian residential street address (the sandbox's and the fake's):
 * the fields such an address leaves empty are empty, the label is the postal one.
 */
export function canadianRetrieveItem(p: RetrieveParts): AddressRetrieveItem {
  return {
    Id: p.Id,
    DomesticId: p.DomesticId,
    Language: p.Language,
    LanguageAlternatives: p.LanguageAlternatives,
    Department: '',
    Company: '',
    SubBuilding: p.SubBuilding,
    BuildingNumber: p.BuildingNumber,
    BuildingName: '',
    SecondaryStreet: '',
    Street: p.Street,
    Block: '',
    Neighbourhood: '',
    District: '',
    City: p.City,
    Line1: p.Line1,
    Line2: '',
    Line3: '',
    Line4: '',
    Line5: '',
    AdminAreaName: '',
    AdminAreaCode: '',
    Province: p.ProvinceCode,
    ProvinceName: p.ProvinceName,
    ProvinceCode: p.ProvinceCode,
    PostalCode: p.PostalCode,
    CountryName: 'Canada',
    CountryIso2: 'CA',
    CountryIso3: 'CAN',
    CountryIsoNumber: 124,
    SortingNumber1: '',
    SortingNumber2: '',
    Barcode: '',
    POBoxNumber: '',
    Label: [p.Line1, `${p.City.toUpperCase()} ${p.ProvinceCode} ${p.PostalCode}`, 'CANADA'].join('\n'),
    Type: 'Residential',
    DataLevel: 'Premise',
  };
}
