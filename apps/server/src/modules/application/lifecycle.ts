/**
 * The one place where a call that changes an application is checked against the application's state
 * (packages/domain flows/lifecycle.ts): `guard` runs the call's writes in a transaction that first locks
 * the application row (SELECT … FOR UPDATE) and re-reads its decision, so a save racing the submission's
 * claim either writes before it or is refused after it. `assert` is the same check without a write, for
 * calls whose writes are compare-and-sets of their own. A refusal is a 409 with the path of the current
 * state (the error handler logs it, without personal data).
 */
import {
  applicantStateOf,
  FLOW_ERROR_ROUTES,
  isCallAllowed,
  decisionSeenBy,
  type ApplicantCall,
  type ApplicantState,
  type Decision,
} from '@omo/domain';
import type { Database } from '../../db/database.ts';
import { HttpProblem } from '../../plugins/problem-details.ts';
import { toDecision, type ApplicantContext } from './repository.ts';
import { toDecisionView } from './view.ts';

const REFUSED_IN_STATE = 'Not allowed in this state';

export interface LifecycleDeps {
  db: Database;
}

/** Reads an application's decision under the row's lock (inside `trx`). */
export async function lockDecision(trx: Database, applicationId: string): Promise<Decision | null> {
  const row = await trx
    .selectFrom('applications')
    .select('decision')
    .where('id', '=', applicationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return toDecision(row.decision);
}

export function createLifecycle({ db }: LifecycleDeps) {
  /** Where the applicant belongs in a state their call is refused in (undefined: a draft's next step). */
  function pathOf(state: ApplicantState, context: ApplicantContext, decision: Decision | null) {
    if (state === 'closed') return FLOW_ERROR_ROUTES.jointExpired;
    const seen = decisionSeenBy(context.applicant.role, decision);
    return seen
      ? toDecisionView(seen, { ...context, application: { ...context.application, decision } }).route
      : undefined;
  }

  /** Throws the 409 of a call refused in this state, and logs it (no personal data). */
  function check(call: ApplicantCall, context: ApplicantContext, decision: Decision | null): void {
    const state = applicantStateOf(context.applicant.role, decision);
    if (isCallAllowed(call, state)) return;
    const nextPath = pathOf(state, context, decision);
    throw new HttpProblem(
      409,
      state === 'draft'
        ? 'The application has not reached this point.'
        : 'The application was submitted: it can no longer be changed.',
      { title: REFUSED_IN_STATE, ...(nextPath ? { nextPath } : {}) },
    );
  }

  return {
    /** Refuses `call` when the applicant's part (as last read) is not in a state that allows it. */
    assert(context: ApplicantContext, call: ApplicantCall): void {
      check(call, context, context.application.decision);
    },

    /**
     * Runs `work` in a transaction that holds the application row's lock, once the decision read under it
     * allows `call`.
     */
    guard<T>(
      context: ApplicantContext,
      call: ApplicantCall,
      work: (trx: Database, decision: Decision | null) => Promise<T>,
    ): Promise<T> {
      return db.transaction().execute(async (trx) => {
        const decision = await lockDecision(trx, context.application.id);
        check(call, context, decision);
        return work(trx, decision);
      });
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
