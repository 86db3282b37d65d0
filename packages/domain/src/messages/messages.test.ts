import { describe, expect, it } from 'vitest';
import { formatMessage, isMessageKey, MESSAGES_EN, MESSAGES_FR, type MessageKey } from './messages.ts';

const PHONE = '1-800-555-0100';

describe('message catalogues', () => {
  it('English and French have exactly the same keys', () => {
    expect(Object.keys(MESSAGES_FR).sort()).toEqual(Object.keys(MESSAGES_EN).sort());
  });

  it('every French text is translated (not the English text) and writes the apostrophe as ’', () => {
    const keys = Object.keys(MESSAGES_EN) as MessageKey[];
    expect(keys.filter((key) => MESSAGES_FR[key] === MESSAGES_EN[key])).toEqual([]);
    expect(keys.filter((key) => MESSAGES_FR[key].includes("'"))).toEqual([]);
    // One word for a mobile phone, as in the interface: 'cellulaire'.
    expect(keys.filter((key) => /\bmobile\b/i.test(MESSAGES_FR[key]))).toEqual([]);
    // And 'durée' for the length of a deposit, never 'terme'.
    expect(keys.filter((key) => /\btermes?\b/i.test(MESSAGES_FR[key]))).toEqual([]);
  });

  it('writes "member" in lower case, as every other text of omo does', () => {
    const keys = Object.keys(MESSAGES_EN) as MessageKey[];
    expect(keys.filter((key) => /\bMember\b/.test(MESSAGES_EN[key]))).toEqual([]);
  });

  it('every French text is non-empty and keeps the placeholders of the English text', () => {
    for (const key of Object.keys(MESSAGES_EN) as MessageKey[]) {
      expect(MESSAGES_FR[key].trim()).not.toBe('');
      const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(placeholders(MESSAGES_FR[key]), key).toEqual(placeholders(MESSAGES_EN[key]));
    }
  });

  it.each<[MessageKey, string]>([
    [
      'age.student',
      `You must be between 18 and 25 to open a Student Chequing Account... Please call us at ${PHONE} to discuss other options.`,
    ],
    [
      'address.country.notCanada',
      `You must be a resident of Canada to become a member online. Please call us at ${PHONE} to find out what other options are available for you.`,
    ],
    ['age.max', `You are unable to open a membership. Please call us at ${PHONE}.`],
  ])('fills {phone} in %s', (key, text) => {
    expect(formatMessage(key, 'en', { phone: PHONE })).toBe(text);
  });

  it('writes no stray "..." and no "Please" where the spec does not give the wording', () => {
    // The spec's own wording, kept as it is.
    const SPEC_WORDING: MessageKey[] = [
      'emailCode.invalid',
      'resumeCode.invalid',
      'phone.verify.invalidCode',
      'name.first.invalid',
      'name.last.invalid',
      'name.invalid',
      'dob.day.invalid',
      'dob.year.invalid',
      'dob.invalid',
      'date.invalid',
      'age.student',
      'age.max',
      'phone.required',
      'sweep.required',
      'sweep.min',
      'sweep.decimals',
      'address.streetNumber.invalid',
      'address.unitNumber.invalid',
      'address.streetName.invalid',
      'address.city.invalid',
      'address.country.notCanada',
      'usage.atLeastOne',
    ];
    const keys = (Object.keys(MESSAGES_EN) as MessageKey[]).filter((key) => !SPEC_WORDING.includes(key));
    expect(keys.filter((key) => /\.\.\.|\bplease\b/i.test(MESSAGES_EN[key]))).toEqual([]);
    // French: no '...' anywhere, and 'Veuillez' only where it translates the spec's 'Please'.
    const all = Object.keys(MESSAGES_FR) as MessageKey[];
    expect(all.filter((key) => MESSAGES_FR[key].includes('...'))).toEqual([]);
    expect(keys.filter((key) => /\bveuillez\b/i.test(MESSAGES_FR[key]))).toEqual([]);
  });

  it('the age limits say what to do', () => {
    expect(formatMessage('age.majority', 'en', { phone: PHONE })).toBe(
      `You must have reached the age of majority in your province or territory of residence to become a member online. Call us at ${PHONE} to discuss other options.`,
    );
    expect(formatMessage('age.senior', 'fr', { phone: PHONE })).toBe(
      `Vous devez avoir 60 ans ou plus pour ouvrir un compte Aînés. Appelez-nous au ${PHONE} pour discuter d’autres options.`,
    );
  });

  it('keeps the spec typo of the sweep minimum', () => {
    expect(formatMessage('sweep.min', 'en')).toBe('Please enter an amount great than $1.');
  });

  it('returns an unknown key unchanged', () => {
    expect(formatMessage('no.such.key', 'en')).toBe('no.such.key');
    expect(formatMessage('Free text', 'fr')).toBe('Free text');
  });

  it('leaves a missing parameter as {name}', () => {
    expect(formatMessage('age.student', 'en')).toContain('{phone}');
    expect(formatMessage('api.nullParameter', 'en', { name: 'prodCodes' })).toBe(
      "The parameter 'prodCodes' cannot be null.",
    );
    expect(formatMessage('api.nullParameter', 'en')).toBe("The parameter '{name}' cannot be null.");
  });

  it('translates into French', () => {
    expect(formatMessage('email.required', 'fr')).toBe('Entrez votre adresse courriel');
    expect(formatMessage('address.country.notCanada', 'fr', { phone: PHONE })).toContain(PHONE);
  });

  it('isMessageKey tells keys from other strings', () => {
    expect(isMessageKey('sin.invalid')).toBe(true);
    expect(isMessageKey('Enter a valid SIN')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey(42)).toBe(false);
  });

  // Spec 000 §8 and 001 §8 messages that are not field messages.
  it.each<[MessageKey, string]>([
    ['phone.verify.sendFailed', 'Something went wrong when sending the verification code'],
    ['phone.verify.invalidCode', 'Invalid code, please try again'],
    ['phone.verify.success', 'Your mobile phone has been successfully verified!'],
    ['phone.verify.sent', 'Code sent to phone number ending in'],
    ['error.internalServer', 'Internal Server Error'],
    ['error.unexpectedServer', 'An unexpected server error occurred.'],
    ['error.notFound', 'Not Found'],
    ['error.unexpectedApplication', 'Unexpected Application Error!'],
    ['error.productsLoad', 'Error loading products'],
    ['address.selection.required', 'You must select an address from the list of options'],
    ['legal.occupation.prompt', 'Search for your occupation'],
  ])('spec error text %s', (key, text) => {
    expect(formatMessage(key, 'en', { phone: PHONE })).toBe(text);
  });
});
