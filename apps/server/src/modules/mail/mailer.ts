/**
 * Sends e-mail through nodemailer: to the SMTP server of SMTP_URL when configured, otherwise into the
 * outbox (the sandbox), where people and tests read it back. Both paths build the message with nodemailer,
 * so what lands in the outbox is what SMTP would have carried. Talking to the SMTP server is bounded by the
 * partner timeout (a stalled server fails the job, which retries later). SMTP has no idempotency key; each
 * e-mail's Message-ID is made from its delivery key, so a retry after a send whose answer was lost carries
 * the same Message-ID, which mail systems use to drop the duplicate.
 */
import { createHash } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { OutboxRepository } from '../outbox/repository.ts';
import type { EmailAttachment, RenderedEmail } from './templates.ts';

/** An e-mail's attachments as nodemailer takes them: an image with a cid is shown inline. */
const attachmentsOf = (email: RenderedEmail) =>
  (email.attachments ?? []).map((a: EmailAttachment) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: a.content,
    encoding: 'base64',
    cid: a.cid,
  }));

/**
 * The HTML part as the outbox keeps it: it keeps no attachments, so an inline image (cid:) is written into
 * the page itself (a data: address), where people reading the outbox see it.
 */
function withInlineImages(html: string, attachments: readonly EmailAttachment[] = []): string {
  return attachments.reduce(
    (page, a) => page.split(`cid:${a.cid}`).join(`data:${a.contentType};base64,${a.content}`),
    html,
  );
}

export interface Mailer {
  readonly name: 'smtp' | 'outbox';
  /** @param key the delivery's key: one Message-ID per e-mail, however often it is sent */
  send(to: string, email: RenderedEmail, key?: string): Promise<void>;
  close(): void;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outbox: Pick<OutboxRepository, 'create'>;
  /** Connection, greeting and socket timeout of the SMTP server (default 5 s). */
  timeoutMs?: number;
}): Mailer {
  const { smtpUrl, from, outbox } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'omo.invalid';
  const messageIdOf = (key: string | undefined) =>
    key ? { messageId: `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>` } : {};
  // nodemailer is loaded with the first e-mail sent: a start does not need it.
  let transport: Transporter | undefined;
  const transportOf = async () => {
    if (!transport) {
      const { default: nodemailer } = await import('nodemailer');
      transport ??= smtpUrl
        ? nodemailer.createTransport({
            url: smtpUrl,
            connectionTimeout: timeoutMs,
            greetingTimeout: timeoutMs,
            socketTimeout: timeoutMs,
          })
        : nodemailer.createTransport({ jsonTransport: true });
    }
    return transport;
  };
  if (smtpUrl) {
    return {
      name: 'smtp',
      async send(to, email, key) {
        const smtp = await transportOf();
        await smtp.sendMail({
          from,
          to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          attachments: attachmentsOf(email),
          ...messageIdOf(key),
        });
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
        html: withInlineImages(message.html, email.attachments),
      });
    },
    close: () => transport?.close(),
  };
}
