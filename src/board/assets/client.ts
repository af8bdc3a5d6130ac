import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FitnessError } from '../../core/errors.js';

/**
 * The viewer client's JavaScript, bundled at build time (scripts/build-viewer.js: one ES module per
 * page file at the top of src/board/client, what they import from client/shared/ and the rest of
 * src bundled in, shared code in chunks) into dist/board/viewer.
 * This file sits three levels below the package root both in src/ and in dist/, so one relative
 * path finds the bundle from either; the tests' global setup bundles it once from the source.
 */
const VIEWER_DIR = fileURLToPath(new URL('../../../dist/board/viewer/', import.meta.url));

export async function clientFiles(): Promise<Map<string, string>> {
  const dir = VIEWER_DIR;
  const names = existsSync(dir) ? (await readdir(dir)).filter((n) => n.endsWith('.js')) : [];
  if (!names.includes('main.js')) {
    throw new FitnessError('BOARD_ASSETS', `${dir}: the viewer client is missing (run npm run build)`);
  }
  const out = new Map<string, string>();
  for (const name of names) out.set(name, await readFile(join(dir, name), 'utf8'));
  return out;
}
