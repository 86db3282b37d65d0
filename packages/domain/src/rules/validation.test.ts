import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApplicationFlags } from './application-flags.types.ts';
import {
  ageInYears,
  ageOfMajorityFor,
  checkAgeLimits,
  checkSweepAmount,
  computeDepositPercentages,
  daysInMonth,
  formatPhoneMask,
  formatSin,
  groupPercentages,
  isValidCityName,
  isValidDate,
  isValidEmail,
  isStorableText,
  hasOnlyPasswordCharacters,
  isValidNameText,
  isValidOtherTin,
  isValidPhone,
  isValidPostalCode,
  isValidSin,
  isValidStreetName,
  isValidStreetNumber,
  isValidUnitNumber,
  isValidUsTin,
  lastFourDigits,
  maskSin,
  normalizeBirthDate,
  normalizePostalCode,
  OPTION_MAX,
  passesSinChecksum,
  PASSWORD_MANAGER_RULES,
  passwordChecklist,
  PAYOUT_OPTION_MAX,
  phoneDigits,
  POSITION_OPTION_MAX,
  postalCodeMatchesProvince,
  splitPhoneForPayload,
  splitStreetLine,
  trimName,
  truncateOption,
} from './validation.ts';

type AgeFlags = Pick<ApplicationFlags, 'mStudent' | 'mSenior' | 'mRRSP' | 'mFHSA'>;
const NONE: AgeFlags = { mStudent: false, mSenior: false, mRRSP: false, mFHSA: false };
const TODAY = new Date(2025, 5, 15); // 15 June 2025

describe('isStorableText', () => {
  it('accepts any text made of whole characters', () => {
    for (const ok of ['', 'Montréal', "O'Neil-Côté", '🍁 Canada', '\t\n', '<b>x</b>']) {
      expect(isStorableText(ok), JSON.stringify(ok)).toBe(true);
    }
  });
  it('refuses a NUL and an unpaired surrogate anywhere', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\uD800', 'a\uDBFFb', '\uDC00', 'a\uDFFF', '\uDE00\uD83D']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });
  it('is true exactly when the text can be encoded as UTF-8 and holds no NUL', () => {
    // encodeURIComponent encodes to UTF-8 and throws on an unpaired surrogate.
    const encodable = (s: string) => {
      try {
        encodeURIComponent(s);
        return true;
      } catch {
        return false;
      }
    };
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const survives = encodable(s);
        expect(isStorableText(s)).toBe(survives && !s.includes('\u0000'));
      }),
    );
  });
});

