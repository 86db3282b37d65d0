// Capacity measured the way it is used: applicants arrive at a steady rate (a Poisson process, open loop:
// an arrival does not wait for the previous answer) at one server process on PostgreSQL, and the highest
// rate is found at which the 99th percentile stays ≤ 150 ms. Two workloads:
// - submissions: applicants prepared up to the review (not measured) submit, each at its arrival time;
//   the time is from the arrival (not from when the client got round to it) to the decision's answer;
// - journeys: each arrival goes through every call from Create your profile to the decision, one after the
//   other as a browser would; the p99 is of every call but Create your profile's (its password hash,
//   argon2, is meant to cost).
// - step saves: applicants with a SIN stored save their legal terms again and again (one step's save, the
//   session's read and the funnel's event included), round-robin over a pool so that no two saves of one
//   application meet at its lock.
// Beside the rate: the server's CPU per submission (target ≤ 2 ms), per journey and per step save, from
// /proc. BENCH_WORKLOADS (submissions,journeys,steps by default) chooses which run.
// Prints; never asserts. Run: node --import tsx bench/open-loop.ts (needs a built product: npm run build;
// PostgreSQL at DATABASE_URL or the local default).
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { TestApplicant, validLegalTerms } from '../apps/server/src/testing/applicant.ts';
import { createHttpInjector, type Injector } from '../apps/server/src/testing/http-injector.ts';
import { benchPort, machineNote, startServer } from './lib.mjs';

const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** Seconds of arrivals at each rate tried. */
const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW_SECONDS ?? 4);
const P99_TARGET_MS = 150;
const CPU_TARGET_MS = 2;
/** The path of Create your profile, left out of the journey's p99. */
const CREATE_PROFILE = '/api/omo/InitializeApplication';
const WORKLOADS = new Set((process.env.BENCH_WORKLOADS ?? 'submissions,journeys,steps').split(','));
/** Applicants whose saves take turns in the step-save workload. */
const STEP_POOL = 60;

/** A seeded generator (mulberry32): the same arrivals at the same rate, run after run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Arrival times (ms from the start) of a Poisson process at `rate` per second over the window. */
function arrivals(rate: number): number[] {
  const next = random(rate * 7919);
  const times: number[] = [];
  for (let t = -Math.log(1 - next()) / rate; t < WINDOW_SECONDS; t += -Math.log(1 - next()) / rate) {
    times.push(t * 1000);
  }
  return times;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** An injector that notes each call's time (but Create your profile's) in `times`. */
function timed(http: Injector, times: number[]): Injector {
  return {
    inject: (async (options: InjectOptions) => {
      const started = performance.now();
      const res = (await http.inject(options)) as LightMyRequestResponse;
      if (!String(options.url).startsWith(CREATE_PROFILE)) times.push(performance.now() - started);
      return res;
    }) as Injector['inject'],
  };
}

let serial = 0;
const applicantAt = (http: Injector, productIds = ['2001']) => {
  serial += 1;
  return new TestApplicant(http, {
    productIds,
    ip: `10.${Math.floor(serial / 62500) % 250}.${Math.floor(serial / 250) % 250}.${(serial % 250) + 1}`,
  });
};

interface Outcome {
  rate: number;
  count: number;
  p50: number;
  p99: number;
  failures: number;
  cpuMs: number;
  /** Whether the arrivals ended on time: a client that fell behind measures itself, not the server. */
  late: boolean;
}

/** Runs `work` at each arrival of a Poisson process at `rate`; every time it notes, and the CPU used. */
async function openLoop(
  rate: number,
  cpuMs: () => number,
  work: (times: number[], arrivedAt: number) => Promise<void>,
): Promise<Omit<Outcome, 'rate'>> {
  const schedule = arrivals(rate);
  const times: number[] = [];
  let failures = 0;
  const cpuBefore = cpuMs();
  const start = performance.now();
  const running: Promise<void>[] = [];
  for (const at of schedule) {
    const wait = start + at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    running.push(
      work(times, start + at).catch((error: unknown) => {
        failures += 1;
        if (failures <= 3) console.error(String(error).slice(0, 200));
      }),
    );
  }
  const late = performance.now() - start > WINDOW_SECONDS * 1000 + 100;
  await Promise.all(running);
  return {
    count: schedule.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    failures,
    cpuMs: (cpuMs() - cpuBefore) / schedule.length,
    late,
  };
}

/** The highest rate that passes: doubling from `from` until one fails, then halving the gap twice. */
async function highestRate(from: number, tryRate: (rate: number) => Promise<Outcome>): Promise<Outcome[]> {
  const tried: Outcome[] = [];
  const passes = (o: Outcome) => o.p99 <= P99_TARGET_MS && o.failures === 0 && !o.late;
  let low: Outcome | undefined;
  let high: Outcome | undefined;
  for (let rate = from; !high && rate <= from * 64; rate *= 2) {
    const o = await tryRate(rate);
    tried.push(o);
    if (passes(o)) low = o;
    else high = o;
  }
  for (let i = 0; i < 2 && low && high; i++) {
    const o = await tryRate(Math.round((low.rate + high.rate) / 2));
    tried.push(o);
    if (passes(o)) low = o;
    else high = o;
  }
  return tried;
}

