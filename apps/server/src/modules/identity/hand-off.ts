/**
 * The ID photos on the phone (decision 0088). On the photo step a desktop applicant asks for a link: a
 * `phoneHandOff` token (256 random bits, bound to the applicant, single use, HAND_OFF_MINUTES), drawn as a
 * QR code (an SVG made here) and sent by SMS to the verified phone within the hourly send ceilings of
 * phone verification. Opening it on the phone spends it and starts a capture-only session: a
 * `phoneCapture` token in a cookie of its own, working until the link's end or until the photos are in,
 * accepted by the capture calls only (every other call reads the applicant's session cookie, which the
 * phone does not have). A new link ends the older link and session. The desktop polls the status: the
 * server says where the hand-off is and which photos it holds, and when the step is done.
 */
import {
  HAND_OFF_GONE_TITLES,
  HAND_OFF_MINUTES,
  HAND_OFF_ROUTE,
  type HandOffOpenAnswer,
  type HandOffRenewAnswer,
  type HandOffStartAnswer,
  type HandOffState,
  type HandOffStatus,
  type Language,
} from '@omo/domain';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { clientNetworkOf } from '../../lib/client-network.ts';
import { HttpProblem, NO_APPLICATION_DETAIL } from '../../lib/http-problem.ts';
import type { Clock } from '../../providers/clock.ts';
import type { DocumentVerificationProvider } from '../../providers/documents/documents.ts';
import type { SandboxDocumentVerification } from '../../providers/documents/documents.ts';
import {
  toE164,
  type PhoneVerificationProvider,
} from '../../providers/phone-verification/phone-verification.ts';
import { findApplicantContext, type ApplicantContext } from '../application/repository.ts';
import { createSendEventRepository, type SendCeilings } from '../phone-verification/repository.ts';
import { consumeToken, endTokens, findLink, issueToken, tokenState, verifyLink } from '../tokens/service.ts';
import type { IdentityService } from './service.ts';

const CAPTURE_COOKIE = 'omo_capture';
const SECURE_CAPTURE_COOKIE = '__Host-omo_capture';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export interface HandOffDeps {
  db: Database;
  clock: Clock;
  documents: DocumentVerificationProvider;
  phone: PhoneVerificationProvider;
  identity: Pick<IdentityService, 'captureRun' | 'documentStatus'>;
  limits: SendCeilings;
  config: Pick<AppConfig, 'publicUrl' | 'institutionName' | 'isProduction'>;
  log: FastifyBaseLogger;
  /** Counts the phone's return in the funnel. */
  handedOff(context: ApplicantContext): Promise<void>;
}

/** The SMS, in the page's language. */
function handOffMessage(institution: string, link: string, language: Language): string {
  return language === 'fr'
    ? `${institution} : ouvrez ce lien sur votre téléphone pour photographier votre pièce d’identité. Il fonctionne une fois, pendant ${HAND_OFF_MINUTES} minutes : ${link}`
    : `${institution}: open this link on your phone to take the photos of your ID. It works once, for ${HAND_OFF_MINUTES} minutes: ${link}`;
}

/** The phone the application verified, or undefined (then only the QR code is offered). */
function verifiedPhone({ applicant }: ApplicantContext): string | undefined {
  const verified = applicant.phoneVerified === true || applicant.phoneState.status === 'approved';
  return verified && applicant.phoneNumber ? toE164(applicant.phoneNumber) : undefined;
}

