/**
 * Canada Post AddressComplete adapter (reference/providers-and-rules.md §1): GET
 * {base}/AddressComplete/Interactive/Find/v2.10/json3.ws and Retrieve/v2.11/json3.ws with the key in the
 * `Key` parameter. The vendor answers errors as an Error item inside HTTP 200, so every answer is checked
 * for one before it is trusted. The key stays on the server: it never appears in a failure message. Each
 * call is bounded by the partner timeout (a suggestion that comes later is of no use: the applicant can
 * type the address). Find and Retrieve only read, so they need no idempotency key.
 */
import { callPartner, DEFAULT_PARTNER_TIMEOUT_MS } from '../http.ts';
import { addressFindItemSchema, type AddressFindItem, type AddressRetrieveItem } from '@omo/domain';
import {
  mapAddressCompleteError,
  type AddressLookupProvider,
  type LookupResult,
  type VendorErrorItem,
} from './address-lookup.ts';

interface CanadaPostOptions {
  /** e.g. 'https://ws1.postescanada-canadapost.ca' (tests: the local fake). */
  baseUrl: string;
  key: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const FIND_PATH = '/AddressComplete/Interactive/Find/v2.10/json3.ws';
export const RETRIEVE_PATH = '/AddressComplete/Interactive/Retrieve/v2.11/json3.ws';

function isErrorItem(item: unknown): item is VendorErrorItem {
  return typeof item === 'object' && item !== null && 'Error' in item;
}

/** Retrieve fields we do not get are filled with '' so the answer keeps the documented shape. */
function toRetrieveItem(raw: Record<string, unknown>): AddressRetrieveItem {
  const s = (key: string) => (raw[key] === undefined || raw[key] === null ? '' : String(raw[key]));
  return {
    Id: s('Id'),
    DomesticId: s('DomesticId'),
    Language: s('Language'),
    LanguageAlternatives: s('LanguageAlternatives'),
    Department: s('Department'),
    Company: s('Company'),
    SubBuilding: s('SubBuilding'),
    BuildingNumber: s('BuildingNumber'),
    BuildingName: s('BuildingName'),
    SecondaryStreet: s('SecondaryStreet'),
    Street: s('Street'),
    Block: s('Block'),
    Neighbourhood: s('Neighbourhood'),
    District: s('District'),
    City: s('City'),
    Line1: s('Line1'),
    Line2: s('Line2'),
    Line3: s('Line3'),
    Line4: s('Line4'),
    Line5: s('Line5'),
    AdminAreaName: s('AdminAreaName'),
    AdminAreaCode: s('AdminAreaCode'),
    Province: s('Province') || s('ProvinceCode'),
    ProvinceName: s('ProvinceName'),
    ProvinceCode: s('ProvinceCode') || s('Province'),
    PostalCode: s('PostalCode'),
    CountryName: s('CountryName'),
    CountryIso2: s('CountryIso2'),
    CountryIso3: s('CountryIso3'),
    CountryIsoNumber: typeof raw.CountryIsoNumber === 'number' ? raw.CountryIsoNumber : s('CountryIsoNumber'),
    SortingNumber1: s('SortingNumber1'),
    SortingNumber2: s('SortingNumber2'),
    Barcode: s('Barcode'),
    POBoxNumber: s('POBoxNumber'),
    Label: s('Label'),
    Type: s('Type'),
    DataLevel: s('DataLevel'),
  };
}

export function createCanadaPostAddressLookup(options: CanadaPostOptions): AddressLookupProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function get(path: string, params: Record<string, string>): Promise<LookupResult<unknown[]>> {
    const url = `${base}${path}?${new URLSearchParams({ Key: options.key, ...params }).toString()}`;
    const answer = await callPartner(
      doFetch,
      url,
      { headers: { accept: 'application/json' } },
      options.timeoutMs ?? DEFAULT_PARTNER_TIMEOUT_MS,
    );
    if (!answer.ok) {
      return {
        ok: false,
        failure: {
          code: 'unavailable',
          description: `Canada Post gave no answer (${answer.kind})`,
          kind: answer.kind,
        },
      };
    }
    const { response, body } = answer;
    const items = (body as { Items?: unknown } | undefined)?.Items;
    // An Error item is the vendor's error, whatever the HTTP status.
    if (Array.isArray(items) && items.length > 0 && isErrorItem(items[0])) {
      return { ok: false, failure: mapAddressCompleteError(items[0]) };
    }
    if (!response.ok || !Array.isArray(items)) {
      return {
        ok: false,
        failure: {
          code: 'unavailable',
          description: `Canada Post answered HTTP ${response.status} without items`,
          kind: response.ok ? 'malformed' : 'httpError',
        },
      };
    }
    return { ok: true, value: items };
  }

  return {
    name: 'canadapost',

    async find({ searchTerm, lastId, language, maxSuggestions }) {
      const result = await get(FIND_PATH, {
        SearchTerm: searchTerm,
        ...(lastId ? { LastId: lastId } : {}),
        Country: 'CAN',
        LanguagePreference: language,
        MaxSuggestions: String(maxSuggestions ?? 7),
      });
      if (!result.ok) return result;
      const items: AddressFindItem[] = [];
      for (const raw of result.value) {
        const parsed = addressFindItemSchema.safeParse({
          Cursor: 0,
          Highlight: '',
          Description: '',
          ...(raw as object),
        });
        if (parsed.success) items.push(parsed.data);
      }
      return { ok: true, value: { Items: items } };
    },

    async retrieve({ id, language }) {
      const result = await get(RETRIEVE_PATH, { Id: id, Country: 'CAN', LanguagePreference: language });
      if (!result.ok) return result;
      return {
        ok: true,
        value: {
          Items: result.value
            .filter((i) => typeof i === 'object' && i !== null)
            .map((i) => toRetrieveItem(i as Record<string, unknown>)),
        },
      };
    },
  };
}
