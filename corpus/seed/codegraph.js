// Seed of codegraph (docs/corpus.md): a small TypeScript project (greenhouse-plots/), indexed with the
// package's own `codegraph-ai index DIR` as its README says to do before `serve` (the index,
// .codegraph.db, holds the symbols, their files and the imports between them). Files are dated, so
// the index reads the same mtimes everywhere.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { target } from './lib/common.js';
import { writeGreenhouse } from './lib/project.js';

const cli = fileURLToPath(new URL('../node_modules/codegraph-ai/dist/cli.js', import.meta.url));
const root = writeGreenhouse(target(), 'greenhouse-plots');
execFileSync(process.execPath, [cli, 'index', root], { stdio: 'ignore' });
