/**
 * A new data folder starts from a template of the embedded database (decisions 0081 and 0108): the build
 * starts the app once on a folder of its own (initdb, migrations, seed, the job queue's schema, queues and
 * schedules), closes it, and keeps that database as `dist/pglite-template/`. A new folder's first start
 * copies it in, whole or not at all. The start still migrates, seeds and defines its queues as always, so a
 * template older than the code only saves less work. Nothing in it is secret: the SIN key and the rest of
 * the data folder stay behind.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

export const PGLITE_TEMPLATE_DIR = 'pglite-template';

/** Makes the template in `outDir`: `startAndClose` starts the app on the data folder it is given and closes it. */
export async function writePgliteTemplate(
  outDir: string,
  startAndClose: (dataDir: string) => Promise<void>,
): Promise<void> {
  const work = mkdtempSync(path.join(path.dirname(outDir), '.pglite-template-'));
  try {
    await startAndClose(work);
    rmSync(path.join(work, 'pglite', 'postmaster.pid'), { force: true });
    rmSync(outDir, { recursive: true, force: true });
    renameSync(path.join(work, 'pglite'), outDir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Puts the template into `dir` when it holds no database yet (missing or empty) and the template exists;
 * answers whether it did. The copy lands under another name and is renamed, so a start that dies midway
 * leaves no half database.
 */
export function copyPgliteTemplate(template: string | undefined, dir: string): boolean {
  if (!template || !existsSync(path.join(template, 'PG_VERSION'))) return false;
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  const partial = mkdtempSync(`${dir}.partial-`);
  cpSync(template, partial, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return true;
}
