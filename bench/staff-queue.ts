// The staff queue at scale: generates 10,000, 100,000 and 1,000,000 applications on PostgreSQL (each size
// in a schema of its own, migrated as the server migrates), about one in eight needing a person, then
// times the queue's first page, a keyset page deep in it, the "reason" filter, and searches by reference
// number and by e-mail, through the server's own readQueue. Prints p50 and p95 (ms); never asserts.
// Run: node --import tsx bench/staff-queue.ts   (BENCH_QUEUE_SIZES=10000,100000,1000000 by default;
// DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). Figures are meaningful only on a quiet
// machine. The target: p95 ≤ 50 ms at a million.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createAnswerDigests } from '../apps/server/src/lib/crypto.ts';
import { emailSearchDigest, queueQuerySchema, readQueue } from '../apps/server/src/modules/staff/queue.ts';
import { machineNote } from './lib.mjs';

const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SIZES = (process.env.BENCH_QUEUE_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const digests = createAnswerDigests(randomBytes(32));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The decisions generated, one per 8 applications in turn: most were opened, one in eight waits. */
const DECISIONS = [
  { state: 'decided', outcome: 'approved' },
  { state: 'decided', outcome: 'approved' },
  { state: 'decided', outcome: 'approved' },
  { state: 'decided', outcome: 'declined' },
  { state: 'decided', outcome: 'approved' },
  { state: 'decided', outcome: 'inPerson' },
  { state: 'decided', outcome: 'approved' },
  null,
].map((d) =>
  d
    ? JSON.stringify({
        ...d,
        round: 'primary',
        primaryCustNo: null,
        jointCustNo: null,
        openedProductIds: [],
        debitCardOrdered: false,
      })
    : null,
);

async function withClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function time(label: string, run: () => Promise<unknown>): Promise<string> {
  for (let i = 0; i < 10; i++) await run(); // warm the cache and the plans
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return `${label.padEnd(28)} p50 ${percentile(times, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(2).padStart(7)} ms`;
}

async function benchSize(size: number): Promise<void> {
  const schema = `omo_bench_queue_${size}`;
  await withClient((c) => c.query(`drop schema if exists ${schema} cascade; create schema ${schema}`));
  const handle = await openDatabase({ databaseUrl: POSTGRES_URL, dataDir: '.data', schema });
  try {
    await migrateToLatest(handle.db, schema);
    const started = performance.now();
    // In batches of 100,000: one application per i, its e-mail digest, submitted 30 s apart. The reference
    // ends in i in hex: eight characters of a hash alone collide at a million.
    for (let from = 1; from <= size; from += 100_000) {
      const to = Math.min(size, from + 99_999);
      await sql`
        insert into applications (id, ref_code, product_ids, uses_id_provider, decision, submitted_at, created_at, updated_at)
        select md5('app' || i)::uuid, upper(substr(md5('ref' || i), 1, 2) || lpad(to_hex(i), 6, '0')),
               case when i % 3 = 0 then '["2002"]'::jsonb else '["2001"]'::jsonb end, true,
               (${sql.val(DECISIONS)}::jsonb[])[1 + i % 8],
               now() - make_interval(secs => (${size} - i) * 30), now(), now()
        from generate_series(${from}::int, ${to}::int) as i`.execute(handle.db);
      const rows = [];
      for (let i = from; i <= to; i++) {
        rows.push({ digest: emailSearchDigest(digests, `applicant${i}@example.com`), i });
      }
      for (let k = 0; k < rows.length; k += 10_000) {
        const chunk = rows.slice(k, k + 10_000);
        await sql`
          insert into application_email_digests (digest, application_id)
          select d, md5('app' || i)::uuid
          from unnest(${sql.val(chunk.map((r) => r.digest))}::text[], ${sql.val(chunk.map((r) => r.i))}::int[]) as t(d, i)`.execute(
          handle.db,
        );
      }
    }
    await sql`analyze`.execute(handle.db);
    const generated = ((performance.now() - started) / 1000).toFixed(1);
    const queued = await sql<{
      n: string;
    }>`select count(*) as n from applications where omo_staff_reason(decision) is not null`.execute(
      handle.db,
    );
    console.log(
      `\n${size.toLocaleString('en-CA')} applications (${queued.rows[0]!.n} need a person), generated in ${generated} s`,
    );

    const query = (q: Record<string, string>) => queueQuerySchema.parse(q);
    const first = await readQueue(handle.db, digests, query({}), 'bench');
    let deep = first.next!;
    for (let i = 0; i < 20; i++)
      deep = (await readQueue(handle.db, digests, query({ after: deep }), 'bench')).next!;
    const someRef = `OMO${first.rows[10]!.reference.slice(3, 11)}P`;
    // An application sent to show ID in person (i % 8 = 5), half-way through.
    const middle = Math.floor(size / 2);
    const someEmail = `applicant${middle - (middle % 8) + 5}@example.com`;
    const found = await readQueue(handle.db, digests, query({ q: someEmail }), 'bench');
    console.log(`  (search by e-mail finds ${found.rows.length} queued case(s); by reference ${someRef})`);
    for (const line of [
      await time('first page (50)', () => readQueue(handle.db, digests, query({}), 'bench')),
      await time('page 21 by keyset', () => readQueue(handle.db, digests, query({ after: deep }), 'bench')),
      await time('newest first', () => readQueue(handle.db, digests, query({ order: 'newest' }), 'bench')),
      await time('reason: inPersonId', () =>
        readQueue(handle.db, digests, query({ reason: 'inPersonId' }), 'bench'),
      ),
      await time('product 2002', () => readQueue(handle.db, digests, query({ product: '2002' }), 'bench')),
      await time('assigned to me', () => readQueue(handle.db, digests, query({ mine: 'true' }), 'bench')),
      await time('search: reference', () => readQueue(handle.db, digests, query({ q: someRef }), 'bench')),
      await time('search: e-mail', () => readQueue(handle.db, digests, query({ q: someEmail }), 'bench')),
    ]) {
      console.log(`  ${line}`);
    }
  } finally {
    await handle.close();
    if (!process.env.BENCH_KEEP) await withClient((c) => c.query(`drop schema if exists ${schema} cascade`));
  }
}

console.log(
  `Staff queue on PostgreSQL, ${RUNS} runs per figure; target p95 ≤ 50 ms at a million ${machineNote()}`,
);
for (const size of SIZES) await benchSize(size);