describe('hasOnlyPasswordCharacters', () => {
  it('refuses control characters (C0, DEL, C1) and broken characters', () => {
    for (const bad of ['Ab1\u0000', 'Ab1\u0001', 'Ab1\t', 'Ab1\r', 'Ab1\u007f', 'Ab1\u009f', 'Ab1\uD800']) {
      expect(hasOnlyPasswordCharacters(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(hasOnlyPasswordCharacters('Ab1 éÉ!?🍁')).toBe(true);
  });
});

describe('passwordChecklist', () => {
  it('checks lower case, upper case, number, 8..12 length and none of < > , /', () => {
    expect(passwordChecklist('Abcdef12')).toEqual({
      lowerCase: true,
      upperCase: true,
      number: true,
      length: true,
      noSymbols: true,
    });
    expect(passwordChecklist('ABCDEF12').lowerCase).toBe(false);
    expect(passwordChecklist('abcdef12').upperCase).toBe(false);
    expect(passwordChecklist('Abcdefgh').number).toBe(false);
    expect(passwordChecklist('Abcde12').length).toBe(false);
    expect(passwordChecklist('Abcdefgh1234').length).toBe(true);
    expect(passwordChecklist('Abcdefgh12345').length).toBe(false);
    for (const symbol of ['<', '>', ',', '/'])
      expect(passwordChecklist(`Abcdef1${symbol}`).noSymbols).toBe(false);
    expect(passwordChecklist('Abcdef1!').noSymbols).toBe(true);
  });

  it('tells password managers the same rules, so that their suggested password is accepted', () => {
    expect(PASSWORD_MANAGER_RULES).toContain('minlength: 8;');
    expect(PASSWORD_MANAGER_RULES).toContain('maxlength: 12;');
    for (const kind of ['lower', 'upper', 'digit'])
      expect(PASSWORD_MANAGER_RULES).toContain(`required: ${kind};`);
    const allowed = /allowed: \[(.*)\];/.exec(PASSWORD_MANAGER_RULES)?.[1] ?? '';
    expect(allowed).not.toMatch(/[<>,/]/);
    expect(passwordChecklist(`Abcdef1${allowed.slice(0, 5)}`)).toMatchObject({
      length: true,
      noSymbols: true,
    });
  });
});

describe('e-mail', () => {
  it.each(['jane@example.com', 'jean.luc+omo@caisse.qc.ca', "o'neil@mail.co"])('accepts %s', (e) =>
    expect(isValidEmail(e)).toBe(true),
  );
  it.each(['', 'jane', 'jane@', '@example.com', 'jane@example', 'ja ne@example.com', 'jane@example.c'])(
    'refuses %s',
    (e) => expect(isValidEmail(e)).toBe(false),
  );
});

describe('names', () => {
  it('trims and collapses spaces (trimmed on blur)', () => {
    expect(trimName('  Jean   Luc  ')).toBe('Jean Luc');
  });
  it.each(["O'Brien", 'Jean-Luc', 'Zoë', 'Éloïse Côté', 'St. John', 'Henry 8th', 'D’Arcy'])(
    'accepts %s',
    (n) => expect(isValidNameText(n)).toBe(true),
  );
  it.each(['   ', '', 'Jane!', 'J@ne', 'Jane_Doe', 'Jane#'])('refuses %j', (n) =>
    expect(isValidNameText(n)).toBe(false),
  );
});

describe('address text', () => {
  it('street and unit numbers allow letters, digits, space, #, period, underscore, hyphen', () => {
    for (const ok of ['123', '12B', '#4', '1_2', '10-A', '4.5', '12 B']) {
      expect(isValidStreetNumber(ok)).toBe(true);
      expect(isValidUnitNumber(ok)).toBe(true);
    }
    for (const bad of ['12/3', '12,', '"1"', "1'"]) {
      expect(isValidStreetNumber(bad)).toBe(false);
      expect(isValidUnitNumber(bad)).toBe(false);
    }
    expect(isValidStreetNumber('  ')).toBe(false);
    expect(isValidUnitNumber('')).toBe(true);
  });
  it('street and city names follow the name rule', () => {
    expect(isValidStreetName("Chemin de l'Église")).toBe(true);
    expect(isValidCityName('Saint-Jean-sur-Richelieu')).toBe(true);
    expect(isValidCityName('   ')).toBe(false);
    expect(isValidStreetName('Main St #4')).toBe(false);
  });
  it('splits an autocomplete street line: first token number, hyphen = unit-number', () => {
    expect(splitStreetLine('5-123 Main St')).toEqual({
      unitNumber: '5',
      streetNumber: '123',
      streetName: 'Main St',
    });
    expect(splitStreetLine('290 Bremner Blvd')).toEqual({
      unitNumber: '',
      streetNumber: '290',
      streetName: 'Bremner Blvd',
    });
    expect(splitStreetLine('  12A  Rue   Principale ')).toEqual({
      unitNumber: '',
      streetNumber: '12A',
      streetName: 'Rue Principale',
    });
    expect(splitStreetLine('Main St')).toEqual({ unitNumber: '', streetNumber: '', streetName: 'Main St' });
    expect(splitStreetLine('')).toEqual({ unitNumber: '', streetNumber: '', streetName: '' });
  });
});

describe('dates', () => {
  it('refuses years under 1900 or after the current year, month 0 or over 12, days past the month', () => {
    expect(isValidDate('01', '15', '1899', TODAY)).toBe(false);
    expect(isValidDate('01', '15', '1900', TODAY)).toBe(true);
    expect(isValidDate('01', '15', '2025', TODAY)).toBe(true);
    expect(isValidDate('01', '15', '2026', TODAY)).toBe(false);
    expect(isValidDate('00', '15', '1990', TODAY)).toBe(false);
    expect(isValidDate('13', '15', '1990', TODAY)).toBe(false);
    expect(isValidDate('04', '31', '1990', TODAY)).toBe(false);
    expect(isValidDate('02', '29', '2000', TODAY)).toBe(true);
    expect(isValidDate('02', '29', '1900', TODAY)).toBe(false);
    expect(isValidDate('02', '29', '1996', TODAY)).toBe(true);
    expect(isValidDate('02', '29', '1995', TODAY)).toBe(false);
    expect(isValidDate('1a', '1', '1990', TODAY)).toBe(false);
    expect(isValidDate('1', '0', '1990', TODAY)).toBe(false);
  });

  it('property: days in month and validity agree with the JavaScript Date (leap years)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2025 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const probe = new Date(y, m - 1, d);
          const real = probe.getFullYear() === y && probe.getMonth() === m - 1 && probe.getDate() === d;
          expect(isValidDate(m, d, y, new Date(2025, 11, 31))).toBe(real);
          expect(daysInMonth(m, y)).toBe(new Date(y, m, 0).getDate());
        },
      ),
    );
  });

  it('normalises the birth date: zero-padded day, February day over 29 becomes 29', () => {
    expect(normalizeBirthDate({ dob_year: '1990', dob_month: '03', dob_day: '7' })).toBe('1990-03-07');
    expect(normalizeBirthDate({ dob_year: '1990', dob_month: '03', dob_day: '17' })).toBe('1990-03-17');
    expect(normalizeBirthDate({ dob_year: '1990', dob_month: '02', dob_day: '31' })).toBe('1990-02-29');
    expect(normalizeBirthDate({ dob_year: 1990, dob_month: 2, dob_day: 30 })).toBe('1990-02-29');
    expect(normalizeBirthDate({ dob_year: '1990', dob_month: '02', dob_day: '09' })).toBe('1990-02-09');
  });

  it('computes ages with 365.25-day years', () => {
    expect(ageInYears('2007-06-15', TODAY)).toBe(18);
    expect(ageInYears('2007-06-16', TODAY)).toBe(17);
    expect(ageInYears('1990-01-01', TODAY)).toBe(35);
    expect(ageInYears(new Date(2000, 0, 1), new Date(2000, 0, 1))).toBe(0);
    expect(Number.isNaN(ageInYears('not a date', TODAY))).toBe(true);
  });
});

