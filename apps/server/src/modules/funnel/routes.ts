/**
 * The staff's funnel page under /ops/funnel, behind OPERATIONS_TOKEN (plugins/operations.ts): the page
 * (?lang, flow, device, language, product, from, to), its events as JSON for the tests' guard, and its
 * files: uPlot, the chart script and the stylesheet, served only here (never in the applicant's bundles).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '@omo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { requestLanguage } from '../../lib/language.ts';
import { operationsOnly } from '../../lib/operations.ts';
import { CHART_SCRIPT, PAGE_CSS, renderFunnelPage } from './page.ts';
import { buildFunnelReport } from './report.ts';
import { readFunnelEvents } from './repository.ts';

export const FUNNEL_PAGE_PATH = '/ops/funnel';
const DAY_MS = 24 * 60 * 60 * 1000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Every filter is optional; a value out of its list is ignored (all). */
const querySchema = z.object({
  lang: z.enum(['en', 'fr']).optional().catch(undefined),
  flow: z.enum(['single', 'joint']).catch('single').default('single'),
  device: z.enum(['phone', 'tablet', 'desktop']).optional().catch(undefined),
  language: z.enum(['en', 'fr']).optional().catch(undefined),
  product: z
    .string()
    .regex(/^[a-z]{1,30}$/)
    .optional()
    .catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
});

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const require = createRequire(import.meta.url);
const uplotFile = (name: string) => readFileSync(require.resolve(`uplot/dist/${name}`), 'utf8');

const funnelPageRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  app.addHook('onRequest', operationsOnly(config));

  /** The period asked for: 30 days to today by default; `to` is the last day, included. */
  function periodOf(query: z.output<typeof querySchema>) {
    const today = isoDay(app.providers.clock.now());
    const to = query.to ?? today;
    const from = query.from ?? isoDay(new Date(Date.parse(to) - 29 * DAY_MS));
    return { from, to, fromDate: new Date(from), toDate: new Date(Date.parse(to) + DAY_MS) };
  }

  app.get(FUNNEL_PAGE_PATH, { schema: { hide: true, querystring: querySchema } }, async (request, reply) => {
    const query = request.query;
    const lang: Language = query.lang ?? requestLanguage(request);
    const period = periodOf(query);
    const filter = {
      flow: query.flow,
      device: query.device,
      language: query.language,
      product: query.product,
    };
    const events = await readFunnelEvents(app.db, { from: period.fromDate, to: period.toDate });
    const report = buildFunnelReport(events, filter);
    reply.header('cache-control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(
      renderFunnelPage({
        lang,
        report,
        filter: { ...filter, from: period.from, to: period.to },
        path: FUNNEL_PAGE_PATH,
        contactPhone: config.contactPhone,
      }),
    );
  });

  app.get(
    `${FUNNEL_PAGE_PATH}/events`,
    { schema: { hide: true, querystring: querySchema } },
    async (request, reply) => {
      const period = periodOf(request.query);
      reply.header('cache-control', 'no-store');
      return readFunnelEvents(app.db, { from: period.fromDate, to: period.toDate });
    },
  );

  const assets: Record<string, { type: string; body: () => string }> = {
    'uplot.js': { type: 'text/javascript', body: () => uplotFile('uPlot.iife.min.js') },
    'uplot.css': { type: 'text/css', body: () => uplotFile('uPlot.min.css') },
    'chart.js': { type: 'text/javascript', body: () => CHART_SCRIPT },
    'page.css': { type: 'text/css', body: () => PAGE_CSS },
  };
  for (const [name, asset] of Object.entries(assets)) {
    let body: string | undefined;
    app.get(`${FUNNEL_PAGE_PATH}/assets/${name}`, { schema: { hide: true } }, async (_request, reply) => {
      body ??= asset.body();
      reply.header('cache-control', 'private, max-age=3600');
      return reply.type(`${asset.type}; charset=utf-8`).send(body);
    });
  }
};

export default funnelPageRoutes;
