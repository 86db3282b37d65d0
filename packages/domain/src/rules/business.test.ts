import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  decideIdentityProviderShare,
  FHSA_DEFAULT_PURPOSE,
  generateReferenceCode,
  JOINT_SAVE_ROUTING,
  PURPOSE_CODES,
  purposeToUsageType,
  randomIndex,
  REFERENCE_CODE_PATTERN,
  rollPercent,
  routeJointSaveResponse,
  routeSingleSaveResponse,
  SINGLE_SAVE_ROUTING,
  USAGE_TYPES,
  type SaveResponseLike,
} from './business.ts';
import { errorRoute } from './error-routes.ts';
import { membershipResponseSchema } from '../schemas/entities.ts';

const bytesFrom = (values: readonly number[]) => {
  let i = 0;
  return (n: number): Uint8Array => Uint8Array.from({ length: n }, () => values[i++ % values.length]!);
};

describe('reference code (spec 000 §9)', () => {
  it('is the prefix, 8 uppercase letters or digits, then P or J', () => {
    const code = generateReferenceCode('OMO', 'P');
    expect(code).toMatch(/^OMO[A-Z0-9]{8}P$/);
    expect(generateReferenceCode('OMO', 'J')).toMatch(/^OMO[A-Z0-9]{8}J$/);
  });

  it('always matches REFERENCE_CODE_PATTERN with the requested suffix (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{0,6}$/),
        fc.constantFrom<'P' | 'J'>('P', 'J'),
        fc.uint8Array({ minLength: 16, maxLength: 64 }),
        (prefix, applicant, seed) => {
          const code = generateReferenceCode(prefix, applicant, bytesFrom([...seed, 0]));
          expect(code).toMatch(REFERENCE_CODE_PATTERN(prefix));
          expect(code.endsWith(applicant)).toBe(true);
          expect(code).toHaveLength(prefix.length + 9);
        },
      ),
    );
  });

  it('matches literally a prefix with regex characters', () => {
    expect(REFERENCE_CODE_PATTERN('A.B').test('AXB12345678P')).toBe(false);
    expect(REFERENCE_CODE_PATTERN('A.B').test('A.B12345678P')).toBe(true);
  });

  it('refuses lower case, other suffixes and wrong lengths', () => {
    const p = REFERENCE_CODE_PATTERN('OMO');
    expect(p.test('OMOabcdefghP')).toBe(false);
    expect(p.test('OMOABCDEFGHX')).toBe(false);
    expect(p.test('OMOABCDEFGP')).toBe(false);
    expect(p.test('OMOABCDEFGHIP')).toBe(false);
  });

  it('draws without modulo bias: bytes of the incomplete last block are drawn again', () => {
    // 36 symbols: 252 = 7 × 36 is the limit, so 252..255 are rejected and the next byte is used.
    expect(randomIndex(36, bytesFrom([255, 253, 252, 37]))).toBe(1);
    expect(randomIndex(100, bytesFrom([200, 250, 199]))).toBe(99);
  });

  it('refuses a source that never yields a usable byte instead of hanging', () => {
    expect(() => randomIndex(36, bytesFrom([255]))).toThrow();
  });

  it('reaches every symbol of the alphabet', () => {
    const seen = new Set<string>();
    for (let k = 0; k < 36; k++) seen.add(generateReferenceCode('', 'P', bytesFrom([k]))[0]!);
    expect([...seen].join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
  });
});

