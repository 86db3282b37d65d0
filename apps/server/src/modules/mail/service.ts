/**
 * E-mail deliveries: an e-mail is recorded once per key (email_deliveries) in the transaction that makes
 * it due, with the job that sends it; the job renders it in the applicant's language and sends it, then
 * marks it sent. A repeated job finds it sent and does nothing; a job whose process died before marking
 * sends again (at least once to SMTP; the key keeps it to one delivery record). Once sent, its parameters
 * (names, numbers, a link's code) are cleared: the record keeps only who was sent what, and when.
 */
import type { Language } from '@omo/domain';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { failureKind } from '../../lib/dependency-status.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { createOutboxRepository } from '../outbox/repository.ts';
import { inPersonInstructionsOf } from '../in-person-id/service.ts';
import { createMailer, type Mailer } from './mailer.ts';
import {
  renderEmail,
  type Brand,
  type InPersonInstructions,
  type TemplateName,
  type TemplateParams,
} from './templates.ts';

const EMAIL_QUEUE = 'email.send';

export interface EmailRequest<N extends TemplateName> {
  /** Unique per e-mail: the same key is one delivery, however often it is asked for. */
  key: string;
  applicantId: string | null;
  to: string;
  template: N;
  language: Language;
  params: TemplateParams[N];
}

/** The addressee of an e-mail to an applicant at their own address, in their language unless told. */
export function toApplicant(
  applicant: { id: string; email: string; language: Language },
  language: Language = applicant.language,
): Pick<EmailRequest<TemplateName>, 'applicantId' | 'to' | 'language'> {
  return { applicantId: applicant.id, to: applicant.email, language };
}

export interface MailService {
  readonly transport: Mailer['name'];
  /** Records an e-mail and queues its sending, in the caller's transaction. */
  queue<N extends TemplateName>(trx: Database, request: EmailRequest<N>): Promise<void>;
  /** Sends one recorded e-mail unless it was sent (the job's handler). */
  deliver(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

export function createMailService(deps: {
  db: Database;
  jobs: Jobs;
  mailer: Mailer;
  brand: Brand;
  log?: FastifyBaseLogger;
  /** The in-person ID e-mail's barcode, number and last day (the post-office request, made once). */
  inPersonInstructions?: (applicantId: string) => Promise<InPersonInstructions | null>;
}): MailService {
  const { db, jobs, mailer, brand, log } = deps;
  return {
    transport: mailer.name,
    async queue(trx, request) {
      const inserted = await trx
        .insertInto('email_deliveries')
        .values({
          key: request.key,
          applicant_id: request.applicantId,
          to_address: request.to,
          template: request.template,
          language: request.language,
          params: JSON.stringify(request.params),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      if (inserted) await jobs.send(EMAIL_QUEUE, { key: request.key }, { trx, singletonKey: request.key });
    },
    async deliver(key) {
      const row = await db
        .selectFrom('email_deliveries')
        .selectAll()
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row || row.sent_at !== null) return;
      let params = (typeof row.params === 'string' ? JSON.parse(row.params) : row.params) as never;
      const decided = params as Partial<TemplateParams['decisionMade']>;
      if (row.template === 'decisionMade' && decided.outcome === 'inPerson' && row.applicant_id) {
        // The barcode is made when the e-mail goes, never kept with it; without it, the e-mail says whom to call.
        const inPerson = await deps.inPersonInstructions?.(row.applicant_id).catch((error: unknown) => {
          log?.warn({ err: error }, 'the in-person ID e-mail goes without its barcode');
          return null;
        });
        if (inPerson) params = { ...decided, inPerson } as never;
      }
      const email = renderEmail(row.template as TemplateName, row.language, params, brand);
      try {
        await mailer.send(row.to_address, email, key);
      } catch (error) {
        // The job tries again later (backoff); each failed try is one warn line, without the address.
        log?.warn(
          { partner: 'mail', provider: mailer.name, operation: 'send', kind: failureKind(error) },
          'partner call failed',
        );
        throw error;
      }
      await db
        .updateTable('email_deliveries')
        .set({ sent_at: new Date(), params: '{}' })
        .where('key', '=', key)
        .execute();
    },
  };
}

/** Decorates the app with the mail service and works the sending queue. */
export const mailServicePlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const mailer = app.metrics.countEmails(
      createMailer({
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        outbox: createOutboxRepository(app.db),
        timeoutMs: config.partnerTimeoutMs,
      }),
    );
    const service = createMailService({
      db: app.db,
      jobs: app.jobs,
      mailer,
      log: app.log,
      brand: {
        institutionName: config.institutionName,
        contactPhone: config.contactPhone,
        onlineBankingUrl: config.onlineBankingUrl,
        publicUrl: config.publicUrl,
        eTransferEmail: config.eTransferEmail,
      },
      inPersonInstructions: (applicantId) =>
        inPersonInstructionsOf(app.db, app.providers.inPersonId, applicantId),
    });
    await app.jobs.define({ name: EMAIL_QUEUE, retryLimit: 8, retryBackoff: true });
    await app.jobs.work<{ key: string }>(EMAIL_QUEUE, ({ key }) => service.deliver(key));
    app.decorate('mail', service);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', dependencies: ['database', 'jobs', 'metrics', 'providers'] },
);
