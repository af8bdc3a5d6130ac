// Bundles the replay viewer (src/board/client/*.ts) for the browser with esbuild: one ES module per
// client file, as the site serves them (assets/viewer/main.js imports ./load.js …), with whatever
// they import from the rest of src (corr ids, schemas) bundled in; what several of them import (zod/mini
// above all) goes into shared chunk-<hash>.js files. `npm run build` runs it, and the
// tests' global setup runs it once, so a site built from source serves the source it is beside.
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT = join(root, 'src/board/client');
/** Where src/board/assets/client.ts reads the viewer from, whether it runs from src or from dist. */
export const VIEWER_OUT = join(root, 'dist/board/viewer');

/** A sibling client module stays an import of its served file; everything else is bundled in. */
const siblingsStayModules = {
  name: 'siblings-stay-modules',
  setup(b) {
    b.onResolve({ filter: /^\.\/[^/]+\.js$/ }, (args) =>
      args.importer.startsWith(CLIENT) ? { path: args.path, external: true } : undefined,
    );
  },
};

export async function buildViewer(outdir = VIEWER_OUT) {
  const entryPoints = readdirSync(CLIENT)
    .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts') && !n.endsWith('.d.ts'))
    .map((n) => join(CLIENT, n));
  // The shared chunks' names carry a hash: a chunk of an earlier build must not be published beside them.
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir,
    bundle: true,
    format: 'esm',
    // What several client files bundle from the rest of src (zod/mini above all) goes into one shared
    // chunk, so a page loads it once.
    splitting: true,
    platform: 'browser',
    target: 'es2022',
    plugins: [siblingsStayModules],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildViewer();
