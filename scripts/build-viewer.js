// Bundles the replay viewer (src/board/client) for the browser with esbuild: one ES module per file at
// the top of src/board/client (the page code: DOM, fetch, files), as the site serves them
// (assets/viewer/main.js imports ./load.js …); what they import from client/shared/ (the viewer's
// data: tape entries, timeline, story, state, custody checks) and from the rest of src (the tape
// layer's reader, schemas and pairing, corr ids) is bundled in, and what several of them import
// (zod/mini above all) goes into shared chunk-<hash>.js files. `npm run build` runs it, and the
// tests' global setup runs it once, so a site built from source serves the source it is beside.
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT = join(root, 'src/board/client');
/** Where src/board/assets/client.ts reads the viewer from, whether it runs from src or from dist. */
export const VIEWER_OUT = join(root, 'dist/board/viewer');

/**
 * A page module's import of a sibling page module stays an import of its served file; everything
 * else (client/shared/ and the rest of src) is bundled in.
 */
const siblingsStayModules = {
  name: 'siblings-stay-modules',
  setup(b) {
    b.onResolve({ filter: /^\.\/[^/]+\.js$/ }, (args) =>
      dirname(args.importer) === CLIENT ? { path: args.path, external: true } : undefined,
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
    // What several page modules bundle (client/shared/, zod/mini, the tape layer) goes into shared
    // chunks, so a page loads it once.
    splitting: true,
    platform: 'browser',
    target: 'es2022',
    plugins: [siblingsStayModules],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildViewer();
