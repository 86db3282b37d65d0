// Vite build of the omo SPA and the vitest project `web`.
// The server sends a strict CSP (script-src 'self'; style-src 'self'): nothing here may inline scripts or
// styles, so the module preload polyfill (an inline script) is off and CSS is always emitted as files.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.precompress.ts';
import { startAfterPaint } from './vite.start-after-paint.ts';
// By file: Node loads this config, and takes the domain package's TypeScript only through a relative path.
// eslint-disable-next-line no-restricted-imports
import {
  escapeHtml,
  PRERENDERED_DIR,
  PRERENDERED_LANGUAGES,
  ROUTE_PRELOADS_FILE,
  SERVER_RENDER_MODULE,
  SERVER_RENDER_ROOT,
  SERVER_RENDER_TEMPLATE,
  type PreloadFiles,
  type RoutePreloads,
} from '../../packages/domain/src/schemas/prerendered-pages.ts';

const PRERENDER_ENTRY = 'src/prerender/prerender-entry.tsx';

/** The manifest key ('src/…') of a module, from its file. */
const manifestKey = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

/**
 * For the prerender's build only: each dynamic import of the route table and of the texts notes the module
 * it asks for, so that the build can list what each route loads (lazyModules in the prerender entry).
 */
function noteDynamicImports(root: string): Plugin {
  return {
    name: 'omo-note-dynamic-imports',
    // After vite's own transforms, so that the route table's import.meta.glob is already its imports.
    enforce: 'post',
    transform(code, id) {
      if (!/src[\\/](app[\\/]router\.tsx|i18n[\\/]i18n\.ts)$/.test(id)) return null;
      return code.replace(/\bimport\((['"])(\.[^'"]+)\1\)/g, (call, _quote, specifier: string) => {
        const key = manifestKey(root, path.resolve(path.dirname(id), specifier));
        return `(globalThis.__omoNotedImports?.add(${JSON.stringify(key)}), ${call})`;
      });
    },
  };
}

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * The files that the modules load, their static imports included, less those the entry page already
 * loads: the scripts and the stylesheets the server asks for with the page.
 */
function filesOf(manifest: Manifest, modules: string[], loaded: Set<string>): PreloadFiles {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`route preloads: ${key} is not in the build's manifest`);
    if (seen.has(key)) return;
    seen.add(key);
    if (!loaded.has(chunk.file)) scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) if (!loaded.has(css)) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

/** What the entry page (index.html) loads by itself: its script, its static imports, their stylesheets. */
function entryFiles(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  visit('index.html');
  return files;
}

/**
 * After the app's build, renders the first screens to static HTML (decision 0023): builds the prerender
 * entry for Node, runs it, and writes each page into a copy of the built index.html (its hashed scripts and
 * stylesheet), in dist/prerendered/, which the server fills in and sends for those paths.
 */
function prerender(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'omo-prerender',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Kept in the build: the server renders a flow's page with it for a request (decision 0105). Whole
      // (nothing external), so that it runs from the build alone.
      const entry = path.join(outDir, PRERENDERED_DIR, SERVER_RENDER_MODULE);
      const ssrDir = path.dirname(entry);
      await build({
        root,
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: 'warn',
        ssr: { noExternal: true },
        publicDir: false,
        build: {
          ssr: PRERENDER_ENTRY,
          outDir: ssrDir,
          emptyOutDir: true,
          manifest: false,
          rolldownOptions: { output: { entryFileNames: '[name].js' } },
        },
        plugins: [noteDynamicImports(root)],
      });
      const { lazyModules, renderAll, renderLoading } = (await import(
        pathToFileURL(entry).href
      )) as typeof import('./src/prerender/prerender-entry.tsx');
      // Before the pages are rendered: it notes each language's modules as it first loads them.
      const modules = await lazyModules();
      const manifest = JSON.parse(
        readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      const loaded = entryFiles(manifest);
      const routePreloads: RoutePreloads = {
        routes: Object.fromEntries(
          Object.entries(modules.routes).map(([route, keys]) => [route, filesOf(manifest, keys, loaded)]),
        ),
        languages: {
          en: filesOf(manifest, modules.languages.en, loaded),
          fr: filesOf(manifest, modules.languages.fr, loaded),
        },
      };
      mkdirSync(path.join(outDir, PRERENDERED_DIR), { recursive: true });
      writeFileSync(
        path.join(outDir, PRERENDERED_DIR, ROUTE_PRELOADS_FILE),
        JSON.stringify(routePreloads, null, 1),
      );
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      // The page paints from the HTML and the stylesheet alone.
      const startsAfterPaint = startAfterPaint(template);
      writeFileSync(
        path.join(outDir, PRERENDERED_DIR, SERVER_RENDER_TEMPLATE),
        startsAfterPaint.replace('<div id="root"></div>', SERVER_RENDER_ROOT),
      );
      for (const page of await renderAll()) {
        const html = startsAfterPaint
          .replace('<html lang="en">', `<html lang="${page.lang}">`)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
          // Inert until the app has replaced it (main.tsx): a click meanwhile would find no app behind it.
          .replace('<div id="root"></div>', `<div id="root" inert>${page.markup}</div>`);
        if (!html.includes(page.markup)) throw new Error('prerender: no <div id="root"></div> in index.html');
        const file = path.join(outDir, page.file);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, html);
      }
      // A page loaded on demand: index.html as built, its scripts asked for at once (the page needs them to
      // show anything but the loading indicator), the loading indicator painted meanwhile.
      for (const lang of PRERENDERED_LANGUAGES) {
        const loading = renderLoading(lang);
        const html = template
          .replace('<html lang="en">', `<html lang="${lang}">`)
          .replace('<div id="root"></div>', `<div id="root">${loading.markup}</div>`);
        if (!html.includes(loading.markup))
          throw new Error('prerender: no <div id="root"></div> in index.html');
        writeFileSync(path.join(outDir, loading.file), html);
      }
    },
  };
}

