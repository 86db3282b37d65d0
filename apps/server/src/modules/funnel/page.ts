/**
 * The staff's funnel page, rendered on the server in English or French: the filters (a GET form that works
 * without script), the completion rate, the chart of applicants reaching each step (uPlot, drawn by
 * CHART_SCRIPT from the numbers the page carries; the canvas is hidden from screen readers), and the same
 * numbers as tables. No inline script or style: the page's Content-Security-Policy is the site's.
 */
import { escapeHtml, formatMessage, type Language } from '@omo/domain';
import type { FunnelFilter, FunnelReport } from './report.ts';
import PAGE_TEXTS from './page-texts.json';

/** The page's words, the steps' and the outcomes' names, in English and French. */
const TEXTS = PAGE_TEXTS.texts;
const STEP_NAMES: Record<Language, Record<string, string>> = PAGE_TEXTS.stepNames;
const OUTCOME_NAMES: Record<Language, Record<string, string>> = PAGE_TEXTS.outcomeNames;

interface FunnelPageInput {
  lang: Language;
  report: FunnelReport;
  filter: FunnelFilter & { from: string; to: string };
  /** The page's own path (the form's action and the language switch). */
  path: string;
  contactPhone: string;
}

const h = escapeHtml;

function option(value: string, label: string, selected: string | undefined): string {
  return `<option value="${h(value)}"${value === (selected ?? '') ? ' selected' : ''}>${h(label)}</option>`;
}

function select(name: string, label: string, options: [string, string][], selected: string | undefined) {
  return `<div class="field"><label for="f-${name}">${h(label)}</label><select id="f-${name}" name="${name}">${options
    .map(([v, l]) => option(v, l, selected))
    .join('')}</select></div>`;
}