describe('identity-provider share (spec 000 §9)', () => {
  it('rolls an integer 0..99', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 32 }), (seed) => {
        const r = rollPercent(bytesFrom([...seed, 0]));
        expect(Number.isInteger(r) && r >= 0 && r <= 99).toBe(true);
      }),
    );
    const r = rollPercent();
    expect(r).toBeGreaterThanOrEqual(0);
    expect(r).toBeLessThanOrEqual(99);
  });

  const base = { forceTuTest: false, isProduction: true };

  it('uses the provider when the roll is at the percentage (boundary)', () => {
    expect(decideIdentityProviderShare({ ...base, roll: 30, percentage: 30 })).toBe(true);
  });

  it('uses the provider below the percentage and not above it', () => {
    expect(decideIdentityProviderShare({ ...base, roll: 29, percentage: 30 })).toBe(true);
    expect(decideIdentityProviderShare({ ...base, roll: 31, percentage: 30 })).toBe(false);
  });

  it('always uses it at 100 and, taken literally, only for roll 0 at 0', () => {
    expect(decideIdentityProviderShare({ ...base, roll: 99, percentage: 100 })).toBe(true);
    expect(decideIdentityProviderShare({ ...base, roll: 0, percentage: 0 })).toBe(true);
    expect(decideIdentityProviderShare({ ...base, roll: 1, percentage: 0 })).toBe(false);
  });

  it("keeps a person's earlier draw, whatever the roll", () => {
    expect(decideIdentityProviderShare({ ...base, roll: 99, percentage: 100, earlierDraw: false })).toBe(
      false,
    );
    expect(decideIdentityProviderShare({ ...base, roll: 99, percentage: 0, earlierDraw: true })).toBe(true);
  });

  it('forcetutest=true turns it off on non-production hosts only', () => {
    expect(
      decideIdentityProviderShare({ roll: 0, percentage: 100, forceTuTest: true, isProduction: false }),
    ).toBe(false);
    expect(
      decideIdentityProviderShare({ roll: 0, percentage: 100, forceTuTest: true, isProduction: true }),
    ).toBe(true);
    expect(
      decideIdentityProviderShare({ roll: 0, percentage: 100, forceTuTest: false, isProduction: false }),
    ).toBe(true);
  });
});

/** The save response's screen flags (each routes on its own). */
const SCREEN_FLAGS = Object.keys(membershipResponseSchema.shape).filter((key) => key.startsWith('show'));
const flagsAll = (value: boolean) => Object.fromEntries(SCREEN_FLAGS.map((flag) => [flag, value]));
const none: SaveResponseLike = { primaryCustNo: null, jointCustNo: null, ...flagsAll(false) };
const all: SaveResponseLike = { primaryCustNo: 'M100', jointCustNo: 'M101', ...flagsAll(true) };

describe('single save routing (spec 001 §4.2, priority order)', () => {
  const rows: [string, SaveResponseLike, string][] = [
    ['generic error', { showGenericErrorScreen: true }, '/error/1'],
    ['age error', { showAgeErrorScreen: true }, '/error/4'],
    ['block-list error', { showBlockListErrorScreen: true }, '/error/2'],
    ['Canada Post screen', { showCanadaPostScreen: true }, '/single/verifyidentification'],
    ['primary complete', { showPrimaryCompleteScreen: true }, '/single/confirmcoapplicantapplication'],
    ['primary customer number present', { primaryCustNo: 'M100' }, '/single/confirmapplication'],
    ['custom error', { showCustomErrorScreen: true }, '/error/6'],
    ['timeout', { showTimeoutScreen: true }, '/single/processingapplication'],
    ['savings account offer', { showSavingsAccountOfferScreen: true }, '/single/savingsaccountoffer'],
    ['decline (ours)', { showDeclineScreen: true }, '/single/applicationdecline'],
  ];

  it.each(rows)('%s alone → %s', (_name, flags, route) => {
    expect(routeSingleSaveResponse({ ...none, ...flags })).toBe(route);
  });

  it('otherwise → /error/1; a failed save (no response) → /error/1', () => {
    expect(routeSingleSaveResponse(none)).toBe('/error/1');
    expect(routeSingleSaveResponse({})).toBe('/error/1');
    expect(routeSingleSaveResponse(null)).toBe('/error/1');
    expect(routeSingleSaveResponse(undefined)).toBe('/error/1');
  });

  it('each row beats every later row', () => {
    for (let i = 0; i < rows.length; i++) {
      const later = Object.assign({}, none, ...rows.slice(i).map((r) => r[1])) as SaveResponseLike;
      expect(routeSingleSaveResponse(later)).toBe(rows[i]![2]);
    }
  });

  it('generic error beats everything', () => {
    expect(routeSingleSaveResponse(all)).toBe('/error/1');
  });

  it('an empty or blank customer number is not present', () => {
    expect(routeSingleSaveResponse({ ...none, primaryCustNo: '', showTimeoutScreen: true })).toBe(
      '/single/processingapplication',
    );
    expect(routeSingleSaveResponse({ ...none, primaryCustNo: '  ' })).toBe('/error/1');
  });

  it('the table is data in the spec order', () => {
    expect(SINGLE_SAVE_ROUTING.map((r) => r.route)).toEqual([...rows.map((r) => r[2]), '/error/1']);
  });
});

