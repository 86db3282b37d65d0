// Vite build of the staff back office: an entry and a bundle of its own (dist-staff), so that nothing of
// it reaches the applicant's pages. Served by the staff listener under the same strict CSP (no inline
// script or style).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// By file: Node loads this config, and takes the domain package's TypeScript only through a relative path.
// eslint-disable-next-line no-restricted-imports
import { STAFF_SIGNED_OUT_PAGE } from '../../packages/domain/src/schemas/prerendered-pages.ts';
import { precompress } from './vite.precompress.ts';
import { startAfterPaint } from './vite.start-after-paint.ts';

/** After the build, renders the signed-out page (src/staff/sign-in-prerender.tsx) into STAFF_SIGNED_OUT_PAGE. */
function prerenderSignIn(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'omo-staff-sign-in',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const ssrDir = mkdtempSync(path.join(tmpdir(), 'omo-staff-prerender-'));
      try {
        await build({
          root,
          configFile: false,
          logLevel: 'warn',
          publicDir: false,
          plugins: [react()],
          ssr: { noExternal: true },
          build: {
            ssr: 'src/staff/sign-in-prerender.tsx',
            outDir: ssrDir,
            rollupOptions: { output: { entryFileNames: '[name].js' } },
          },
        });
        const { renderSignedOut } = (await import(
          pathToFileURL(path.join(ssrDir, 'sign-in-prerender.js')).href
        )) as typeof import('./src/staff/sign-in-prerender.tsx');
        // The sign-in paints from the page and its stylesheet; the app is asked for once it has painted.
        const page = startAfterPaint(readFileSync(path.join(outDir, 'staff.html'), 'utf8'));
        const signedOut = page.replace('<div id="root"></div>', `<div id="root">${renderSignedOut()}</div>`);
        if (signedOut === page) throw new Error('staff prerender: no <div id="root"></div> in staff.html');
        writeFileSync(path.join(outDir, STAFF_SIGNED_OUT_PAGE), signedOut);
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), prerenderSignIn()],
  build: {
    outDir: 'dist-staff',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    rollupOptions: { input: 'staff.html' },
  },
});
