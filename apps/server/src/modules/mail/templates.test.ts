import { describe, expect, it } from 'vitest';
import { renderInPersonIdEmail } from '../../testing/emails.ts';
import { renderEmail } from './templates.ts';

const brand = {
  institutionName: 'omo Credit Union',
  contactPhone: '1-800-555-0111',
  onlineBankingUrl: 'https://banking.example',
  publicUrl: 'https://apply.example',
  eTransferEmail: 'deposits@omo.example',
};
const link = 'https://apply.example/joint/getstarted?jointCode=abc_DEF-123';

describe('the joint e-mails', () => {
  /** The invitation or its reminder to Grace, from `inviterFirstName`, with the link until `expiresOn`. */
  const toGrace = (
    template: 'jointInvitation' | 'jointReminder',
    language: 'en' | 'fr',
    inviterFirstName: string,
    expiresOn: string,
  ) => renderEmail(template, language, { firstName: 'Grace', inviterFirstName, link, expiresOn }, brand);

  it.each(['en', 'fr'] as const)('invites the co-applicant with a working link in %s', (language) => {
    const email = toGrace('jointInvitation', language, 'Ada <b>', 'December 1, 2026');
    expect(email.text).toContain(link);
    expect(email.html).toContain(`<a href="${link}">`);
    // Names are escaped in the HTML part.
    expect(email.html).toContain('Ada &lt;b&gt;');
    expect(email.subject).toContain(language === 'fr' ? 'adhésion conjointe' : 'joint membership');
    // Signed by the team, in French with the typographic apostrophe and the elided 'de'.
    expect(email.text.trimEnd()).toMatch(
      language === 'fr' ? /\n\nL’équipe d’omo Credit Union$/ : /\n\nThe omo Credit Union team$/,
    );
  });

  it.each(['en', 'fr'] as const)('reminds, and offers the primary to go on alone, in %s', (language) => {
    const reminder = toGrace('jointReminder', language, 'Ada', '1 décembre 2026');
    expect(reminder.text).toContain(link);
    const single = 'https://apply.example/single/applyassingle?code=xyz&ApplicantType=primary';
    const ended = renderEmail(
      'jointExpired',
      language,
      { firstName: 'Ada', link: single, refNo: 'OMOX' },
      brand,
    );
    expect(ended.text).toContain(single);
    expect(ended.text).toContain('OMOX');
  });

  it.each(['en', 'fr'] as const)(
    "tells the primary how the joint round ended, never the co-applicant's reason, in %s",
    (language) => {
      const single = 'https://apply.example/single/applyassingle?code=xyz&ApplicantType=primary';
      const render = (next: 'applyAlone' | 'inPerson' | 'review', withLink: string | null) =>
        renderEmail(
          'jointRoundEnded',
          language,
          { firstName: 'Ada', refNo: 'OMOX', next, link: withLink },
          brand,
        );
      const alone = render('applyAlone', single);
      expect(alone.text).toContain(single);
      expect(alone.html).toContain(`<a href="https://apply.example/single/applyassingle?code=xyz`);
      for (const email of [alone, render('inPerson', null), render('review', null)]) {
        expect(email.text).toContain('OMOX');
        expect(email.text).not.toMatch(/block|âge|age limit|bloqu|existing member|déjà membre/i);
      }
      expect(render('review', null).text).not.toContain('applyassingle');
    },
  );

  it.each([
    ['en', 'Your code is 042517.'],
    ['fr', 'Votre code est 042517.'],
  ] as const)("e-mails the co-applicant's code to the invited address in %s", (language, text) => {
    const email = renderEmail(
      'jointEmailCode',
      language,
      { firstName: 'Sam', code: '042517', minutes: 10 },
      brand,
    );
    expect(email.text).toContain(text);
    expect(email.text).toContain('10 minutes');
  });
});

