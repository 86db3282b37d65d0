// The practised applicant's time on the approved chequing path (Everyday Chequing, one applicant, approved),
// counted screen by screen, before and after the changes of decisions 0101-0104. The counting rule
// (decision 0103): 3 s to read each screen from the landing page to 'Review and accept the Terms and
// Conditions' (the welcome page, where the journey ends, is not counted), 1 s a tap, 0.35 s a keystroke,
// 5 s for the SMS to arrive. Two ways of counting the typing:
// - typed: every character typed (the sample applicant below);
// - autofill: where a field carries the right `autocomplete` token the browser fills it: focusing the
//   field and picking the suggestion are 2 taps instead of the keystrokes, and one pick fills every field of
//   the form that has a token (names, date of birth, phone); the SMS code offered by the keyboard
//   (one-time-code) is 1 tap; a new password is a suggested one only where the field states the rules a
//   password manager needs (passwordrules), else it is typed.
// Run: node bench/practised-path.mjs (prints the tables; asserts nothing).

/** What the sample applicant types: e-mail, password, names, day and year of birth, phone, code, address, amount, occupation. */
const TYPED = {
  email: 'alex.tremblay@example.com'.length,
  password: 'Passw0rd1'.length,
  firstName: 'Alex'.length,
  lastName: 'Tremblay'.length,
  day: '17'.length,
  year: '1996'.length,
  phone: '6135550123'.length,
  code: 6,
  address: '290 Bremner'.length,
  amount: '100'.length,
  occupation: 'nurse'.length,
};
const personal = TYPED.firstName + TYPED.lastName + TYPED.day + TYPED.year + TYPED.phone;

/**
 * One screen: the answers it asks, and the taps and keystrokes, typed and with autofill. `sms`: the
 * applicant waits for the text message on this screen.
 */
const row = (screen, answers, typed, autofill = typed, sms = false) => ({
  screen,
  answers,
  typed,
  autofill,
  sms,
});

/** The screens the practised path met the same before and after. */
const START = [
  row('Are you an existing member? (landing)', 1, { taps: 1, keys: 0 }),
  row("Let's get you started", 0, { taps: 1, keys: 0 }),
];
const FUNDING = [
  // Interac e-Transfer, the amount field, Continue.
  row('How would you like to fund your account?', 2, { taps: 3, keys: TYPED.amount }),
  row('Can we check your identity with a credit bureau?', 1, { taps: 2, keys: 0 }),
];
const END = [
  // 3 residency, politically exposed, employed (5), occupation (field + option), owner, personal, purpose
  // (open + pick), only institution, Continue.
  row('Review the legal terms', 10, { taps: 13, keys: TYPED.occupation }),
  row('Review your application', 1, { taps: 2, keys: 0 }),
  row('Review and accept the Terms and Conditions', 1, { taps: 2, keys: 0 }),
];

const BEFORE = [
  ...START,
  // E-mail field, password field, Continue; autofill: the e-mail picked (2 taps), the password typed.
  row(
    'Create your profile',
    2,
    { taps: 3, keys: TYPED.email + TYPED.password },
    { taps: 4, keys: TYPED.password },
  ),
  // First, last, month (open + pick), day, year, phone, Mobile, joint No, Continue; autofill: one pick fills
  // the names, date of birth and phone (every field has its token).
  row('Tell us about yourself', 8, { taps: 10, keys: personal }, { taps: 5, keys: 0 }),
  row('We need to verify your phone number', 1, { taps: 1, keys: 0 }, undefined, true),
  // The first box, the six digits (auto-submitted), Continue; autofill: the box, the keyboard's code, Continue.
  row('Verify your phone number', 1, { taps: 2, keys: TYPED.code }, { taps: 3, keys: 0 }),
  // The search box, the suggestion, Continue (mailing = home, ticked by default); the search box has no token.
  row('Where do you live?', 1, { taps: 3, keys: TYPED.address }),
  row('Confirm your application', 0, { taps: 1, keys: 0 }),
  ...FUNDING,
  // Eight scales (4 ways money comes in, 4 ways of depositing), Continue.
  row('Finalize your account', 8, { taps: 9, keys: 0 }),
  ...END,
];

const AFTER = [
  ...START,
  // Autofill: the e-mail picked (2 taps); the password field states its rules: the suggested one (2 taps).
  row('Create your profile', 2, { taps: 3, keys: TYPED.email + TYPED.password }, { taps: 5, keys: 0 }),
  // Its Continue sends the code by text to a mobile phone (decision 0102).
  row('Tell us about yourself', 8, { taps: 10, keys: personal }, { taps: 5, keys: 0 }, true),
  // The first box has focus: six digits, or the keyboard's code (1 tap); verified, the screen moves on.
  row('Verify your phone number', 1, { taps: 0, keys: TYPED.code }, { taps: 1, keys: 0 }),
  // Autofill: the search box, the browser's address (it searches), the suggestion, Continue.
  row('Where do you live?', 1, { taps: 3, keys: TYPED.address }, { taps: 4, keys: 0 }),
  // The product cards are on the funding screen; no Confirm screen without a choice (decision 0101).
  ...FUNDING,
  // Tick the ways used (pay, online), how often for each, Continue (decision 0104).
  row('Finalize your account', 8, { taps: 5, keys: 0 }),
  ...END,
];

const SECONDS = { read: 3, tap: 1, key: 0.35, sms: 5 };

function totals(rows, way) {
  const taps = rows.reduce((n, r) => n + r[way].taps, 0);
  const keys = rows.reduce((n, r) => n + r[way].keys, 0);
  const answers = rows.reduce((n, r) => n + r.answers, 0);
  const sms = rows.filter((r) => r.sms).length;
  const seconds = rows.length * SECONDS.read + taps * SECONDS.tap + keys * SECONDS.key + sms * SECONDS.sms;
  return { screens: rows.length, answers, taps, keys, seconds: Math.round(seconds * 100) / 100 };
}

function table(title, rows) {
  console.log(`\n${title}`);
  console.log('| Screen | Answers | Taps (typed) | Keys (typed) | Taps (autofill) | Keys (autofill) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.screen}${r.sms ? ' (+ SMS)' : ''} | ${r.answers} | ${r.typed.taps} | ${r.typed.keys} | ${r.autofill.taps} | ${r.autofill.keys} |`,
    );
  }
}

table('Before', BEFORE);
table('After', AFTER);
console.log('\n| Path | Screens | Answers | Taps | Keystrokes | Seconds |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, rows] of [
  ['Before', BEFORE],
  ['After', AFTER],
]) {
  for (const way of ['typed', 'autofill']) {
    const t = totals(rows, way);
    console.log(`| ${name}, ${way} | ${t.screens} | ${t.answers} | ${t.taps} | ${t.keys} | ${t.seconds} |`);
  }
}
