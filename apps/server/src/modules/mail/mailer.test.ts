import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApplicant } from '../../testing/applicant.ts';
import { renderInPersonIdEmail } from '../../testing/emails.ts';
import { buildTestApp, TEST_DATABASES } from '../../testing/test-app.ts';
import { createMailer } from './mailer.ts';
import { renderEmail } from './templates.ts';

const brand = {
  institutionName: 'omo Credit Union',
  contactPhone: '1-800-555-0111',
  onlineBankingUrl: 'https://online.omo.example',
  publicUrl: 'http://localhost:3000',
  eTransferEmail: 'deposits@omo.example',
};

/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps what it receives. */
async function startSmtp(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('sends through SMTP_URL a message with a plain-text and an HTML part', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'omo Credit Union <no-reply@omo.example>',
      outbox: { create: () => Promise.reject(new Error('not the outbox')) },
    });
    const email = renderEmail(
      'decisionMade',
      'en',
      { firstName: 'Ada', outcome: 'approved', memberNumber: '100123', refNo: 'OMOABCDEFGHP' },
      brand,
    );
    await mailer.send('ada@example.com', email);
    mailer.close();
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.from).toBe('no-reply@omo.example');
    expect(message!.to).toEqual(['ada@example.com']);
    expect(message!.raw).toMatch(/^Subject: Welcome to omo Credit Union$/m);
    expect(message!.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(message!.raw).toMatch(/Content-Type: text\/plain/);
    expect(message!.raw).toMatch(/Content-Type: text\/html/);
    expect(message!.raw).toContain('100123');
  });

  const inPerson = (language: 'en' | 'fr') => renderInPersonIdEmail(language, brand, PNG);

  it('sends the in-person ID barcode through SMTP as an image the HTML part shows (cid)', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'omo Credit Union <no-reply@omo.example>',
      outbox: { create: () => Promise.reject(new Error('not the outbox')) },
    });
    smtp.received.length = 0;
    await mailer.send('ada@example.com', inPerson('en'));
    mailer.close();
    const raw = smtp.received[0]!.raw;
    expect(raw).toMatch(/Content-Type: multipart\/related/);
    expect(raw).toMatch(/Content-Type: image\/png/);
    expect(raw).toMatch(/Content-ID: <barcode@omo>/);
    expect(raw).toMatch(/src=3D"cid:barcode@omo"|src="cid:barcode@omo"/);
  });

  it('keeps the barcode in the page of the outbox, which keeps no attachments', async () => {
    const kept: { html?: string | null; body: string }[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'omo Credit Union <no-reply@omo.example>',
      outbox: {
        create: (message) => {
          kept.push(message);
          return Promise.resolve({ ...message, id: '1', subject: null, html: null, sentAt: '' });
        },
      },
    });
    await mailer.send('ada@example.com', inPerson('fr'));
    mailer.close();
    expect(kept[0]!.html).toContain(`<img src="data:image/png;base64,${PNG}"`);
    expect(kept[0]!.html).toContain(
      'alt="Code à barres de votre demande de vérification d’identité, numéro DSS0001234"',
    );
    expect(kept[0]!.body).toContain('DSS0001234');
  });

  it('escapes what the applicant typed in the HTML part, and links the addresses', () => {
    const email = renderEmail(
      'existingMember',
      'fr',
      { firstName: '<b>Ada</b>', refNo: 'OMOABCDEFGHP' },
      brand,
    );
    expect(email.html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(email.html).not.toContain('<b>Ada');
    expect(email.html).toContain('<a href="https://online.omo.example">');
    expect(email.text).toContain('Bonjour <b>Ada</b>,');
    expect(email.subject).toBe('omo Credit Union : vous êtes déjà membre');
  });
});

describe.each(TEST_DATABASES)('e-mail of a late decision through SMTP on $name', (database) => {
  it('the applicant shown the processing page is e-mailed the outcome, in French, through the SMTP server', async () => {
    const smtp = await startSmtp();
    const t = await buildTestApp(database, {
      env: {
        SMTP_URL: smtp.url,
        DECISION_WAIT_SECONDS: '0.5',
        SANDBOX_SLOW_DECISION_SECONDS: '1',
        JOB_POLL_SECONDS: '0.5',
      },
    });
    try {
      const a = await new TestApplicant(t.app, { productIds: ['2001'], lastName: 'Slow' }).progress(
        'reviewConsent',
      );
      expect((await a.submit({ language: 'fr' })).json().showTimeoutScreen).toBe(true);
      const until = Date.now() + 30_000;
      while (smtp.received.length === 0 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(smtp.received.map((m) => m.to)).toEqual([[a.email]]);
      expect(smtp.received[0]!.raw).toMatch(/Bienvenue/);
      // Sent through SMTP, not written to the outbox.
      const outbox = (await t.app.inject('/api/dev/outbox')).json<{ channel: string }[]>();
      expect(outbox.filter((m) => m.channel === 'email')).toEqual([]);
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 120_000);
});