const line = (o: Outcome, unit: string) =>
  `  ${String(o.rate).padStart(4)} ${unit}/s: ${o.count} arrivals, p50 ${o.p50.toFixed(0)} ms, p99 ` +
  `${o.p99.toFixed(0)} ms, CPU ${o.cpuMs.toFixed(2)} ms each` +
  `${o.failures ? `, ${o.failures} failed` : ''}${o.late ? ', the client fell behind' : ''}`;

function summary(tried: Outcome[], unit: string, cpuTarget?: number) {
  const passed = tried.filter((o) => o.p99 <= P99_TARGET_MS && o.failures === 0 && !o.late);
  const best = passed.sort((a, b) => b.rate - a.rate)[0];
  if (!best) return `  no rate tried kept the p99 ≤ ${P99_TARGET_MS} ms`;
  return (
    `  highest rate with p99 ≤ ${P99_TARGET_MS} ms: ${best.rate} ${unit}/s (p99 ${best.p99.toFixed(0)} ms), ` +
    `server CPU ${best.cpuMs.toFixed(2)} ms per ${unit}` +
    (cpuTarget ? ` (target ≤ ${cpuTarget} ms)` : '')
  );
}

const client = new pg.Client({ connectionString: POSTGRES_URL });
await client.connect();
const schema = `omo_bench_${randomBytes(4).toString('hex')}`;
await client.query(`create schema ${schema}`);
const server = await startServer({
  port: benchPort(30),
  env: {
    TRUST_PROXY: '1',
    PHONE_SEND_LIMIT_PER_IP_PER_HOUR: '100000',
    // A few hundred numbers serve thousands of applicants here.
    PHONE_SEND_LIMIT_PER_NUMBER_PER_HOUR: '100000',
    SEED_DIR: 'apps/server/src/testing/fixtures/seed',
    DATABASE_URL: POSTGRES_URL,
    DATABASE_SCHEMA: schema,
  },
});
const cpuMs = () => server.cpuMs() ?? NaN;
try {
  const http = createHttpInjector(server.url);
  console.log(
    `open loop, ${WINDOW_SECONDS} s of Poisson arrivals per rate, one process on PostgreSQL ${machineNote()}`,
  );
  // Warm the server (its first calls compile and fill caches).
  await Promise.all(Array.from({ length: 5 }, () => applicantAt(http).progress('reviewConsent')));

  if (WORKLOADS.has('submissions')) {
    console.log('submissions (SaveApplication of an applicant at the review, to the decision):');
    const submissions = await highestRate(20, async (rate) => {
      const count = arrivals(rate).length;
      const ready: TestApplicant[] = [];
      // Ten at a time: the preparation is not what is measured.
      for (let i = 0; i < count; i += 10) {
        ready.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(10, count - i) }, () =>
              applicantAt(http).progress('reviewConsent'),
            ),
          )),
        );
      }
      const o = {
        rate,
        ...(await openLoop(rate, cpuMs, async (times, arrivedAt) => {
          const res = await ready.pop()!.submit();
          times.push(performance.now() - arrivedAt);
          if (res.statusCode !== 200) throw new Error(`SaveApplication → ${res.statusCode} ${res.body}`);
        })),
      };
      console.log(line(o, 'submissions'));
      return o;
    });
    console.log(summary(submissions, 'submission', CPU_TARGET_MS));
  }

  if (WORKLOADS.has('journeys')) {
    console.log(
      'journeys (every call from Create your profile to the decision; p99 of the calls but Create your profile):',
    );
    const journeys = await highestRate(2, async (rate) => {
      const o = {
        rate,
        ...(await openLoop(rate, cpuMs, async (times) => {
          const applicant = applicantAt(timed(http, times));
          await applicant.progress('reviewConsent');
          const res = await applicant.submit();
          if (res.statusCode !== 200) throw new Error(`SaveApplication → ${res.statusCode} ${res.body}`);
        })),
      };
      console.log(line(o, 'journeys'));
      return o;
    });
    console.log(summary(journeys, 'journey'));
  }

  if (WORKLOADS.has('steps')) {
    console.log('step saves (PUT LegalTerms again, by applicants of a savings account who gave their SIN):');
    // A savings account is interest bearing: its applicants store a SIN, which every save's rules read.
    const pool: TestApplicant[] = [];
    for (let i = 0; i < STEP_POOL; i += 10) {
      pool.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, () => applicantAt(http, ['2002']).progress('legalTerms')),
        )),
      );
    }
    let turn = 0;
    const steps = await highestRate(50, async (rate) => {
      const o = {
        rate,
        ...(await openLoop(rate, cpuMs, async (times, arrivedAt) => {
          const res = await pool[turn++ % STEP_POOL]!.put('LegalTerms', validLegalTerms);
          times.push(performance.now() - arrivedAt);
          if (res.statusCode !== 200) throw new Error(`LegalTerms → ${res.statusCode} ${res.body}`);
        })),
      };
      console.log(line(o, 'saves'));
      return o;
    });
    console.log(summary(steps, 'step save'));
  }
} finally {
  await server.stop();
  await client.query(`drop schema ${schema} cascade`);
  await client.end();
}