describe('age limits', () => {
  const student: AgeFlags = { ...NONE, mStudent: true };
  const senior: AgeFlags = { ...NONE, mSenior: true };
  const rrsp: AgeFlags = { ...NONE, mRRSP: true };
  const fhsa: AgeFlags = { ...NONE, mFHSA: true };

  it('student: 18 to 25 inclusive', () => {
    expect(checkAgeLimits(student, '2007-06-14', TODAY)).toBeNull(); // 18
    expect(checkAgeLimits(student, '2007-06-20', TODAY)).toEqual({ key: 'age.student', field: 'dob_day' }); // 17
    expect(checkAgeLimits(student, '1999-06-16', TODAY)).toBeNull(); // 25, a day before 26
    expect(checkAgeLimits(student, '1999-06-01', TODAY)).toEqual({ key: 'age.student', field: 'dob_day' }); // 26
  });
  it('senior: at least 60', () => {
    expect(checkAgeLimits(senior, '1965-06-01', TODAY)).toBeNull();
    expect(checkAgeLimits(senior, '1965-07-01', TODAY)).toEqual({ key: 'age.senior', field: 'dob_day' });
  });
  it('RRSP and FHSA: whole-year age 71 passes, over 71 fails', () => {
    expect(checkAgeLimits(rrsp, '1954-06-01', TODAY)).toBeNull(); // 71
    expect(checkAgeLimits(rrsp, '1953-06-01', TODAY)).toEqual({ key: 'age.rrsp', field: 'dob_day' }); // 72
    expect(checkAgeLimits(fhsa, '1954-06-01', TODAY)).toBeNull();
    expect(checkAgeLimits(fhsa, '1953-06-01', TODAY)).toEqual({ key: 'age.fhsa', field: 'dob_day' });
  });
  it('any product: over 110 fails, under the year field', () => {
    expect(checkAgeLimits(NONE, '1915-06-01', TODAY)).toBeNull(); // 110
    expect(checkAgeLimits(NONE, '1914-06-01', TODAY)).toEqual({ key: 'age.max', field: 'dob_year' }); // 111
    expect(checkAgeLimits(senior, '1900-01-01', TODAY)?.key).toBe('age.max');
  });
  it('every product: the provincial age of majority (18, or 19 in BC NB NL NS NT NU YT)', () => {
    expect(ageOfMajorityFor('ON')).toBe(18);
    expect(ageOfMajorityFor('qc')).toBe(18);
    for (const p of ['BC', 'NB', 'NL', 'NS', 'NT', 'NU', 'YT']) expect(ageOfMajorityFor(p)).toBe(19);
    expect(ageOfMajorityFor(undefined)).toBe(18);
    const eighteen = '2007-01-01';
    expect(checkAgeLimits(NONE, eighteen, TODAY)).toBeNull();
    expect(checkAgeLimits(NONE, eighteen, TODAY, 'ON')).toBeNull();
    expect(checkAgeLimits(NONE, eighteen, TODAY, 'BC')).toEqual({ key: 'age.majority', field: 'dob_day' });
    expect(checkAgeLimits(NONE, '2010-01-01', TODAY)).toEqual({ key: 'age.majority', field: 'dob_day' });
    expect(checkAgeLimits(rrsp, '2010-01-01', TODAY)?.key).toBe('age.majority');
  });
});