/** Seconds as minutes and seconds ('2 min 05 s'), or the text for no data. */
function duration(seconds: number | null, lang: Language): string {
  const t = TEXTS[lang];
  if (seconds === null) return t.noTime;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} ${t.minutes} ${String(s).padStart(2, '0')} ${t.seconds}` : `${s} ${t.seconds}`;
}

/** The page's HTML. */
export function renderFunnelPage(input: FunnelPageInput): string {
  const { lang, report, filter, path } = input;
  const t = TEXTS[lang];
  const other: Language = lang === 'en' ? 'fr' : 'en';
  const numbers = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA');
  const percent = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const query = (language: Language) =>
    `${path}?${new URLSearchParams({
      lang: language,
      flow: filter.flow,
      device: filter.device ?? '',
      language: filter.language ?? '',
      product: filter.product ?? '',
      from: filter.from,
      to: filter.to,
    }).toString()}`;
  const stepName = (id: string) => STEP_NAMES[lang][id] ?? id;
  const chartData = {
    labels: report.steps.map((s, i) => `${i + 1}`),
    names: report.steps.map((s) => stepName(s.step)),
    reached: report.steps.map((s) => s.reached),
    yLabel: t.reached,
    xLabel: t.step,
  };
  const stepRows = report.steps
    .map(
      (s, i) =>
        `<tr><td>${i + 1}</td><th scope="row">${h(stepName(s.step))}</th><td>${numbers.format(s.reached)}</td><td>${numbers.format(s.left)}</td><td>${h(duration(s.medianSeconds, lang))}</td><td>${h(duration(s.p90Seconds, lang))}</td></tr>`,
    )
    .join('');
  const errorRows = report.errors
    .map(
      (e) =>
        `<tr><td>${h(stepName(e.step))}</td><td>${h(e.key === 'other' ? e.key : formatMessage(e.key, lang, { phone: input.contactPhone }))}</td><td>${numbers.format(e.count)}</td></tr>`,
    )
    .join('');
  const outcomeRows = report.outcomes
    .map(
      (o) =>
        `<tr><th scope="row">${h(OUTCOME_NAMES[lang][o.outcome] ?? o.outcome)}</th><td>${numbers.format(o.count)}</td></tr>`,
    )
    .join('');
  const returnRows = report.returns
    .map(
      (r) =>
        `<tr><th scope="row">${h(t.hows[r.how])}</th><td data-testid="came-${r.how}">${numbers.format(r.came)}</td><td data-testid="finished-${r.how}">${numbers.format(r.finished)}</td></tr>`,
    )
    .join('');
  const productOptions: [string, string][] = [
    ['', t.allProducts],
    ...[...new Set([...report.products, ...(filter.product ? [filter.product] : [])])].map(
      (p): [string, string] => [p, p],
    ),
  ];

  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${h(t.title)}</title>
<link rel="stylesheet" href="/ops/funnel/assets/uplot.css">
<link rel="stylesheet" href="/ops/funnel/assets/page.css">
<script src="/ops/funnel/assets/uplot.js" defer></script>
<script src="/ops/funnel/assets/chart.js" defer></script>
</head>
<body>
<header class="top"><a href="${h(query(other))}" lang="${other}" hreflang="${other}">${h(t.switchLanguage)}</a></header>
<main>
<h1>${h(t.title)}</h1>
<form method="get" action="${h(path)}" class="filters" aria-labelledby="filters-title">
<h2 id="filters-title">${h(t.filters)}</h2>
<input type="hidden" name="lang" value="${lang}">
${select(
  'flow',
  t.flow,
  Object.entries(t.flows).map(([v, l]) => [v, l]),
  filter.flow,
)}
${select('device', t.device, Object.entries(t.devices), filter.device)}
${select('language', t.language, Object.entries(t.languages), filter.language)}
${select('product', t.product, productOptions, filter.product)}
<div class="field"><label for="f-from">${h(t.from)}</label><input id="f-from" name="from" type="date" value="${h(filter.from)}"></div>
<div class="field"><label for="f-to">${h(t.to)}</label><input id="f-to" name="to" type="date" value="${h(filter.to)}"></div>
<button type="submit">${h(t.apply)}</button>
</form>
<section aria-labelledby="summary-title">
<h2 id="summary-title">${h(t.summary)}</h2>
<dl class="summary">
<div><dt>${h(t.started)}</dt><dd data-testid="started">${numbers.format(report.started)}</dd></div>
<div><dt>${h(t.completed)}</dt><dd data-testid="completed">${numbers.format(report.completed)}</dd></div>
<div><dt>${h(t.completionRate)}</dt><dd data-testid="completion-rate">${percent.format(report.completionRate)}</dd></div>
</dl>
</section>
<section aria-labelledby="chart-title">
<h2 id="chart-title">${h(t.chartTitle)}</h2>
<figure>
<div id="funnel-chart" class="chart" aria-hidden="true"></div>
<figcaption>${h(t.chartCaption)}</figcaption>
</figure>
<script type="application/json" id="funnel-data">${JSON.stringify(chartData).replace(/</g, '\\u003c')}</script>
<div class="scroll" role="region" aria-labelledby="steps-caption" tabindex="0">
<table>
<caption id="steps-caption">${h(t.stepsCaption)}</caption>
<thead><tr><th scope="col">${h(t.number)}</th><th scope="col">${h(t.step)}</th><th scope="col">${h(t.reached)}</th><th scope="col">${h(t.left)}</th><th scope="col">${h(t.median)}</th><th scope="col">${h(t.p90)}</th></tr></thead>
<tbody>${stepRows}</tbody>
</table>
</div>
</section>
<section aria-labelledby="errors-title">
<h2 id="errors-title">${h(t.errorsTitle)}</h2>
${
  errorRows
    ? `<div class="scroll" role="region" aria-labelledby="errors-caption" tabindex="0"><table><caption id="errors-caption">${h(t.errorsCaption)}</caption><thead><tr><th scope="col">${h(t.step)}</th><th scope="col">${h(t.message)}</th><th scope="col">${h(t.times)}</th></tr></thead><tbody>${errorRows}</tbody></table></div>`
    : `<p>${h(t.noErrors)}</p>`
}
</section>
<section aria-labelledby="outcomes-title">
<h2 id="outcomes-title">${h(t.outcomesTitle)}</h2>
${
  outcomeRows
    ? `<table><caption>${h(t.outcomesCaption)}</caption><thead><tr><th scope="col">${h(t.outcome)}</th><th scope="col">${h(t.count)}</th></tr></thead><tbody>${outcomeRows}</tbody></table>`
    : `<p>${h(t.noOutcomes)}</p>`
}
</section>
<section aria-labelledby="returns-title">
<h2 id="returns-title">${h(t.returnsTitle)}</h2>
<table><caption>${h(t.returnsCaption)}</caption><thead><tr><th scope="col">${h(t.how)}</th><th scope="col">${h(t.came)}</th><th scope="col">${h(t.finished)}</th></tr></thead><tbody>${returnRows}</tbody></table>
</section>
<p class="note">${h(t.privacy)}</p>
</main>
</body>
</html>
`;
}