const buildNumber = process.env.BUILD_NUMBER ?? `local-${new Date().toISOString().slice(0, 10)}`;

export default defineConfig({
  plugins: [react(), precompress(), prerender()],
  define: {
    __BUILD_NUMBER__: JSON.stringify(buildNumber),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    assetsInlineLimit: 0,
    cssCodeSplit: true,
    sourcemap: false,
    // dist/.vite/manifest.json (never served: dot folder): the chunks each route needs, for bench/route-weight.mjs.
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React and React Router, which every page needs, in one long-cached chunk named for what
        // it is. The domain package and zod are left to the routes that import them, module by module, so
        // the first screen takes the paths and flows without the form schemas.
        advancedChunks: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
            },
            {
              // The small modules the first screen shares with later routes, in one file rather than a
              // dozen (each file is a request on a slow phone link); nothing only a later route uses.
              name: 'first-screen',
              test: /apps[\\/]web[\\/]src[\\/](config[\\/]|i18n[\\/](i18n|en-first|article)\.ts|lib[\\/](api|session-api|session-state|reference-data|empty-application)\.ts|components[\\/](use-page-title|phone-text|loading-indicator|whole-words|page-heading|form[\\/]busy-button)\.tsx?|errors[\\/]not-found-page|steps[\\/]get-started[\\/]get-started-page)|packages[\\/]domain[\\/]src[\\/](flows[\\/]flows|schemas[\\/](api-paths|api-config|field-limits|prerendered-pages)|rules[\\/](error-routes|outbound-links))\.ts/,
            },
            {
              // What every form screen needs, in one file fetched with the first form (create profile):
              // react-hook-form, zod/mini and zod's core (the first screen has none; not the JSON Schema parts
              // the full zod of a developer page uses) and the resolver, the step helper, the form frame and
              // its common controls, the messages and the text rules. Each screen's own schema and page stay
              // in the screen's chunk.
              name: 'forms',
              // Only these modules: their imports (the API client) stay where the first screen has them.
              includeDependenciesRecursively: false,
              test: /node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]|node_modules[\\/]zod[\\/]v4[\\/](mini[\\/]|core[\\/](?!to-json-schema|json-schema-processors|memoizer))|apps[\\/]web[\\/]src[\\/](lib[\\/]step\.ts|components[\\/]form[\\/](use-form-errors|use-message|step-form|step-form-top|field|checkbox-field|reveal-button|error-summary|trim-on-blur)\.tsx?)|packages[\\/]domain[\\/]src[\\/](messages[\\/]messages|schemas[\\/]forms[\\/](form-helpers|limits|codes)|rules[\\/]validation[\\/]text)\.ts/,
            },
            {
              // What a step's route and an outcome page share without a form (the loader, a failed save):
              // outcome pages do not load the 'forms' chunk. The busy button is the landing's too: first screen.
              name: 'step-route',
              includeDependenciesRecursively: false,
              test: /apps[\\/]web[\\/]src[\\/]lib[\\/]step-route\.ts|packages[\\/]domain[\\/]src[\\/]flows[\\/]identity\.ts/,
            },
            {
              // The choice controls several later screens share (not create profile).
              name: 'form-fields',
              includeDependenciesRecursively: false,
              test: /apps[\\/]web[\\/]src[\\/]components[\\/]form[\\/](radio-group|select-field|masked-field)\.tsx/,
            },
            {
              // The other rules (dates and ages with the provinces, SIN, postal codes, phone, amounts), first
              // needed on the screen after create profile.
              name: 'form-rules',
              includeDependenciesRecursively: false,
              test: /packages[\\/]domain[\\/]src[\\/](rules[\\/]validation[\\/](dates|sin-and-tin|postal-codes|phone|amounts|display)|reference[\\/](provinces|named-code))\.ts/,
            },
          ],
        },
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        changeOrigin: false,
        // The server takes state-changing calls from its own origin only: the dev server's pages are its own.
        configure(proxy) {
          proxy.on('proxyReq', (proxyReq, req) => {
            if (req.headers.origin === 'http://localhost:5173')
              proxyReq.setHeader('origin', 'http://localhost:3000');
          });
        },
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
