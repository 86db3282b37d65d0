/**
 * Sends e-mail through nodemailer: to the SMTP server of SMTP_URL when configured, otherwise into the
 * outbox (the sandbox), where people and tests read it back. Both paths build the message with nodemailer,
 * so what lands in the outbox is what SMTP would have carried.
 */
import nodemailer from 'nodemailer';
import type { OutboxRepository } from '../outbox/repository.ts';
import type { RenderedEmail } from './templates.ts';

export interface Mailer {
  readonly name: 'smtp' | 'outbox';
  send(to: string, email: RenderedEmail): Promise<void>;
  close(): void;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outbox: Pick<OutboxRepository, 'create'>;
}): Mailer {
  const { smtpUrl, from, outbox } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      name: 'smtp',
      async send(to, email) {
        await transport.sendMail({ from, to, subject: email.subject, text: email.text, html: email.html });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    name: 'outbox',
    async send(to, email) {
      const info = await transport.sendMail({
        from,
        to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
      const message = JSON.parse(String(info.message)) as { subject: string; text: string; html: string };
      await outbox.create({
        channel: 'email',
        to,
        subject: message.subject,
        body: message.text,
        html: message.html,
      });
    },
    close: () => transport.close(),
  };
}
