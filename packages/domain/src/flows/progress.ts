/**
 * What is complete, what may be visited and what comes next, derived from an applicant's saved answers.
 * Nothing is stored beside the answers: a step is complete when its answers are saved and still valid
 * under today's rules for this application (a new product, province or date can undo it), so the server
 * can tell for any applicant which step is next and whether the whole application is complete.
 */
import { errorRoute } from '../rules/error-routes.ts';
import { TRACKER_STEPS, type Flow, type FlowStep, type ProgressGroup, type StepId } from './flows.ts';
import { isDocumentStepRequired, type IdentityStatus } from './identity.ts';
import {
  asksForSin,
  offersProductChoice,
  type ApplicantAnswers,
  type ApplicantFacts,
} from './step-context.ts';
import { STEP_CONTRACTS } from './steps.ts';

/** One step of the applicant's path, as derived. */
export interface StepState {
  id: StepId;
  path: string | null;
  required: boolean;
  complete: boolean;
}

export interface FlowProgress {
  flow: Flow;
  steps: StepState[];
  /** The first required step not complete, or null when every required step is. */
  nextStepId: StepId | null;
  /** Every required step is complete and valid. */
  isComplete: boolean;
  /** The tracker's complete marks. */
  groups: Record<ProgressGroup, boolean>;
}

/** True when a step is on this applicant's path. */
function isRequired(step: FlowStep, answers: ApplicantAnswers, facts: ApplicantFacts, flow: Flow) {
  switch (step.requirement) {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'interestBearing':
      return asksForSin(facts.products);
    case 'productChoice':
      return offersProductChoice(facts.products);
    case 'documentStep':
      return isDocumentStepRequired(flow.kind, answers.identity);
  }
}

/**
 * Derives the state of every step of a flow (outcome pages aside) from the saved answers.
 * @param flow the applicant's flow (single for the primary applicant, joint for the co-applicant)
 */
export function deriveProgress(flow: Flow, answers: ApplicantAnswers, facts: ApplicantFacts): FlowProgress {
  const steps = flow.steps
    .filter((s) => s.kind !== 'outcome')
    .map<StepState>((s) => ({
      id: s.id,
      path: s.path,
      required: isRequired(s, answers, facts, flow),
      complete: STEP_CONTRACTS[s.id].isComplete?.(answers, facts) ?? false,
    }));
  const next = steps.find((s) => s.required && !s.complete);
  const groups = Object.fromEntries(
    TRACKER_STEPS.map(({ group }) => {
      const inGroup = steps.filter(
        (s) => s.required && flow.steps.find((f) => f.id === s.id)?.group === group,
      );
      return [group, inGroup.length > 0 && inGroup.every((s) => s.complete)];
    }),
  ) as Record<ProgressGroup, boolean>;
  return { flow, steps, nextStepId: next?.id ?? null, isComplete: next === undefined, groups };
}

/**
 * True when a step may be visited (or saved): every earlier required step is complete. A check hosted by
 * this step does not hold it back: the screen runs it.
 */
export function canVisitStep(progress: FlowProgress, stepId: StepId): boolean {
  const index = progress.steps.findIndex((s) => s.id === stepId);
  if (index < 0) return false;
  return progress.steps
    .slice(0, index)
    .every(
      (s) => !s.required || s.complete || progress.flow.steps.find((f) => f.id === s.id)?.host === stepId,
    );
}

/** The earlier required steps that hold a step back (what an out-of-order save is told to do first). */
export function missingStepsBefore(progress: FlowProgress, stepId: StepId): StepId[] {
  const index = progress.steps.findIndex((s) => s.id === stepId);
  return progress.steps
    .slice(0, Math.max(index, 0))
    .filter((s) => s.required && !s.complete)
    .filter((s) => progress.flow.steps.find((f) => f.id === s.id)?.host !== stepId)
    .map((s) => s.id);
}

/** The step that runs a check: its host screen, else the screen whose save makes it due. */
function screenOfCheck(progress: FlowProgress, check: FlowStep): StepState | undefined {
  if (check.host) return progress.steps.find((s) => s.id === check.host);
  const index = progress.steps.findIndex((s) => s.id === check.id);
  return progress.steps
    .slice(0, index)
    .reverse()
    .find((s) => s.required && s.path !== null);
}

/**
 * Where the applicant should be now: the first required step not complete. A check sends the applicant to
 * the screen that runs it; a check without a host whose provider failed sends them to the error page.
 * @param fallback where to go when every step is complete (the last screen, until the decision)
 */
export function nextPathOf(progress: FlowProgress, identity: IdentityStatus, fallback?: string): string {
  const { flow } = progress;
  const next = flow.steps.find((s) => s.id === progress.nextStepId);
  if (!next) return fallback ?? progress.steps.filter((s) => s.path !== null).at(-1)?.path ?? '/';
  if (next.kind !== 'check') return next.path ?? '/';
  if (!next.host && identity === 'error') return errorRoute();
  return screenOfCheck(progress, next)?.path ?? errorRoute();
}
