// Test fixtures live in test/support/ as TypeScript, outside the published dist/. A bench that
// needs one bundles it here with esbuild (a devDependency) into a temporary module and imports it.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** `await importSupport('board/records.ts')` imports test/support/board/records.ts. */
export async function importSupport(path) {
  // Inside the package, so the bundle's bare imports (zod, playwright-core) resolve from node_modules.
  const cache = join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outfile = join(mkdtempSync(join(cache, 'bench-support-')), 'support.mjs');
  await build({
    entryPoints: [join(root, 'test/support', path)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}
