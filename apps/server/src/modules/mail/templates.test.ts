import { describe, expect, it } from 'vitest';
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
  it.each(['en', 'fr'] as const)('invites the co-applicant with a working link in %s', (language) => {
    const email = renderEmail(
      'jointInvitation',
      language,
      { firstName: 'Grace', inviterFirstName: 'Ada <b>', link, expiresOn: 'December 1, 2026' },
      brand,
    );
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
    const reminder = renderEmail(
      'jointReminder',
      language,
      { firstName: 'Grace', inviterFirstName: 'Ada', link, expiresOn: '1 décembre 2026' },
      brand,
    );
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
