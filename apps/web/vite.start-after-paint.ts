// A built page whose scripts are asked for once it has painted (public/start-app.js), shared by the
// applicant's prerendered pages (vite.config.ts) and the back office's sign-in (vite.staff.config.ts): the
// scripts neither hold back the first paint nor count as blocking it in Lighthouse.

/** The page with its module script and module preloads replaced by start-app.js, which asks for them. */
export function startAfterPaint(page: string): string {
  const app = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(page);
  const preloads = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  if (!app) throw new Error('start after paint: no module script in the page');
  let started = page.replace(app[0], '');
  for (const link of preloads) started = started.replace(link[0], '');
  return started.replace(
    '</head>',
    `  <script src="/start-app.js" data-app="${app[1]}" data-preload="${preloads.map((l) => l[1]).join(' ')}" defer></script>\n  </head>`,
  );
}
