/**
 * Sends e-mail through nodemailer: to the SMTP server of SMTP_URL when configured, otherwise into the
 * outbox (the sandbox), where people and tests read it back. Both paths build the message with nodemailer,
 * so what lands in the outbox is what SMTP would have carried.
 */
import type { Transporter } from 'nodemailer';
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
  // nodemailer is loaded with the first e-mail sent: a start does not need it.
  let transport: Transporter | undefined;
  const transportOf = async () => {
    if (!transport) {
      const { default: nodemailer } = await import('nodemailer');
      transport ??= smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ jsonTransport: true });
    }
    return transport;
  };
  if (smtpUrl) {
    return {
      name: 'smtp',
      async send(to, email) {
        const smtp = await transportOf();
        await smtp.sendMail({ from, to, subject: email.subject, text: email.text, html: email.html });
      },
      close: () => transport?.close(),
    };
  }
  return {
    name: 'outbox',
    async send(to, email) {
      const json = await transportOf();
      const info = await json.sendMail({
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
    close: () => transport?.close(),
  };
}
