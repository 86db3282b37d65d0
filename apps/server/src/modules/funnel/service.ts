/**
 * Records the funnel (decision 0056): per step, a view (the browser reports it), a submit and each
 * validation error by its message key (the server sees them), and the outcome, with the device class, the
 * language, the product category, the hour and the seconds since the funnel started. Keyed by a random
 * funnel id per applicant (table funnels, deleted with the applicant): never an answer, a name, an e-mail,
 * a phone, an address or an IP. A failure to record is logged and never fails the applicant's call.
 */
import { randomUUID } from 'node:crypto';
import {
  FLOWS,
  isMessageKey,
  type Decision,
  type DeviceClass,
  type FunnelEventKind,
  type FunnelReturn,
  type StepId,
} from '@omo/domain';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { chosenLanguage } from '../../lib/language.ts';
import { HttpProblem } from '../../lib/http-problem.ts';
import type { Clock } from '../../providers/clock.ts';
import type { ApplicantContext } from '../application/repository.ts';
import type { CatalogueService } from '../catalogue/service.ts';

/** The device of a funnel before the browser has reported one. */
const UNKNOWN_DEVICE = 'unknown';

interface FunnelServiceDeps {
  db: Database;
  catalogue: Pick<CatalogueService, 'listProducts'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The applicant's context again (the funnel starts once the profile is created). */
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

  /**
   * Records events of the applicant's funnel in one statement: the funnel is started now when the
   * applicant has none, its device updated when the browser reported one.
   */
  async function record(request: FastifyRequest | undefined, context: ApplicantContext, events: Happened[]) {
    if (events.length === 0) return;
    const now = clock.now();
    const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    const reported = events.find((e) => e.device)?.device ?? null;
    const language = (request && chosenLanguage(request)) ?? context.applicant.language;
    const product = await productOf(context);
    const rows = sql.join(
      events.map(({ step, kind, detail }) => sql`(${step}::text, ${kind}::text, ${detail ?? ''}::text)`),
    );
    await sql`
      with f as (
        insert into funnels (applicant_id, funnel_id, started_at, device)
        values (${context.applicant.id}::uuid, ${randomUUID()}::uuid, ${now.toISOString()}::timestamptz,
                coalesce(${reported}::text, ${UNKNOWN_DEVICE}::text))
        on conflict (applicant_id) do update set device = coalesce(${reported}::text, funnels.device)
        returning funnel_id, started_at, device, resumed_at
      )
      insert into funnel_events
        (funnel_id, flow, step, kind, detail, device, language, product, hour, elapsed_seconds, resumed)
      select f.funnel_id, ${flowOf(context).kind}::text, e.step, e.kind, e.detail, f.device, ${language}::text,
             ${product}::text, ${hour.toISOString()}::timestamptz,
             greatest(0, floor(extract(epoch from (${now.toISOString()}::timestamptz - f.started_at))))::int,
             -- Every event after the applicant came back through a resume link.
             f.resumed_at is not null
      from f cross join (values ${rows}) as e(step, kind, detail)
    `.execute(db);
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

    /**
     * The applicant came back through a resume link (one they asked for, or a reminder's): a return
     * event at the step they come back to, and their funnel's later events say `resumed`.
     */
    async resumed(context: ApplicantContext, how: Exclude<FunnelReturn, 'handOff'>, nextPath: string) {
      await safely(async () => {
        await db
          .updateTable('funnels')
          .set({ resumed_at: clock.now() })
          .where('applicant_id', '=', context.applicant.id)
          .where('resumed_at', 'is', null)
          .execute();
        const path = nextPath.split('?')[0]!.toLowerCase();
        const step = flowOf(context).steps.find((s) => s.path?.toLowerCase() === path)?.id;
        await record(undefined, context, [{ step: step ?? 'createprofile', kind: 'return', detail: how }]);
      });
    },

    /** The photo step went on in the phone (the hand-off's link opened): a return event there. */
    async handedOff(context: ApplicantContext): Promise<void> {
      await safely(() =>
        record(undefined, context, [{ step: 'idverifyterms', kind: 'return', detail: 'handOff' }]),
      );
    },

    /** The profile was created: the funnel starts, with the profile screen's submit. */
    async started(request: FastifyRequest, applicantId: string): Promise<void> {
      await safely(async () =>
        record(request, await deps.reload(applicantId), [{ step: 'createprofile', kind: 'submit' }]),
      );
    },

    /**
     * Runs a step's save and records its submit, or each validation error by its message key; the save's
     * answer or error is passed on unchanged. The final submission records the outcome too, from the
     * decision its answer shows (`decisionOf`).
     */
    async track<T>(
      request: FastifyRequest,
      context: ApplicantContext,
      stepId: StepId,
      save: () => Promise<T>,
      decisionOf?: (answer: T) => Decision | null,
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
        if (decisionOf) {
          const decision = decisionOf(result);
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
