/** A named place (country, province, state) and the lookup of one by code or name. */
import { foldAccents } from '../rules/fold.ts';

/** A named place with a code and its English and French names. */
export interface NamedCode {
  code: string;
  nameEn: string;
  nameFr: string;
}

/** A name as compared: accents dropped, trimmed, lower case. */
export const normalize = (s: string): string => foldAccents(s).trim();

/** The entry of `list` with that code, else that English or French name (case and accents ignored). */
export function findIn(
  list: readonly NamedCode[],
  codeOrName: string | null | undefined,
): NamedCode | undefined {
  if (!codeOrName) return undefined;
  const key = normalize(codeOrName);
  return (
    list.find((e) => e.code.toLowerCase() === key) ??
    list.find((e) => normalize(e.nameEn) === key || normalize(e.nameFr) === key)
  );
}
