/**
 * Operations metrics in the Prometheus text format (prom-client), at GET /metrics behind OPERATIONS_TOKEN
 * (plugins/operations.ts): requests and their latency by route and status, rate-limit refusals (429),
 * decisions by outcome and the time from submission to decision, jobs waiting and failed by queue, partner
 * calls by provider, adapter, operation and result with their latency, e-mails sent and failed. Each app
 * has a registry of its own (tests build several). Labels are route patterns and codes, never a URL's
 * values nor anything of an applicant. Under several processes (src/cluster.ts) the figures are their sum.
 */
import type { DecisionOutcome } from '@omo/domain';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppConfig } from '../../config.ts';
import { operationsOnly } from '../../lib/operations.ts';
import type { PartnerCall } from '../../providers/result.ts';
import type { Mailer } from '../mail/mailer.ts';
import { clusterMetricsOf } from '../../cluster.ts';

const METRICS_PATH = '/metrics';

/** Latency buckets (seconds) from a quick answer to a partner's slow one. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** From submission to decision: seconds for most, hours or a day for those waiting on documents. */
const DECISION_BUCKETS = [1, 2, 5, 10, 30, 60, 300, 1800, 3600, 6 * 3600, 24 * 3600, 3 * 24 * 3600];

interface Metrics {
  registry: Registry;
  /** A partner call ended (providers/result.ts observeCalls). */
  partnerCall(call: PartnerCall): void;
  /** A decision was stored: counted by outcome, with the time since the application was submitted. */
  decided(outcome: DecisionOutcome, submittedAt: Date | null): void;
  /** The mailer with its sends counted as sent or failed. */
  countEmails(mailer: Mailer): Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const registry = new Registry();
    const registers = [registry];
    collectDefaultMetrics({ register: registry });
    const status = ['method', 'route', 'status'] as const;
    const requests = new Counter({
      name: 'omo_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: status,
      registers,
    });
    const latency = new Histogram({
      name: 'omo_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: status,
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const refusals = new Counter({
      name: 'omo_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit or a send ceiling (429), by route pattern',
      labelNames: ['route'] as const,
      registers,
    });
    const decisions = new Counter({
      name: 'omo_decisions_total',
      help: 'Decisions stored, by outcome',
      labelNames: ['outcome'] as const,
      registers,
    });
    const decisionSeconds = new Histogram({
      name: 'omo_decision_duration_seconds',
      help: 'Time from the submission to the stored decision, by outcome',
      labelNames: ['outcome'] as const,
      buckets: DECISION_BUCKETS,
      registers,
    });
    const partner = ['provider', 'adapter', 'operation', 'result'] as const;
    const partnerCalls = new Counter({
      name: 'omo_partner_calls_total',
      help: 'Calls to a partner (identity, documents, phone, address, banking…), by result',
      labelNames: partner,
      registers,
    });
    const partnerSeconds = new Histogram({
      name: 'omo_partner_call_duration_seconds',
      help: 'Time a partner call took, by result',
      labelNames: partner,
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const emails = new Counter({
      name: 'omo_emails_total',
      help: 'E-mails handed to the mailer, by result (sent, failed)',
      labelNames: ['mailer', 'result'] as const,
      registers,
    });
    new Gauge({
      name: 'omo_jobs',
      help: 'Jobs in the queue by queue and state: waiting (created or to retry) and failed (kept a week)',
      labelNames: ['queue', 'state'] as const,
      registers,
      // Every process counts the same queue: several processes report it once.
      aggregator: 'first',
      async collect() {
        const schema = app.dbHandle.schema ?? 'pgboss';
        const { rows } = await app.dbHandle.executeSql(
          `select name, case when state = 'failed' then 'failed' else 'waiting' end as state, count(*)::int as count
           from "${schema}".job where state in ('created', 'retry', 'failed') group by 1, 2`,
        );
        this.reset();
        for (const row of rows as { name: string; state: string; count: number }[]) {
          this.set({ queue: row.name, state: row.state }, Number(row.count));
        }
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? '(none)',
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) refusals.inc({ route: labels.route });
    });

    const metrics: Metrics = {
      registry,
      partnerCall(call) {
        const labels = {
          provider: call.provider,
          adapter: call.adapter,
          operation: call.operation,
          result: call.result,
        };
        partnerCalls.inc(labels);
        partnerSeconds.observe(labels, call.seconds);
      },
      decided(outcome, submittedAt) {
        decisions.inc({ outcome });
        if (!submittedAt) return;
        const seconds = (app.providers.clock.now().getTime() - submittedAt.getTime()) / 1000;
        decisionSeconds.observe({ outcome }, Math.max(0, seconds));
      },
      countEmails(mailer) {
        return {
          name: mailer.name,
          close: () => mailer.close(),
          async send(to, email) {
            try {
              await mailer.send(to, email);
            } catch (error) {
              emails.inc({ mailer: mailer.name, result: 'failed' });
              throw error;
            }
            emails.inc({ mailer: mailer.name, result: 'sent' });
          },
        };
      },
    };
    app.decorate('metrics', metrics);
    // One of several processes answers for them all.
    const everyProcess = clusterMetricsOf(registry);

    app.get(
      METRICS_PATH,
      { schema: { hide: true }, onRequest: operationsOnly(config) },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const text = everyProcess ? await everyProcess() : await registry.metrics();
        return reply.type(registry.contentType).send(text);
      },
    );
  },
  { name: 'metrics', dependencies: ['database'] },
);
