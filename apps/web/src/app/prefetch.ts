/**
 * The next screens' files, fetched while the applicant fills in this one (issue: every Continue waits for
 * no download). After a step screen is shown and the browser is idle, the next two screens of its flow
 * (the next row may be skipped, the SIN for one) have their page and loader modules imported: nothing of
 * theirs runs, and the server still decides where Continue goes; from the terms, the welcome page. Not on a
 * Save-Data connection.
 */
import { useEffect } from 'react';
import { findStepByPath } from '@omo/domain';

/** A screen's lazily imported parts: each call imports its module and answers what it exports. */
type LazyParts = Record<string, (() => Promise<unknown>) | undefined>;

let screens: Record<string, LazyParts> = {};

/** The router's table of screens by path (it imports the pages; this module must not import the router). */
export function registerScreens(table: Record<string, LazyParts>): void {
  screens = table;
}

/** How many screens ahead are fetched. */
const AHEAD = 2;

/** The paths of the screens after this one in its flow, outcome pages aside. */
export function screensAfter(pathname: string): string[] {
  const found = findStepByPath(pathname);
  if (!found) return [];
  const { flow, step } = found;
  return (
    flow.steps
      .slice(flow.steps.indexOf(step) + 1)
      // A screen the flow never asks (the co-applicant's finalize account) is not one of them.
      .filter((s) => s.kind === 'step' && s.path && s.requirement !== 'never')
      .slice(0, AHEAD)
      .map((s) => s.path!)
  );
}

/**
 * From the flow's last screen (the terms), the page its submit most often leads to: the flow's first
 * outcome page, the welcome page. The server still decides which page the submit goes to.
 */
export function outcomeAhead(pathname: string): string[] {
  const found = findStepByPath(pathname);
  if (!found) return [];
  const { flow, step } = found;
  const next = flow.steps.slice(flow.steps.indexOf(step) + 1).find((s) => s.kind !== 'check');
  return next?.kind === 'outcome' && next.path ? [next.path] : [];
}

function prefetch(pathname: string): void {
  for (const path of [...screensAfter(pathname), ...outcomeAhead(pathname)]) {
    for (const load of Object.values(screens[path] ?? {})) void load?.().catch(() => undefined);
  }
}

const saveData = () =>
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * On each step screen, once the browser is idle (within a second at most): fetch the next screens' files.
 * Not while the app is going to another screen: what it would read ahead is the screen's being left.
 */
export function usePrefetchNextScreens(pathname: string, isNavigating = false): void {
  useEffect(() => {
    if (isNavigating || saveData()) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => prefetch(pathname), { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => prefetch(pathname), 300);
    return () => window.clearTimeout(id);
  }, [pathname, isNavigating]);
}