/** The page's stylesheet (served as a file: the CSP allows no inline style). */
export const PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff;line-height:1.5}
.top{display:flex;justify-content:flex-end;padding:.5rem 1rem;border-bottom:1px solid #767676}
main{max-width:64rem;margin:0 auto;padding:1rem}
h1{font-size:1.75rem;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
a{color:#0b57d0}
a:focus-visible,button:focus-visible,select:focus-visible,input:focus-visible,.scroll:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.filters{display:flex;flex-wrap:wrap;gap:.75rem 1rem;align-items:flex-end;padding:1rem;border:1px solid #767676;border-radius:4px}
.filters h2{flex-basis:100%;margin:0}
.field{display:flex;flex-direction:column;min-width:10rem;flex:1 1 10rem}
label{font-weight:600}
select,input,button{font:inherit;min-height:2.75rem;padding:.25rem .5rem;border:1px solid #595959;border-radius:4px;background:#fff;color:inherit}
button{background:#0b57d0;color:#fff;border-color:#0b57d0;padding:.25rem 1.25rem;cursor:pointer}
.summary{display:flex;flex-wrap:wrap;gap:1rem;margin:0}
.summary div{border:1px solid #767676;border-radius:4px;padding:.75rem 1rem;flex:1 1 12rem}
.summary dt{font-weight:600}
.summary dd{margin:0;font-size:1.5rem}
figure{margin:0}
.chart{min-height:1px;max-width:100%;overflow:hidden}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #767676;padding:.375rem .5rem;text-align:left;vertical-align:top}
td{font-variant-numeric:tabular-nums}
.note{margin-top:2rem;color:#3d3d3d}
`;

/** Draws the chart from the page's numbers (uPlot, loaded by the page before this script). */
export const CHART_SCRIPT = `
(function () {
  var holder = document.getElementById('funnel-chart');
  var source = document.getElementById('funnel-data');
  if (!holder || !source || typeof uPlot !== 'function') return;
  var data = JSON.parse(source.textContent || '{}');
  var xs = data.reached.map(function (_v, i) { return i + 1; });
  function size() { return { width: Math.max(280, holder.clientWidth), height: 280 }; }
  var opts = Object.assign(size(), {
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: false, range: [0.5, xs.length + 0.5] }, y: { range: [0, Math.max(1, Math.max.apply(null, data.reached))] } },
    axes: [
      { label: data.xLabel, values: function (_u, splits) { return splits.map(function (v) { return Number.isInteger(v) ? String(v) : ''; }); } },
      { label: data.yLabel, values: function (_u, splits) { return splits.map(function (v) { return Number.isInteger(v) ? String(v) : ''; }); } }
    ],
    series: [{}, { label: data.yLabel, fill: '#0b57d0', stroke: '#0b57d0', paths: uPlot.paths.bars({ size: [0.6, 64] }), points: { show: false } }]
  });
  var chart = new uPlot(opts, [xs, data.reached], holder);
  window.addEventListener('resize', function () { chart.setSize(size()); });
})();
`;
