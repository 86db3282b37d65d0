/**
 * Records the funnel (decision 0056): per step, a view (the browser reports it), a submit and each
 * validation error by its message key (the server sees them), and the outcome, with the device class, the
 * language, the product category, the hour and the seconds since the funnel started. Keyed by a random
 * funnel id per applicant (table funnels, deleted with the applicant): never an answer, a name, an e-mail,
 * a phone, an address or an IP. A failure to record is logged and never fails the applicant's call.
 */
import { randomUUID } from 'node:crypto';
import {
  decisionSeenBy,
  FLOWS,
  isMessageKey,
  type DeviceClass,
  type FunnelEventKind,
  type StepId,
} from '@omo/domain';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { chosenLanguage } from '../../lib/language.ts';
import { HttpProblem } from '../../plugins/problem-details.ts';
import type { Clock } from '../../providers/clock.ts';
import type { ApplicantContext } from '../application/repository.ts';
import type { CatalogueService } from '../catalogue/service.ts';

/** The device of a funnel before the browser has reported one. */
export const UNKNOWN_DEVICE = 'unknown';

export interface FunnelServiceDeps {
  db: Database;
  catalogue: Pick<CatalogueService, 'listProducts'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The applicant's context again, after a save (the outcome is read from it). */
  reload(applicantId: string): Promise<ApplicantContext>;
}

interface Happened {
  step: string;
  kind: FunnelEventKind;
  detail?: string;
  device?: DeviceClass;
}

const HOUR_MS = 60 * 60 * 1000;

export function createFunnelService(deps: FunnelServiceDeps) {
  const { db, catalogue, clock, log } = deps;
  const flowOf = (context: ApplicantContext) =>
    FLOWS[context.applicant.role === 'joint' ? 'joint' : 'single'];

  /** The product category of the application: its first product's (lower case), or 'none'. */
  async function productOf(context: ApplicantContext): Promise<string> {
    const first = context.application.productIds[0];
    const product = (await catalogue.listProducts()).find((p) => p.productID === first);
    return product ? product.accountCategory.toLowerCase() : 'none';
  }

  /** The applicant's funnel, started now when they have none. */
  async function funnelOf(applicantId: string, now: Date) {
    await db
      .insertInto('funnels')
      .values({ applicant_id: applicantId, funnel_id: randomUUID(), started_at: now, device: UNKNOWN_DEVICE })
      .onConflict((oc) => oc.column('applicant_id').doNothing())
      .execute();
    return db
      .selectFrom('funnels')
      .select(['funnel_id', 'started_at', 'device'])
      .where('applicant_id', '=', applicantId)
      .executeTakeFirstOrThrow();
  }

  async function record(request: FastifyRequest, context: ApplicantContext, events: Happened[]) {
    if (events.length === 0) return;
    const now = clock.now();
    const funnel = await funnelOf(context.applicant.id, now);
    const reported = events.find((e) => e.device)?.device;
    if (reported && reported !== funnel.device) {
      await db
        .updateTable('funnels')
        .set({ device: reported })
        .where('applicant_id', '=', context.applicant.id)
        .execute();
    }
    const common = {
      funnel_id: funnel.funnel_id,
      flow: flowOf(context).kind,
      device: reported ?? funnel.device,
      language: chosenLanguage(request) ?? context.applicant.language,
      product: await productOf(context),
      hour: new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS),
      elapsed_seconds: Math.max(0, Math.floor((now.getTime() - funnel.started_at.getTime()) / 1000)),
      // There is no resume link yet: no applicant can come back through one.
      resumed: false,
    };
    await db
      .insertInto('funnel_events')
      .values(events.map(({ step, kind, detail }) => ({ ...common, step, kind, detail: detail ?? '' })))
      .execute();
  }

  /** Records without ever failing the applicant's call. */
  async function safely(what: () => Promise<void>) {
    try {
      await what();
    } catch (error) {
      log.warn({ err: error }, 'funnel event not recorded');
    }
  }

  /** The message keys of a validation problem (an issue without a key counts as 'other'). */
  function errorKeysOf(error: unknown): string[] {
    if (!(error instanceof HttpProblem) || error.statusCode !== 400) return [];
    return (error.errors ?? []).map((e) => (e.key && isMessageKey(e.key) ? e.key : 'other'));
  }

  return {
    /** A step's page opened (the browser's report): false when the step is not one of the applicant's flow. */
    async view(
      request: FastifyRequest,
      context: ApplicantContext,
      stepId: string,
      device: DeviceClass,
    ): Promise<boolean> {
      if (!flowOf(context).steps.some((s) => s.id === stepId)) return false;
      await safely(() => record(request, context, [{ step: stepId, kind: 'view', device }]));
      return true;
    },

    /** The profile was created: the funnel starts, with the profile screen's submit. */
    async started(request: FastifyRequest, applicantId: string): Promise<void> {
      await safely(async () =>
        record(request, await deps.reload(applicantId), [{ step: 'createprofile', kind: 'submit' }]),
      );
    },

    /**
     * Runs a step's save and records its submit, or each validation error by its message key; the save's
     * answer or error is passed on unchanged. The final submission records the outcome too.
     */
    async track<T>(
      request: FastifyRequest,
      context: ApplicantContext,
      stepId: StepId,
      save: () => Promise<T>,
    ): Promise<T> {
      let result: T;
      try {
        result = await save();
      } catch (error) {
        const keys = errorKeysOf(error);
        await safely(() =>
          record(
            request,
            context,
            keys.map((key) => ({ step: stepId, kind: 'error', detail: key })),
          ),
        );
        throw error;
      }
      await safely(async () => {
        const events: Happened[] = [{ step: stepId, kind: 'submit' }];
        if (stepId === 'reviewterms') {
          const { application, applicant } = await deps.reload(context.applicant.id);
          const decision = decisionSeenBy(applicant.role, application.decision);
          const outcome = decision?.state === 'decided' && decision.outcome ? decision.outcome : 'pending';
          events.push({ step: stepId, kind: 'outcome', detail: outcome });
        }
        await record(request, context, events);
      });
      return result;
    },
  };
}

export type FunnelService = ReturnType<typeof createFunnelService>;
