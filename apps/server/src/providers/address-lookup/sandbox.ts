/**
 * Sandbox address lookup over the seeded `addresses` table (data/addresses.json), answering in the
 * AddressComplete shapes. The table is read once into memory (about 1,400 rows) on first use.
 *
 * Find: every token of the search term must be the prefix of a word of the address (unit, number,
 * street, city, province, postal code halves or the whole postal code); results rank by how many tokens
 * are whole words, then by a matched building number, then alphabetically. Matches in one building with
 * several units collapse into one container (Next 'Find', Description 'Toronto, ON M5V 3L9 - 3
 * Addresses'); Find with LastId = that container lists its units. Ids look like 'CA|CP|ENG|1000001'
 * (leaves) and 'CA|CP|ENG|1000001-BLD' (containers). Retrieve answers ENG and FRE items for Quebec.
 *
 * To exercise the browser's error path, the search terms 'ERROR 2', 'ERROR 3', 'ERROR 8' and
 * 'ERROR -1' answer the vendor's errors (unknown key, out of credit, daily limit, unknown).
 */
import { foldAccents, type AddressFindItem, type AddressRetrieveItem, type Language } from '@omo/domain';
import type { Database } from '../../db/database.ts';
import {
  ADDRESS_COMPLETE_ERRORS,
  canadianRetrieveItem,
  mapAddressCompleteError,
  type AddressLookupProvider,
} from './address-lookup.ts';

interface SandboxAddress {
  id: string;
  buildingNumber: string;
  subBuilding: string;
  street: string;
  city: string;
  provinceCode: string;
  provinceName: string;
  postalCode: string;
  language: string;
  /** Folded words the search matches (prefix). */
  words: string[];
}

const CONTAINER_SUFFIX = '-BLD';
const ERROR_TERM = /^\s*error\s+(-?\d+)\s*$/i;
const WORD = /[^\s,-]+/g;
const MAX_SUGGESTIONS_LIMIT = 100;

/** Lower case without accents, one character per character (so positions stay those of the text). */
export function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    const base = foldAccents(ch);
    out += base.length === 1 ? base : ch.toLowerCase().slice(0, 1) || ch;
  }
  return out;
}

/** The search term's tokens (folded), split on spaces, commas and hyphens. */
export function tokenize(term: string): string[] {
  return fold(term).match(WORD) ?? [];
}

/**
 * The matched ranges of a text: each token highlights the start of every word it is a prefix of;
 * overlapping ranges merge. '0-3,4-11'.
 */
