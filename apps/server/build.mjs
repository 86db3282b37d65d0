// Bundles the server into dist/server.js (ESM, Node 20). Our workspace package @omo/domain is TypeScript
// source, so it is bundled; every other package stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const BUNDLED_PACKAGES = new Set(['@omo/domain']);

/** Marks every bare import external except the workspace packages we bundle. */
const externalsExceptWorkspace = {
  name: 'externals-except-workspace',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      if (BUNDLED_PACKAGES.has(name)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(path.join(here, 'dist'), { recursive: true, force: true });

const result = await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(here, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  legalComments: 'none',
  metafile: true,
  logLevel: 'info',
  plugins: [externalsExceptWorkspace],
  // Bundled CommonJS-style code may call require(); ESM output has none, so provide one.
  banner: {
    js: "import { createRequire as __omoCreateRequire } from 'node:module'; const require = __omoCreateRequire(import.meta.url);",
  },
});

// The embedded database's template for new data folders (src/db/template.ts): the app started once with the
// repository's seed; the build's own step, bundled beside the server and removed once it ran.
await build({
  entryPoints: [path.join(here, 'src/db/make-template.ts')],
  outfile: path.join(here, 'dist/make-template.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
  plugins: [externalsExceptWorkspace],
  banner: {
    js: "import { createRequire as __omoCreateRequire } from 'node:module'; const require = __omoCreateRequire(import.meta.url);",
  },
});
const made = spawnSync(
  process.execPath,
  [
    path.join(here, 'dist/make-template.js'),
    path.join(here, 'dist/pglite-template'),
    path.join(here, '../../data'),
  ],
  { stdio: 'inherit' },
);
rmSync(path.join(here, 'dist/make-template.js'), { force: true });
if (made.status !== 0) throw new Error('build: the embedded database template could not be made');

const inputs = Object.keys(result.metafile.inputs);
if (!inputs.some((p) => p.includes('packages/domain/'))) {
  throw new Error('build: @omo/domain was not bundled');
}
