/**
 * Several server processes on one machine (SERVER_PROCESSES > 1, PostgreSQL only): node:cluster's primary
 * forks the workers, which share the listening ports; each worker is a whole omo (src/server.ts), the
 * database, Redis and the job queue being what they share. The first worker starts alone (it brings the
 * schema up to date), the others once it listens. A worker that dies is replaced; SIGINT or SIGTERM
 * ends every worker gracefully. GET /metrics answers the sum over the workers, which the primary collects.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/** A worker tells the primary it listens. */
const READY = 'omo:ready';
/** A worker asks the primary for the metrics of every worker, and gets them back. */
const METRICS = 'omo:metrics';
/** A worker that keeps dying this often a minute is not replaced: the primary exits. */
const MOST_RESTARTS_A_MINUTE = 5;
const SHUTDOWN_TIMEOUT_MS = 12_000;

interface Message {
  type?: unknown;
  id?: unknown;
  text?: unknown;
  error?: unknown;
}

type Log = (level: 'info' | 'warn' | 'error', message: string, details?: object) => void;

/** One JSON line, in pino's shape, for the primary's few events (it has no app to log with). */
const log: Log = (level, message, details = {}) => {
  const levels = { info: 30, warn: 40, error: 50 };
  const line = { level: levels[level], time: Date.now(), pid: process.pid, ...details, msg: message };
  (level === 'info' ? process.stdout : process.stderr).write(`${JSON.stringify(line)}\n`);
};

/** The primary: forks `count` workers, replaces those that die, and stops them all on a signal. */
export async function runPrimary(count: number): Promise<void> {
  const aggregator = new AggregatorRegistry();
  let closing = false;
  const restarts: number[] = [];

  cluster.on('message', (worker, message: Message) => {
    if (message?.type !== METRICS) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS, id: message.id, text }),
      (error: unknown) => worker.send({ type: METRICS, id: message.id, error: String(error) }),
    );
  });

  const fork = () =>
    new Promise<void>((resolve) => {
      const worker = cluster.fork();
      worker.on('message', (message: Message) => {
        if (message?.type === READY) resolve();
      });
      worker.once('exit', () => resolve());
    });

  cluster.on('exit', (worker, code, signal) => {
    if (closing) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > MOST_RESTARTS_A_MINUTE) {
      log('error', 'workers keep dying; stopping', { code, signal });
      shutdown('SIGTERM', 1);
      return;
    }
    log('warn', 'a server process ended; starting another', { workerPid: worker.process.pid, code, signal });
    void fork();
  });

  const shutdown = (signal: NodeJS.Signals, exitCode = 0) => {
    if (closing) return;
    closing = true;
    log('info', 'shutting down every server process', { signal });
    const timer = setTimeout(() => {
      log('error', 'shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    const workers = Object.values(cluster.workers ?? {});
    let left = workers.length;
    if (left === 0) process.exit(exitCode);
    for (const worker of workers) {
      worker?.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(exitCode);
      });
      worker?.process.kill(signal);
    }
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  // The first worker migrates the schema alone; the others start once it listens.
  await fork();
  if (closing) return;
  await Promise.all(Array.from({ length: count - 1 }, fork));
  log('info', 'omo server processes started', { processes: count });
}

/** In a worker: tells the primary this process listens (nothing outside a cluster). */
export function reportReady(): void {
  if (cluster.isWorker) process.send?.({ type: READY });
}

let asked = 0;
const waiting = new Map<number, (message: Message) => void>();

/**
 * In a worker: answers the primary's collection with this registry, and returns how to ask the primary
 * for every worker's metrics summed (Prometheus text); outside a cluster, undefined.
 */
export function clusterMetricsOf(registry: Registry): (() => Promise<string>) | undefined {
  if (!cluster.isWorker) return undefined;
  // prom-client's worker side answers the primary's requests with the registries set here.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  process.on('message', (message: Message) => {
    if (message?.type !== METRICS || typeof message.id !== 'number') return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  return () => {
    const id = ++asked;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary did not answer with the metrics'));
      }, 6_000);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        if (typeof message.text === 'string') resolve(message.text);
        else reject(new Error(String(message.error ?? 'no metrics')));
      });
      process.send?.({ type: METRICS, id });
    });
  };
}
