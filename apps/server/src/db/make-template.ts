// The build's step that makes the embedded database's template (db/template.ts):
// node dist/make-template.js <output file> <seed folder>
import { writePgliteTemplate } from './template.ts';

const [file, seedDir] = process.argv.slice(2);
if (!file || !seedDir) throw new Error('usage: make-template <output file> <seed folder>');
await writePgliteTemplate(file, seedDir);
