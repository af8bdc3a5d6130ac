// Seed of knip-mcp (docs/corpus.md): a project (the server's cwd) with an unused file, unused exports
// and an unused dependency for knip to report.
import { target, writeTree } from './lib/common.js';
import { knipProject } from './lib/folders.js';

writeTree(target(), knipProject());