describe('joint save routing (spec 001 §4.3, priority order)', () => {
  const rows: [string, SaveResponseLike, string][] = [
    ['generic error', { showGenericErrorScreen: true }, '/error/1'],
    ['age error', { showAgeErrorScreen: true }, '/error/4'],
    ['block-list', { showBlockListErrorScreen: true }, '/error/2'],
    ['Canada Post needed', { showCanadaPostScreen: true }, '/joint/verifyidentification'],
    ['primary complete', { showPrimaryCompleteScreen: true }, '/single/confirmcoapplicantapplication'],
    ['joint complete', { showJointCompleteScreen: true }, '/joint/jointcomplete'],
    ['member number present', { jointCustNo: 'M101' }, '/joint/confirmapplication'],
    ['timeout', { showTimeoutScreen: true }, '/joint/processingapplication'],
    ['savings offer', { showSavingsAccountOfferScreen: true }, '/joint/savingsaccountoffer'],
    ['decline (ours)', { showDeclineScreen: true }, '/joint/applicationdecline'],
  ];

  it.each(rows)('%s alone → %s', (_name, flags, route) => {
    expect(routeJointSaveResponse({ ...none, ...flags })).toBe(route);
  });

  it('each row beats every later row', () => {
    for (let i = 0; i < rows.length; i++) {
      const later = Object.assign({}, none, ...rows.slice(i).map((r) => r[1])) as SaveResponseLike;
      expect(routeJointSaveResponse(later)).toBe(rows[i]![2]);
    }
  });

  it('joint complete beats a member number; generic error beats everything', () => {
    expect(routeJointSaveResponse({ ...none, showJointCompleteScreen: true, jointCustNo: 'M1' })).toBe(
      '/joint/jointcomplete',
    );
    expect(routeJointSaveResponse(all)).toBe('/error/1');
  });

  it('the primary customer number also counts as the member number', () => {
    expect(routeJointSaveResponse({ ...none, primaryCustNo: 'M100' })).toBe('/joint/confirmapplication');
  });

  it('has no custom-error row: custom error alone → /error/1', () => {
    expect(routeJointSaveResponse({ ...none, showCustomErrorScreen: true })).toBe('/error/1');
  });

  it('otherwise and on a failed save → /error/1', () => {
    expect(routeJointSaveResponse(none)).toBe('/error/1');
    expect(routeJointSaveResponse(null)).toBe('/error/1');
  });

  it('the table is data in the spec order', () => {
    expect(JOINT_SAVE_ROUTING.map((r) => r.route)).toEqual([...rows.map((r) => r[2]), '/error/1']);
  });
});

describe('error routes (spec 001 §2.11)', () => {
  it('builds /error/{errId} and bare /error', () => {
    expect(errorRoute(3)).toBe('/error/3');
    expect(errorRoute()).toBe('/error');
  });
});

describe('usage types and purpose codes (spec 000 §3, spec 001 §3)', () => {
  it('maps purpose codes 1..9 to the usage types in order', () => {
    expect(PURPOSE_CODES.map((p) => p.code)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    PURPOSE_CODES.forEach((p, i) => expect(purposeToUsageType(p.code)).toBe(USAGE_TYPES[i]));
    expect(purposeToUsageType('1')).toBe('PayrollandorLivingExpenses');
    expect(purposeToUsageType('6')).toBe('SavingsHomeAssetPurchase');
    expect(purposeToUsageType('9')).toBe('Other');
  });

  it('has no usage type for an unknown code', () => {
    expect(purposeToUsageType('0')).toBeUndefined();
    expect(purposeToUsageType('10')).toBeUndefined();
  });

  it('keeps the spec labels of the purpose codes', () => {
    expect(PURPOSE_CODES.map((p) => p.labelEn)).toEqual([
      'Payroll and/or Living Expenses',
      'Pension',
      'Recreation/Entertainment',
      'Savings - Education',
      'Savings - Retirement',
      'Savings - Home/Asset Purchase',
      'Savings - Travel',
      'Home Improvements',
      'Other',
    ]);
  });

  it("FHSA defaults to purpose '6' (Savings - Home/Asset Purchase)", () => {
    expect(FHSA_DEFAULT_PURPOSE).toBe('6');
    expect(purposeToUsageType(FHSA_DEFAULT_PURPOSE)).toBe('SavingsHomeAssetPurchase');
  });
});