/** A 9-digit string with a valid Luhn (weights 1 2 1 2 …) check digit, from 8 leading digits. */
function withCheckDigit(first8: string): string {
  for (let c = 0; c <= 9; c++) if (passesSinChecksum(first8 + String(c))) return first8 + String(c);
  throw new Error('unreachable');
}
const eightDigits = (firstDigits: string) =>
  fc
    .tuple(
      fc.constantFrom(...firstDigits.split('')),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }),
    )
    .map(([first, rest]) => first + rest.join(''));

describe('SIN', () => {
  it('accepts the known test SIN 130 692 544 in any usual format', () => {
    for (const s of ['130692544', '130 692 544', '130-692-544'])
      expect(isValidSin(s, { isTfsaOrFhsa: false })).toBe(true);
    expect(isValidSin('130692544', { isTfsaOrFhsa: true })).toBe(true);
  });
  it('refuses 046 454 286 (valid Luhn but a leading 0 is a CRA tax number)', () => {
    expect(passesSinChecksum('046454286')).toBe(true);
    expect(isValidSin('046454286', { isTfsaOrFhsa: false })).toBe(false);
  });
  it('refuses a leading 8, and a leading 9 only for TFSA/FHSA', () => {
    const eight = withCheckDigit('81234567');
    const nine = withCheckDigit('91234567');
    expect(isValidSin(eight, { isTfsaOrFhsa: false })).toBe(false);
    expect(isValidSin(nine, { isTfsaOrFhsa: false })).toBe(true);
    expect(isValidSin(nine, { isTfsaOrFhsa: true })).toBe(false);
  });
  it('refuses wrong lengths, letters and all zeros', () => {
    for (const s of ['', '13069254', '1306925440', '13069254a', '000000000']) {
      expect(isValidSin(s, { isTfsaOrFhsa: false })).toBe(false);
    }
  });
  it('property: generated valid SINs pass; changing any one digit makes them fail', () => {
    fc.assert(
      fc.property(
        eightDigits('1234567'),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (first8, pos, delta) => {
          const sin = withCheckDigit(first8);
          expect(isValidSin(sin, { isTfsaOrFhsa: true })).toBe(true);
          const mutated = sin.slice(0, pos) + String((Number(sin[pos]) + delta) % 10) + sin.slice(pos + 1);
          expect(passesSinChecksum(mutated)).toBe(false);
          expect(isValidSin(mutated, { isTfsaOrFhsa: false })).toBe(false);
        },
      ),
    );
  });
  it('formats and masks (last three digits in clear)', () => {
    expect(formatSin('130692544')).toBe('130-692-544');
    expect(formatSin('12')).toBe('12');
    expect(maskSin('130 692 544')).toBe('***-***-544');
  });
});

describe('TINs', () => {
  it('US TIN format ###-##-####', () => {
    expect(isValidUsTin('123-45-6789')).toBe(true);
    for (const t of ['123456789', '123-456-789', '12-345-6789', 'abc-de-fghi', ''])
      expect(isValidUsTin(t)).toBe(false);
  });
  it('other-country TIN: not blank, at most 30, letters digits space hyphen', () => {
    expect(isValidOtherTin('DE 123-456 AB')).toBe(true);
    expect(isValidOtherTin('A'.repeat(30))).toBe(true);
    expect(isValidOtherTin('A'.repeat(31))).toBe(false);
    expect(isValidOtherTin('   ')).toBe(false);
    expect(isValidOtherTin('12/34')).toBe(false);
  });
});

