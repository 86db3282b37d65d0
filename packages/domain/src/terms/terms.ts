/**
 * The terms an applicant accepts (spec 001 §2.5): which text applies to the product mix of the application,
 * the texts themselves in English and Canadian French, and the membership terms the server prints as a
 * PDF. One text serves the screen and the PDF. `{institution}` and `{phone}` are filled by `fillTerms`.
 */
import type { ApplicationFlags } from '../rules/application-flags.types.ts';
import type { Language } from '../messages/messages.types.ts';
import type { IdentityStatus } from '../flows/identity.ts';
import { MEMBERSHIP_TERMS, MIX_TERMS } from './terms-text.ts';

/** The terms texts of spec 001 §2.5, one per product mix. */
export const TERMS_MIXES = ['base', 'gic', 'registered', 'rrsp', 'tfsa', 'fhsa'] as const;
export type TermsMix = (typeof TERMS_MIXES)[number];

/**
 * The terms text of an application's products: a single registered plan (RRSP, TFSA, FHSA) or a term
 * deposit alone has its own text; two or more of those together (e.g. a TFSA GIC, or an RRSP with a GIC)
 * take the combined registered-plan text; anything else (chequing, savings, US dollar) the base text.
 * @param flags the application's product flags
 */
export function termsMixOf(flags: Pick<ApplicationFlags, 'mRRSP' | 'mTFSA' | 'mFHSA' | 'mTerm'>): TermsMix {
  const kinds: TermsMix[] = [];
  if (flags.mRRSP) kinds.push('rrsp');
  if (flags.mTFSA) kinds.push('tfsa');
  if (flags.mFHSA) kinds.push('fhsa');
  if (flags.mTerm) kinds.push('gic');
  if (kinds.length > 1) return 'registered';
  return kinds[0] ?? 'base';
}

/** True when the applicant must also make the FHSA declaration (an FHSA is among the products). */
export function requiresFhsaDeclaration(flags: Pick<ApplicationFlags, 'mFHSA'>): boolean {
  return flags.mFHSA;
}

/** The wait between Continue and the save in the document-verification case (spec 001 §9). */
const DOCUMENT_SAVE_DELAY_MS = 20_000;

/**
 * How long the terms page waits after Continue before it saves (spec 001 §4.1): 20 s when the applicant's
 * identity went through document verification (the provider's result may still be on its way), else none.
 */
export function saveDelayMsOf(identity: IdentityStatus): number {
  return identity.startsWith('document') ? DOCUMENT_SAVE_DELAY_MS : 0;
}

/** One titled section of a terms text. */
export interface TermsSection {
  heading: string;
  paragraphs: readonly string[];
}

/** A terms text: its title and sections. */
export interface TermsDocument {
  title: string;
  sections: readonly TermsSection[];
}

/** What the placeholders of a terms text are filled with. */
interface TermsParams {
  institution: string;
  phone: string;
}

/** A terms text with `{institution}` and `{phone}` filled in. */
function fillTerms(doc: TermsDocument, params: TermsParams): TermsDocument {
  const fill = (text: string) =>
    text.replaceAll('{institution}', params.institution).replaceAll('{phone}', params.phone);
  return {
    title: fill(doc.title),
    sections: doc.sections.map((s) => ({ heading: fill(s.heading), paragraphs: s.paragraphs.map(fill) })),
  };
}

/** The terms text of a product mix, in a language, filled in. */
export function termsTextOf(mix: TermsMix, lang: Language, params: TermsParams): TermsDocument {
  return fillTerms(MIX_TERMS[lang][mix], params);
}

/** The membership terms (the downloadable PDF's text), in a language, filled in. */
export function membershipTermsOf(lang: Language, params: TermsParams): TermsDocument {
  return fillTerms(MEMBERSHIP_TERMS[lang], params);
}
