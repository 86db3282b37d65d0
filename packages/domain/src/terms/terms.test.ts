import { describe, expect, it } from 'vitest';
import { deriveApplicationFlags } from '../rules/application-flags.ts';
import { sampleChequing, sampleGic } from '../schemas/entities.fixtures.ts';
import {
  membershipTermsOf,
  saveDelayMsOf,
  requiresFhsaDeclaration,
  TERMS_MIXES,
  termsMixOf,
  termsTextOf,
  type TermsMix,
} from './terms.ts';

const none = { mRRSP: false, mTFSA: false, mFHSA: false, mTerm: false };

describe('the terms text of a product mix (spec 001 §2.5)', () => {
  it.each<[string, Partial<typeof none>, TermsMix]>([
    ['chequing, savings or US dollar only', {}, 'base'],
    ['a term deposit (GIC)', { mTerm: true }, 'gic'],
    ['an RRSP', { mRRSP: true }, 'rrsp'],
    ['a TFSA', { mTFSA: true }, 'tfsa'],
    ['an FHSA', { mFHSA: true }, 'fhsa'],
    ['a TFSA GIC (a plan holding a term deposit)', { mTFSA: true, mTerm: true }, 'registered'],
    ['an RRSP GIC', { mRRSP: true, mTerm: true }, 'registered'],
    ['an FHSA with a GIC', { mFHSA: true, mTerm: true }, 'registered'],
    ['a TFSA and an RRSP', { mTFSA: true, mRRSP: true }, 'registered'],
    ['every registered plan and a GIC', { mTFSA: true, mRRSP: true, mFHSA: true, mTerm: true }, 'registered'],
  ])('%s → %s', (_what, flags, mix) => {
    expect(termsMixOf({ ...none, ...flags })).toBe(mix);
  });

  it('reads the flags of real catalogue products', () => {
    expect(termsMixOf(deriveApplicationFlags([sampleChequing]))).toBe('base');
    expect(termsMixOf(deriveApplicationFlags([sampleGic]))).toBe('gic');
    expect(termsMixOf(deriveApplicationFlags([sampleChequing, sampleGic]))).toBe('gic');
  });

  it('asks the FHSA declaration only when an FHSA is among the products', () => {
    expect(requiresFhsaDeclaration({ mFHSA: true })).toBe(true);
    expect(requiresFhsaDeclaration({ mFHSA: false })).toBe(false);
  });

  it.each(TERMS_MIXES)('%s has a text in English and in French, filled in', (mix) => {
    const params = { institution: 'omo Credit Union', phone: '1-800-555-0199' };
    const english = termsTextOf(mix, 'en', params);
    const french = termsTextOf(mix, 'fr', params);
    for (const doc of [english, french]) {
      expect(doc.sections.length).toBeGreaterThan(2);
      const text = JSON.stringify(doc);
      expect(text).not.toMatch(/\{institution\}|\{phone\}/);
      expect(text).toContain('omo Credit Union');
    }
    expect(french.title).not.toBe(english.title);
    expect(JSON.stringify(french)).not.toContain("'");
  });

  it('has membership terms in both languages', () => {
    const params = { institution: 'omo Credit Union', phone: '1-800-555-0199' };
    expect(membershipTermsOf('en', params).title).toBe('omo Credit Union Membership Terms and Conditions');
    expect(membershipTermsOf('fr', params).title).toBe('Conditions d’adhésion à omo Credit Union');
  });
});

describe('the save delay of the document-verification case (spec 001 §4.1)', () => {
  it.each([
    ['documentPending', 20_000],
    ['documentApproved', 20_000],
    ['documentDeclined', 20_000],
    ['documentExpired', 20_000],
    ['passed', 0],
    ['skipped', 0],
    ['denied', 0],
  ] as const)('%s waits %i ms', (status, ms) => {
    expect(saveDelayMsOf(status)).toBe(ms);
  });
});