const POSTAL_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ'; // no D F I O Q U
const FIRST_LETTERS = 'ABCEGHJKLMNPRSTVXY'; // nor W Z first
const digit = fc.integer({ min: 0, max: 9 }).map(String);
const validPostal = fc
  .tuple(
    fc.constantFrom(...FIRST_LETTERS),
    digit,
    fc.constantFrom(...POSTAL_LETTERS),
    fc.constantFrom('', ' '),
    digit,
    fc.constantFrom(...POSTAL_LETTERS),
    digit,
    fc.boolean(),
  )
  .map(([a, b, c, sp, d, e, f, lower]) => {
    const code = `${a}${b}${c}${sp}${d}${e}${f}`;
    return lower ? code.toLowerCase() : code;
  });

describe('postal codes', () => {
  it('accepts A1A 1A1 with or without one space, any case', () => {
    for (const p of ['M5V 3L9', 'M5V3L9', 'k1a 0a9', 'H0H 0H0']) expect(isValidPostalCode(p)).toBe(true);
    for (const p of [
      'M5V  3L9',
      'M5V-3L9',
      'M5V 3L',
      '12345',
      'W1A 1A1',
      'Z1A 1A1',
      'D1A 1A1',
      'M5D 3L9',
      'M5V 3O9',
      '',
    ]) {
      expect(isValidPostalCode(p)).toBe(false);
    }
  });
  it('property: generated postal codes are valid and normalise to A1A 1A1', () => {
    fc.assert(
      fc.property(validPostal, (p) => {
        expect(isValidPostalCode(p)).toBe(true);
        expect(normalizePostalCode(p)).toMatch(/^[A-Z][0-9][A-Z] [0-9][A-Z][0-9]$/);
      }),
    );
  });
  it('property: a forbidden letter anywhere, or W/Z first, is refused', () => {
    fc.assert(
      fc.property(
        validPostal,
        fc.constantFrom('D', 'F', 'I', 'O', 'Q', 'U'),
        fc.constantFrom(0, 2, 4),
        (p, bad, pos) => {
          const compact = p.replace(' ', '').toUpperCase();
          expect(isValidPostalCode(compact.slice(0, pos) + bad + compact.slice(pos + 1))).toBe(false);
        },
      ),
    );
    fc.assert(
      fc.property(validPostal, fc.constantFrom('W', 'Z'), (p, bad) => {
        expect(isValidPostalCode(bad + p.slice(1))).toBe(false);
      }),
    );
  });
  it('normalises to upper case with one space', () => {
    expect(normalizePostalCode(' m5v3l9 ')).toBe('M5V 3L9');
    expect(normalizePostalCode('bad')).toBe('BAD');
  });
  it('checks the postal code against the province (X by FSA)', () => {
    expect(postalCodeMatchesProvince('M5V 3L9', 'ON')).toBe(true);
    expect(postalCodeMatchesProvince('M5V 3L9', 'QC')).toBe(false);
    expect(postalCodeMatchesProvince('H2X 1Y4', 'qc')).toBe(true);
    expect(postalCodeMatchesProvince('X0A 0H0', 'NU')).toBe(true);
    expect(postalCodeMatchesProvince('X0A 0H0', 'NT')).toBe(false);
    expect(postalCodeMatchesProvince('X1A 2P7', 'NT')).toBe(true);
    expect(postalCodeMatchesProvince('Y1A 1A1', 'YT')).toBe(true);
    expect(postalCodeMatchesProvince('nope', 'ON')).toBe(false);
  });
});