export function createHandOffService(deps: HandOffDeps) {
  const { db, clock, config } = deps;
  const sendEvents = createSendEventRepository(db);
  const cookieName = config.isProduction ? SECURE_CAPTURE_COOKIE : CAPTURE_COOKIE;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.isProduction,
  };

  /** The photos the server holds for the applicant's run (the sandbox keeps them; a provider's are its own). */
  async function capturedOf(context: ApplicantContext) {
    const runId = context.applicant.identity.documentRunId;
    if (!runId || deps.documents.name !== 'sandbox') return [];
    return (deps.documents as SandboxDocumentVerification).capturedSides(runId);
  }

  /** The newest token of a purpose bound to the applicant. */
  async function newest(purpose: 'phoneHandOff' | 'phoneCapture', applicantId: string) {
    const row = await db
      .selectFrom('one_time_tokens')
      .select(['id', 'used_at', 'ended_at', 'expires_at'])
      .where('purpose', '=', purpose)
      .where('applicant_id', '=', applicantId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row;
  }

  const isLive = (row: { used_at: Date | null; ended_at: Date | null; expires_at: Date }, now: Date) =>
    !row.used_at && !row.ended_at && new Date(row.expires_at).getTime() > now.getTime();

  /** A new link (ending the older link and phone session), its QR code, and its SMS within the ceilings. */
  async function issue(
    context: ApplicantContext,
    input: { ip: string; language: Language },
  ): Promise<HandOffStartAnswer> {
    await deps.identity.captureRun(context);
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + HAND_OFF_MINUTES * 60_000);
    const binding = { applicationId: context.applicant.applicationId, applicantId: context.applicant.id };
    const { secret } = await db.transaction().execute(async (trx) => {
      await endTokens(trx, 'phoneCapture', binding, now);
      return issueToken(trx, 'phoneHandOff', { ...binding, now, expiresAt });
    });
    const link = `${config.publicUrl}${HAND_OFF_ROUTE}?token=${secret}`;
    const qrSvg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    const to = verifiedPhone(context);
    let sms: HandOffStartAnswer['sms'] = 'noPhone';
    if (to) {
      const reserved = await sendEvents.reserve(
        { applicantId: context.applicant.id, ip: clientNetworkOf(input.ip), to, channel: 'sms', at: now },
        deps.limits,
      );
      if ('refusedBy' in reserved) {
        deps.log.warn({ ceiling: reserved.refusedBy }, 'hand-off SMS refused by a send ceiling');
        sms = 'ceiling';
      } else {
        const sent = await deps.phone.sendMessage({
          to,
          body: handOffMessage(config.institutionName, link, input.language),
        });
        sms = sent.ok ? 'sent' : 'failed';
      }
    }
    return {
      qrSvg,
      sms,
      phoneEnding: sms === 'sent' && to ? to.slice(-2) : null,
      expiresInSeconds: HAND_OFF_MINUTES * 60,
    };
  }

  return {
    /**
     * POST DocumentVerification/HandOff (desktop): a new link, ending the older link and phone session;
     * the QR code of it, and the SMS to the verified phone unless a send ceiling refuses it.
     */
    start: (context: ApplicantContext, input: { ip: string; language: Language }) => issue(context, input),

    /**
     * POST HandOff/Renew (phone): a link that no longer works texts a new one to the verified phone, as
     * the desktop's 'Send a new link' would (it ends the older link and phone session); nothing when the
     * link is unknown or the photos no longer wanted.
     */
    async renew(token: string, input: { ip: string; language: Language }): Promise<HandOffRenewAnswer> {
      const link = await findLink(db, 'phoneHandOff', token);
      const context = link?.applicantId ? await findApplicantContext(db, link.applicantId) : undefined;
      if (!context || !verifiedPhone(context)) return { sms: 'noPhone' };
      const run = await deps.identity.captureRun(context).catch(() => undefined);
      if (!run) return { sms: 'noPhone' };
      return { sms: (await issue(context, input)).sms };
    },

    /** GET DocumentVerification/HandOff/Status (desktop): where the hand-off is, as the server sees it. */
    async status(context: ApplicantContext): Promise<HandOffStatus> {
      const documents = await deps.identity.documentStatus(context);
      const now = clock.now();
      let state: HandOffState = 'none';
      if (documents.isDone) state = 'done';
      else {
        const link = await newest('phoneHandOff', context.applicant.id);
        if (link && isLive(link, now)) state = 'waiting';
        else if (link?.used_at) {
          const session = await newest('phoneCapture', context.applicant.id);
          state = session && isLive(session, now) ? 'opened' : 'expired';
        } else if (link) state = 'expired';
      }
      const current = (await findApplicantContext(db, context.applicant.id)) ?? context;
      return {
        state,
        captured: await capturedOf(current),
        isDone: documents.isDone,
        nextPath: documents.nextPath,
      };
    },

    /**
     * POST HandOff/Open (phone): spends the link and starts the capture-only session (its cookie).
     * @throws HttpProblem 410 'Link used' once opened (here or elsewhere), 'Link expired' past its end,
     *   replaced or unknown
     */
    async open(token: string, reply: FastifyReply): Promise<HandOffOpenAnswer> {
      const now = clock.now();
      const link = await findLink(db, 'phoneHandOff', token);
      const state = link ? tokenState(link, now) : 'expired';
      const gone = (title: string) =>
        new HttpProblem(
          410,
          title === HAND_OFF_GONE_TITLES.used
            ? 'This link was already opened. Ask for a new one on your computer.'
            : 'This link has expired. Ask for a new one on your computer.',
          { title },
        );
      if (state === 'used') throw gone(HAND_OFF_GONE_TITLES.used);
      if (!link?.applicantId || state !== 'live') throw gone(HAND_OFF_GONE_TITLES.expired);
      const context = await findApplicantContext(db, link.applicantId);
      if (!context) throw gone(HAND_OFF_GONE_TITLES.expired);
      const run = await deps.identity.captureRun(context).catch(() => undefined);
      if (!run) throw gone(HAND_OFF_GONE_TITLES.expired);
      const binding = { applicationId: context.applicant.applicationId, applicantId: context.applicant.id };
      const session = await db.transaction().execute(async (trx) => {
        if (!(await consumeToken(trx, link.id, now))) return undefined;
        // The session ends when the link would have: 15 minutes from the desktop's request in all.
        return issueToken(trx, 'phoneCapture', { ...binding, now, expiresAt: link.expiresAt });
      });
      if (!session) throw gone(HAND_OFF_GONE_TITLES.used);
      reply.setCookie(cookieName, session.secret, {
        ...cookieOptions,
        expires: link.expiresAt,
      });
      await deps.handedOff(context);
      return { providerUrl: deps.documents.name === 'sandbox' ? null : run.captureUrl };
    },

    /**
     * The applicant of a capture call: the session's (desktop), or the phone's capture-only session.
     * @throws HttpProblem 401 when neither is live
     */
    async requireCapture(request: FastifyRequest): Promise<ApplicantContext> {
      const applicant = await request.findApplicant();
      if (applicant) return applicant;
      const secret = request.cookies[cookieName];
      const session =
        secret && TOKEN_PATTERN.test(secret)
          ? await verifyLink(db, 'phoneCapture', secret, clock.now())
          : undefined;
      const context = session?.applicantId ? await findApplicantContext(db, session.applicantId) : undefined;
      if (!context) throw new HttpProblem(401, NO_APPLICATION_DETAIL);
      return context;
    },

    /** The photos are in: the phone's session, and any link not yet opened, end. */
    async photosIn(context: ApplicantContext): Promise<void> {
      const now = clock.now();
      const binding = { applicantId: context.applicant.id };
      await endTokens(db, 'phoneCapture', binding, now);
      await endTokens(db, 'phoneHandOff', binding, now);
    },
  };
}

export type HandOffService = ReturnType<typeof createHandOffService>;