describe('the welcome e-mail', () => {
  const funding = [
    { product: 'Everyday Chequing Account', method: 'eTransfer' as const, amount: '$150.00' },
    { product: 'Tax-Free Savings Account (TFSA)', method: 'branch' as const, amount: '$500.00' },
    { product: 'Goal Saver Account', method: 'later' as const, amount: null },
  ];
  const welcome = (language: 'en' | 'fr') =>
    renderEmail(
      'decisionMade',
      language,
      { firstName: 'Ada', outcome: 'approved', memberNumber: '100234', refNo: 'OMOX', funding },
      brand,
    );

  it('says how to fund each account: the e-Transfer to the deposit address with the member number', () => {
    const { text } = welcome('en');
    expect(text).toContain(
      'To fund your Everyday Chequing Account, send an Interac e-Transfer of $150.00 to deposits@omo.example, with your member number, 100234, as its message.',
    );
    expect(text).toContain(
      'To fund your Tax-Free Savings Account (TFSA), bring a cheque or cash of $500.00 to any of our branches, with your member number.',
    );
    expect(text).toContain('Fund your Goal Saver Account when you are ready');
  });

  it('in French too', () => {
    expect(welcome('fr').text).toContain(
      'envoyez un virement Interac de $150.00 à deposits@omo.example, avec votre numéro de membre, 100234, comme message.',
    );
  });

  it('without funding (the co-applicant), says nothing of it', () => {
    const { text } = renderEmail(
      'decisionMade',
      'en',
      { firstName: 'Grace', outcome: 'approved', memberNumber: '100235', refNo: 'OMOX' },
      brand,
    );
    expect(text).not.toContain('Interac');
  });
});

describe('the in-person ID e-mail', () => {
  const PNG = 'iVBORw0KGgo=';
  const render = (language: 'en' | 'fr', withBarcode = true) =>
    renderInPersonIdEmail(language, brand, withBarcode ? PNG : undefined);

  it.each([
    ['en', 'by December 27, 2026', 'Your reference number is OMOABCDEFGHP.', 'Request number: DSS0001234.'],
    [
      'fr',
      'au plus tard le 27 décembre 2026',
      'Votre numéro de référence est le OMOABCDEFGHP.',
      'Numéro de la demande : DSS0001234.',
    ],
  ] as const)('carries the last day, the reference and the barcode in %s', (language, by, ref, number) => {
    const email = render(language);
    expect(email.text).toContain(by);
    expect(email.text).toContain(ref);
    expect(email.text).toContain(number);
    // What to bring, both ways.
    expect(email.text).toMatch(
      language === 'fr' ? /passeport.*preuve d’adresse/s : /passport.*proof of address/s,
    );
    // The barcode is an image attached by its content id, shown where the HTML part names it.
    expect(email.attachments).toEqual([
      { filename: 'DSS0001234.png', contentType: 'image/png', content: PNG, cid: 'barcode@omo' },
    ]);
    expect(email.html).toMatch(/<img src="cid:barcode@omo" alt="[^"]*DSS0001234"/);
    expect(email.html.indexOf('cid:barcode@omo')).toBeGreaterThan(email.html.indexOf('DSS0001234.'));
  });

  it('without the barcode (the post office could not be asked), says whom to call for it', () => {
    const email = render('en', false);
    expect(email.attachments).toBeUndefined();
    expect(email.html).not.toContain('<img');
    expect(email.text).toContain('Your reference number is OMOABCDEFGHP.');
    expect(email.text).toContain('call us at 1-800-555-0111: we will give you the barcode of your request');
  });
});

describe('the decline e-mail', () => {
  it.each(['declined', 'blocked', 'ageRefused'] as const)(
    'gives the reference and the way on in a branch (%s), without "Please"',
    (outcome) => {
      for (const language of ['en', 'fr'] as const) {
        const { text } = renderEmail(
          'decisionMade',
          language,
          { firstName: 'Ada', outcome, memberNumber: null, refNo: 'OMOABCDEFGHP' },
          brand,
        );
        expect(text).toContain(
          language === 'fr'
            ? 'Votre numéro de référence est le OMOABCDEFGHP.'
            : 'Your reference number is OMOABCDEFGHP.',
        );
        expect(text).toMatch(language === 'fr' ? /en succursale/ : /in a branch/);
        expect(text).not.toMatch(/Please|Veuillez/);
      }
    },
  );
});

describe('the welcome e-mail', () => {
  it.each(['en', 'fr'] as const)('carries the member number and how to sign in, in %s', (language) => {
    const { text } = renderEmail(
      'decisionMade',
      language,
      { firstName: 'Ada', outcome: 'approved', memberNumber: '100234', refNo: 'OMOX' },
      brand,
    );
    expect(text).toContain('100234');
    expect(text).toContain('https://banking.example');
  });
});
