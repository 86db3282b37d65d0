/**
 * The app's log lines captured in a test (LOG_LEVEL as configured), parsed, with a wait for a line to be
 * written: tests of what operations see, and that no line carries personal data.
 */
import { Writable } from 'node:stream';

export type LogLine = Record<string, unknown> & { level: number; msg?: string };

export interface LogCapture {
  stream: Writable;
  lines: LogLine[];
  /** Resolves once a line matching `match` is written (or already was). */
  waitFor(match: (line: LogLine) => boolean): Promise<void>;
}

export function logCapture(): LogCapture {
  const lines: LogLine[] = [];
  const waiters: { match: (l: LogLine) => boolean; resolve: () => void }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) {
        const line = JSON.parse(text) as LogLine;
        lines.push(line);
        for (const w of [...waiters]) {
          if (w.match(line)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
        }
      }
      done();
    },
  });
  return {
    stream,
    lines,
    waitFor(match) {
      if (lines.some(match)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

/** Polls `check` every 20 ms until it holds (a condition, not a fixed sleep); fails after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the condition never held');
}
