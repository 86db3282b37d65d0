/** Text rules: password, e-mail, storable text, names and address text. */

// ---------------------------------------------------------------------------------------------------------
// Password and e-mail
// ---------------------------------------------------------------------------------------------------------

/** Live checklist of the password rules (spec 000 §2 createprofile). */
export interface PasswordChecklist {
  lowerCase: boolean;
  upperCase: boolean;
  number: boolean;
  /** 8 to 12 characters. */
  length: boolean;
  /** None of < > , / */
  noSymbols: boolean;
}

const PASSWORD_FORBIDDEN = /[<>,/]/;

/**
 * The password rules as password managers read them (the `passwordrules` attribute), so that the strong
 * password they suggest is one these rules accept: 8 to 12 characters, a lower-case and an upper-case
 * letter and a digit, symbols other than < > , /.
 */
export const PASSWORD_MANAGER_RULES =
  'minlength: 8; maxlength: 12; required: lower; required: upper; required: digit; allowed: [-_.!?@#$%^&*+=~];';
// C0 controls (NUL, tab, line feeds...), DEL and C1 controls: nothing a person types into a password.
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * The password checklist: lower case, upper case, a digit, 8..12 characters, none of < > , /.
 * @param pw the password as typed
 */
export function passwordChecklist(pw: string): PasswordChecklist {
  return {
    lowerCase: /\p{Ll}/u.test(pw),
    upperCase: /\p{Lu}/u.test(pw),
    number: /[0-9]/.test(pw),
    length: pw.length >= 8 && pw.length <= 12,
    noSymbols: !PASSWORD_FORBIDDEN.test(pw),
  };
}

/**
 * True when a password can be accepted character by character: storable text without control characters
 * (which only a paste or a script can put there, and which sign-in forms elsewhere would not take).
 */
export function hasOnlyPasswordCharacters(pw: string): boolean {
  return isStorableText(pw) && !CONTROL_CHARACTER.test(pw);
}

/**
 * True when the password has a digit, a lower-case and an upper-case letter and none of < > , /
 * (the 'Password must match criteria' rule; the length has its own messages).
 */
export function passwordMatchesCriteria(pw: string): boolean {
  const c = passwordChecklist(pw);
  return c.lowerCase && c.upperCase && c.number && c.noSymbols;
}

// A standard address: the HTML living-standard local part, dot-separated host labels and a 2+ letter TLD.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/**
 * True when `email` is a valid e-mail address (a standard pattern, at most 254 characters).
 * @param email trimmed address
 */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/** Case-insensitive, trimmed comparison of two e-mail addresses (joint e-mail must differ from primary). */
export function isSameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

// ---------------------------------------------------------------------------------------------------------
// Storable text
// ---------------------------------------------------------------------------------------------------------

// A UTF-16 surrogate without its other half: not a character, and no UTF-8 text can hold it.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when text can be stored and passed on as it is: no NUL character (PostgreSQL text refuses it) and no
 * unpaired surrogate (it is not a character; PostgreSQL's JSON refuses it and UTF-8 cannot carry it).
 * @example isStorableText('Montréal 🍁') === true; isStorableText('a\u0000b') === false
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

// ---------------------------------------------------------------------------------------------------------
// Names and address text
// ---------------------------------------------------------------------------------------------------------

// Letters of any script (accented letters included, with combining marks), digits, space, apostrophes
// (straight and typographic), hyphen, period.
const NAME_PATTERN = /^[\p{L}\p{M}0-9 '’.-]+$/u;

/**
 * Normalises a name as on blur: trims both ends and collapses runs of white space into one space.
 * @example trimName('  Jean   Luc ') === 'Jean Luc'
 */
export function trimName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * True when `name` uses only letters (accented included), digits, space, apostrophe, hyphen and period, and
 * is not only spaces. Also the rule of street and city names ("general name/address text").
 */
export function isValidNameText(name: string): boolean {
  return name.trim().length > 0 && NAME_PATTERN.test(name);
}

const STREET_NUMBER_PATTERN = /^[A-Za-z0-9 #._-]+$/;

/** True when a street number uses only letters, digits, space, #, period, underscore, hyphen (not blank). */
export function isValidStreetNumber(value: string): boolean {
  return value.trim().length > 0 && STREET_NUMBER_PATTERN.test(value);
}

/** True when a unit number is empty (optional) or uses the street-number characters. */
export function isValidUnitNumber(value: string): boolean {
  return value.trim().length === 0 || STREET_NUMBER_PATTERN.test(value);
}

/** True when a street name follows the general name/address text rule. */
export function isValidStreetName(value: string): boolean {
  return isValidNameText(value);
}

/** True when a city name follows the general name/address text rule. */
export function isValidCityName(value: string): boolean {
  return isValidNameText(value);
}

/** The parts of an autocomplete street line. */
interface StreetLineParts {
  unitNumber: string;
  streetNumber: string;
  streetName: string;
}

/**
 * Splits an address-lookup street line: the first token is the number; when it contains a hyphen, the part
 * before is the unit and the part after the street number ('5-123 Main St' → unit 5, number 123, street
 * 'Main St'). A first token without any digit is not a number: the whole line is then the street name.
 */
export function splitStreetLine(line: string): StreetLineParts {
  const trimmed = line.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return { unitNumber: '', streetNumber: '', streetName: '' };
  const space = trimmed.indexOf(' ');
  const first = space === -1 ? trimmed : trimmed.slice(0, space);
  const rest = space === -1 ? '' : trimmed.slice(space + 1);
  if (!/[0-9]/.test(first)) return { unitNumber: '', streetNumber: '', streetName: trimmed };
  const hyphen = first.indexOf('-');
  if (hyphen > 0 && hyphen < first.length - 1) {
    return { unitNumber: first.slice(0, hyphen), streetNumber: first.slice(hyphen + 1), streetName: rest };
  }
  return { unitNumber: '', streetNumber: first, streetName: rest };
}
