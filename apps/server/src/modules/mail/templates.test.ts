import { describe, expect, it } from 'vitest';
import { renderEmail } from './templates.ts';

const brand = {
  institutionName: 'omo Credit Union',
  contactPhone: '1-800-555-0111',
  onlineBankingUrl: 'https://banking.example',
  publicUrl: 'https://apply.example',
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
    expect(email.html).toContain('Ada &#60;b&#62;');
    expect(email.subject).toContain(language === 'fr' ? 'adhésion conjointe' : 'joint membership');
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
