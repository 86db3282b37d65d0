/**
 * The funnel report of a period: how many funnels started and how many reached an outcome, how many reached
 * each step of the flow and how many left there, the median and 90th-percentile time on each step, the
 * validation errors most often shown and the outcomes. A funnel is counted under the device class it first
 * reported, and the language and product of its first event. The time on a step runs from its first view
 * to its submit, the first event of a later step or the outcome, whichever comes first; a step left there
 * has no time. Comebacks are counted by how the applicant came back (a resume link asked for, a reminder's
 * link, the photo hand-off to the phone), each with how many of those funnels then reached an outcome.
 */
import { FLOWS, FUNNEL_RETURNS, type FlowKind, type FunnelEvent, type FunnelReturn } from '@omo/domain';

export interface FunnelFilter {
  flow: FlowKind;
  device?: string | undefined;
  language?: string | undefined;
  product?: string | undefined;
}

export interface StepRow {
  step: string;
  reached: number;
  /** Funnels without an outcome whose furthest step is this one. */
  left: number;
  /** Seconds; null when no funnel has gone past the step. */
  medianSeconds: number | null;
  p90Seconds: number | null;
}

export interface FunnelReport {
  started: number;
  completed: number;
  /** completed / started, 0 without funnels. */
  completionRate: number;
  steps: StepRow[];
  errors: { step: string; key: string; count: number }[];
  outcomes: { outcome: string; count: number }[];
  /** Funnels that came back each way, and how many of them reached an outcome. */
  returns: { how: FunnelReturn; came: number; finished: number }[];
  /** The product categories of the period's funnels (for the filter). */
  products: string[];
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** The flow's steps a funnel reports: its screens but the entry (before the profile there is no funnel). */
function reportedSteps(flow: FlowKind): string[] {
  return FLOWS[flow].steps.filter((s) => s.kind === 'step' && s.id !== 'getstarted').map((s) => s.id);
}

export function buildFunnelReport(events: readonly FunnelEvent[], filter: FunnelFilter): FunnelReport {
  const byFunnel = new Map<string, FunnelEvent[]>();
  for (const event of events) {
    if (event.flow !== filter.flow) continue;
    const list = byFunnel.get(event.funnelId) ?? [];
    list.push(event);
    byFunnel.set(event.funnelId, list);
  }
  const products = new Set<string>();
  const funnels: FunnelEvent[][] = [];
  for (const list of byFunnel.values()) {
    const first = list[0]!;
    const device = list.find((e) => e.device !== 'unknown')?.device ?? 'unknown';
    products.add(first.product);
    if (filter.device && device !== filter.device) continue;
    if (filter.language && first.language !== filter.language) continue;
    if (filter.product && first.product !== filter.product) continue;
    funnels.push(list);
  }

  const order = reportedSteps(filter.flow);
  const indexOf = (step: string) => order.indexOf(step);
  const steps: StepRow[] = order.map((step) => ({
    step,
    reached: 0,
    left: 0,
    medianSeconds: null,
    p90Seconds: null,
  }));
  const times = order.map((): number[] => []);
  const errors = new Map<string, { step: string; key: string; count: number }>();
  const outcomes = new Map<string, number>();
  const returns = FUNNEL_RETURNS.map((how) => ({ how, came: 0, finished: 0 }));
  let completed = 0;

  for (const list of funnels) {
    const outcome = list.find((e) => e.kind === 'outcome');
    if (outcome) {
      completed += 1;
      outcomes.set(outcome.detail, (outcomes.get(outcome.detail) ?? 0) + 1);
    }
    for (const row of returns) {
      if (!list.some((e) => e.kind === 'return' && e.detail === row.how)) continue;
      row.came += 1;
      if (outcome) row.finished += 1;
    }
    const reached = new Set(list.map((e) => indexOf(e.step)).filter((i) => i >= 0));
    for (const i of reached) steps[i]!.reached += 1;
    const furthest = Math.max(-1, ...reached);
    if (!outcome && furthest >= 0) steps[furthest]!.left += 1;
    for (const i of reached) {
      const views = list.filter((e) => e.kind === 'view' && indexOf(e.step) === i);
      if (views.length === 0) continue;
      const start = Math.min(...views.map((e) => e.elapsedSeconds));
      // The step's own submit, a later step or the outcome ends it.
      const later = list.filter(
        (e) =>
          (indexOf(e.step) > i || e.kind === 'outcome' || (e.kind === 'submit' && indexOf(e.step) === i)) &&
          e.elapsedSeconds >= start,
      );
      if (later.length === 0) continue;
      times[i]!.push(Math.min(...later.map((e) => e.elapsedSeconds)) - start);
    }
    for (const e of list) {
      if (e.kind !== 'error') continue;
      const id = `${e.step}\u0000${e.detail}`;
      const row = errors.get(id) ?? { step: e.step, key: e.detail, count: 0 };
      row.count += 1;
      errors.set(id, row);
    }
  }
  steps.forEach((row, i) => {
    const sorted = times[i]!.sort((a, b) => a - b);
    row.medianSeconds = percentile(sorted, 0.5);
    row.p90Seconds = percentile(sorted, 0.9);
  });

  return {
    started: funnels.length,
    completed,
    completionRate: funnels.length === 0 ? 0 : completed / funnels.length,
    steps,
    errors: [...errors.values()].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)).slice(0, 10),
    outcomes: [...outcomes.entries()]
      .map(([outcome, count]) => ({ outcome, count }))
      .sort((a, b) => b.count - a.count),
    returns,
    products: [...products].sort(),
  };
}