describe('phone', () => {
  it('masks progressively as (000) 000-0000', () => {
    expect(formatPhoneMask('')).toBe('');
    expect(formatPhoneMask('5')).toBe('(5');
    expect(formatPhoneMask('514')).toBe('(514');
    expect(formatPhoneMask('5145')).toBe('(514) 5');
    expect(formatPhoneMask('514555')).toBe('(514) 555');
    expect(formatPhoneMask('5145550')).toBe('(514) 555-0');
    expect(formatPhoneMask('5145550100')).toBe('(514) 555-0100');
    expect(formatPhoneMask('514-555-0100 ext 9')).toBe('(514) 555-0100');
    expect(formatPhoneMask('+1 514 555 0100')).toBe('(514) 555-0100');
  });
  it('validates 10 digits with an area code not starting with 0 or 1', () => {
    expect(isValidPhone('(514) 555-0100')).toBe(true);
    expect(isValidPhone('(014) 555-0100')).toBe(false);
    expect(isValidPhone('(114) 555-0100')).toBe(false);
    expect(isValidPhone('(514) 555-010')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
  it('splits for the payload by phone type: digits only, first 3 the area code', () => {
    expect(phoneDigits('(514) 555-0100')).toBe('5145550100');
    expect(splitPhoneForPayload('(514) 555-0100', 'mobile')).toEqual({
      mobileArea: '514',
      mobilePhone: '5550100',
    });
    expect(splitPhoneForPayload('(416) 555-0199', 'home')).toEqual({ homeArea: '416', homePhone: '5550199' });
    expect(lastFourDigits('(514) 555-0100')).toBe('0100');
  });
});

describe('sweep amounts', () => {
  it('required, up to two decimals, minimum 2', () => {
    expect(checkSweepAmount('')).toBe('sweep.required');
    expect(checkSweepAmount('  ')).toBe('sweep.required');
    expect(checkSweepAmount('abc')).toBe('sweep.decimals');
    expect(checkSweepAmount('10.123')).toBe('sweep.decimals');
    expect(checkSweepAmount('-5')).toBe('sweep.decimals');
    expect(checkSweepAmount('1')).toBe('sweep.min');
    expect(checkSweepAmount('1.99')).toBe('sweep.min');
    expect(checkSweepAmount('2')).toBeNull();
    expect(checkSweepAmount('2.5')).toBeNull();
    expect(checkSweepAmount('1000.25')).toBeNull();
  });
});

describe('deposit percentages', () => {
  it('splits each group by answer weight and gives the rounding leftover to the last non-zero source', () => {
    expect(
      computeDepositPercentages({
        creditSources: { cash: 1, cheque: 1, payroll: 1, eft: 0 },
        depositSources: { branch: 3, atm: 0, wires: 0, eft: 0 },
      }),
    ).toEqual({
      cashPrct: 33,
      chequePrct: 33,
      payrollPrct: 34,
      eftPrct: 0,
      branchPrct: 100,
      atmPrct: 0,
      wiresPrct: 0,
      depositEftPrct: 0,
    });
    // 1,1,1,3 of 6: 17+17+17+50 = 101 → the last non-zero (eft) loses 1.
    expect(groupPercentages([1, 1, 1, 3])).toEqual([17, 17, 17, 49]);
    expect(groupPercentages([0, 0, 0, 0])).toEqual([0, 0, 0, 0]);
  });
  it('treats rows missing from the short form as 0', () => {
    expect(
      computeDepositPercentages({ creditSources: { cheque: 2, eft: 2 }, depositSources: { wires: 1 } }),
    ).toMatchObject({
      cashPrct: 0,
      chequePrct: 50,
      eftPrct: 50,
      wiresPrct: 100,
      branchPrct: 0,
    });
  });
  it('property: each group totals 100 when any answer is non-zero, values ≥ 0, leftovers on the last non-zero', () => {
    const answer = fc.integer({ min: 0, max: 3 });
    fc.assert(
      fc.property(fc.array(answer, { minLength: 4, maxLength: 4 }), (answers) => {
        const shares = groupPercentages(answers);
        const total = answers.reduce((a, b) => a + b, 0);
        const sum = shares.reduce((a, b) => a + b, 0);
        expect(sum).toBe(total === 0 ? 0 : 100);
        shares.forEach((s, i) => {
          expect(s).toBeGreaterThanOrEqual(0);
          if (answers[i] === 0) expect(s).toBe(0);
        });
        if (total > 0) {
          const last = answers.findLastIndex((a) => a > 0);
          shares.forEach((s, i) => {
            if (i !== last) expect(s).toBe(Math.round(((answers[i] ?? 0) / total) * 100));
          });
        }
      }),
    );
  });
});

describe('truncateOption', () => {
  it('truncates to 24 characters with an ellipsis by default', () => {
    expect(truncateOption('Short')).toBe('Short');
    expect(truncateOption('x'.repeat(OPTION_MAX))).toBe('x'.repeat(24));
    expect(truncateOption('12 Months 3.25% interest paid annually')).toBe('12 Months 3.25% interest…');
    expect(truncateOption('y'.repeat(40), PAYOUT_OPTION_MAX)).toBe(`${'y'.repeat(28)}…`);
    expect(truncateOption('z'.repeat(40), POSITION_OPTION_MAX)).toBe(`${'z'.repeat(38)}…`);
  });
});