export function highlightRanges(text: string, tokens: readonly string[]): string {
  const folded = fold(text);
  const ranges: [number, number][] = [];
  for (const match of folded.matchAll(WORD)) {
    const word = match[0];
    const start = match.index;
    let best = 0;
    for (const token of tokens) if (word.startsWith(token) && token.length > best) best = token.length;
    if (best > 0) ranges.push([start, start + best]);
  }
  // A postal code typed without its space ('m5v3l9') highlights both halves.
  const compactPostal = /\b([a-z]\d[a-z]) (\d[a-z]\d)\b/.exec(folded);
  if (compactPostal) {
    const whole = compactPostal[1]! + compactPostal[2]!;
    for (const token of tokens) {
      if (token.length > 3 && whole.startsWith(token)) {
        const start = compactPostal.index;
        ranges.push([start, Math.min(start + token.length + 1, start + 7)]);
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged.map(([s, e]) => `${s}-${e}`).join(',');
}

/** The leaf Id of an address: the seed id when it already has the vendor's shape. */
function leafId(address: Pick<SandboxAddress, 'id' | 'language'>): string {
  return address.id.startsWith('CA|CP|') ? address.id : `CA|CP|${address.language}|${address.id}`;
}

function streetLine(a: SandboxAddress): string {
  const number = a.subBuilding ? `${a.subBuilding}-${a.buildingNumber}` : a.buildingNumber;
  return `${number} ${a.street}`;
}

function placeLine(a: SandboxAddress): string {
  return `${a.city}, ${a.provinceCode} ${a.postalCode}`;
}

function buildingKey(a: SandboxAddress): string {
  return [a.buildingNumber, a.street, a.city, a.postalCode].join('|').toLowerCase();
}

function compareAddresses(a: SandboxAddress, b: SandboxAddress): number {
  return (
    a.street.localeCompare(b.street) ||
    (parseInt(a.buildingNumber, 10) || 0) - (parseInt(b.buildingNumber, 10) || 0) ||
    a.city.localeCompare(b.city) ||
    (parseInt(a.subBuilding, 10) || 0) - (parseInt(b.subBuilding, 10) || 0) ||
    a.subBuilding.localeCompare(b.subBuilding)
  );
}

/** How well an address matches every token; undefined when a token matches nothing. */
function score(a: SandboxAddress, tokens: readonly string[]): number | undefined {
  let total = 0;
  for (const token of tokens) {
    let best = 0;
    for (const word of a.words) {
      if (word === token) best = Math.max(best, 3);
      else if (word.startsWith(token)) best = Math.max(best, 1);
    }
    if (best === 0) return undefined;
    if (token === a.buildingNumber.toLowerCase()) best += 2;
    total += best;
  }
  return total;
}

function errorResult(code: string) {
  const item = ADDRESS_COMPLETE_ERRORS[code] ?? { ...ADDRESS_COMPLETE_ERRORS['-1']!, Error: code };
  return { ok: false as const, failure: mapAddressCompleteError(item) };
}

/** A Retrieve item of an address in one language. */
function retrieveItem(a: SandboxAddress, language: 'ENG' | 'FRE', alternatives: string): AddressRetrieveItem {
  const domesticId = a.id.split('|').at(-1) ?? a.id;
  const line1 = streetLine(a);
  const provinceName = a.provinceCode === 'QC' ? (language === 'FRE' ? 'Québec' : 'Quebec') : a.provinceName;
  return canadianRetrieveItem({
    Id: leafId(a),
    DomesticId: domesticId,
    Language: language,
    LanguageAlternatives: alternatives,
    SubBuilding: a.subBuilding,
    BuildingNumber: a.buildingNumber,
    Street: a.street,
    City: a.city,
    Line1: line1,
    ProvinceCode: a.provinceCode,
    ProvinceName: provinceName,
    PostalCode: a.postalCode,
  });
}

export function createSandboxAddressLookup(db: Database): AddressLookupProvider {
  let loading: Promise<{ all: SandboxAddress[]; byId: Map<string, SandboxAddress> }> | undefined;

  const load = () => {
    loading ??= (async () => {
      const rows = await db.selectFrom('addresses').selectAll().execute();
      const all = rows.map<SandboxAddress>((r) => {
        const postalCompact = r.postal_code.replace(/\s/g, '');
        const text = [
          r.sub_building,
          r.building_number,
          r.street,
          r.city,
          r.province_code,
          r.postal_code,
        ].join(' ');
        return {
          id: r.id,
          buildingNumber: r.building_number,
          subBuilding: r.sub_building,
          street: r.street,
          city: r.city,
          provinceCode: r.province_code,
          provinceName: r.province_name,
          postalCode: r.postal_code,
          language: r.language,
          words: [...tokenize(text), fold(postalCompact)],
        };
      });
      all.sort(compareAddresses);
      return { all, byId: new Map(all.map((a) => [leafId(a), a])) };
    })();
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };

  const units = (all: SandboxAddress[], building: SandboxAddress) => {
    const key = buildingKey(building);
    return all.filter((a) => buildingKey(a) === key);
  };

  const leafItem = (a: SandboxAddress, tokens: readonly string[]): AddressFindItem => {
    const text = streetLine(a);
    const description = placeLine(a);
    return {
      Id: leafId(a),
      Text: text,
      Highlight: `${highlightRanges(text, tokens)};${highlightRanges(description, tokens)}`,
      Cursor: 0,
      Description: description,
      Next: 'Retrieve',
    };
  };

  const containerItem = (
    first: SandboxAddress,
    count: number,
    tokens: readonly string[],
    language: Language,
  ): AddressFindItem => {
    const text = `${first.buildingNumber} ${first.street}`;
    const place = placeLine(first);
    const description = `${place} - ${count} ${language === 'fr' ? 'adresses' : 'Addresses'}`;
    return {
      Id: `${leafId(first)}${CONTAINER_SUFFIX}`,
      Text: text,
      Highlight: `${highlightRanges(text, tokens)};${highlightRanges(place, tokens)}`,
      Cursor: 0,
      Description: description,
      Next: 'Find',
    };
  };

  return {
    name: 'sandbox',

    async find({ searchTerm, lastId, language, maxSuggestions }) {
      const errorCode = ERROR_TERM.exec(searchTerm)?.[1];
      if (errorCode !== undefined) return errorResult(errorCode);
      const limit = Math.min(Math.max(Math.trunc(maxSuggestions ?? 7), 1), MAX_SUGGESTIONS_LIMIT);
      const { all, byId } = await load();
      const tokens = tokenize(searchTerm);

      if (lastId) {
        const building = lastId.endsWith(CONTAINER_SUFFIX)
          ? byId.get(lastId.slice(0, -CONTAINER_SUFFIX.length))
          : undefined;
        if (!building) return errorResult('1001');
        const inside = units(all, building);
        // Inside a container the term narrows the units when it can; otherwise every unit is listed.
        const narrowed = inside.filter((a) => score(a, tokens) !== undefined);
        const list = narrowed.length > 0 ? narrowed : inside;
        return { ok: true, value: { Items: list.slice(0, limit).map((a) => leafItem(a, tokens)) } };
      }

      if (tokens.length === 0) return { ok: true, value: { Items: [] } };
      const matches: { address: SandboxAddress; score: number }[] = [];
      for (const address of all) {
        const s = score(address, tokens);
        if (s !== undefined) matches.push({ address, score: s });
      }
      // Stable sort keeps the alphabetical order among equal scores.
      matches.sort((a, b) => b.score - a.score);
      const groups = new Map<string, SandboxAddress[]>();
      for (const { address } of matches) {
        const key = buildingKey(address);
        const group = groups.get(key);
        if (group) group.push(address);
        else groups.set(key, [address]);
        if (groups.size > limit) break;
      }
      const items: AddressFindItem[] = [];
      for (const group of groups.values()) {
        if (items.length >= limit) break;
        const first = group[0]!;
        items.push(
          group.length > 1 ? containerItem(first, group.length, tokens, language) : leafItem(first, tokens),
        );
      }
      return { ok: true, value: { Items: items } };
    },

    async retrieve({ id }) {
      const { byId } = await load();
      const address = byId.get(id);
      if (!address) return errorResult('1001');
      const items =
        address.provinceCode === 'QC'
          ? [retrieveItem(address, 'ENG', 'ENG,FRE'), retrieveItem(address, 'FRE', 'ENG,FRE')]
          : [
              retrieveItem(
                address,
                address.language === 'FRE' ? 'FRE' : 'ENG',
                address.language === 'FRE' ? 'FRE' : 'ENG',
              ),
            ];
      return { ok: true, value: { Items: items } };
    },
  };
}
