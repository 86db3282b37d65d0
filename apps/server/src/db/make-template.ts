// The build's step that makes the embedded database's template (db/template.ts):
// node dist/make-template.js <output folder> <seed folder>
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { writePgliteTemplate } from './template.ts';

const [outDir, seedDir] = process.argv.slice(2);
if (!outDir || !seedDir) throw new Error('usage: make-template <output folder> <seed folder>');
await writePgliteTemplate(outDir, async (dataDir) => {
  // The defaults, not the build's environment: the template is the same wherever it is built.
  const app = await buildApp(parseConfig({ DATA_DIR: dataDir, SEED_DIR: seedDir, LOG_LEVEL: 'warn' }));
  await app.close();
});
