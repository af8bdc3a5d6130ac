// Seed of eslint-mcp (docs/corpus.md): a small JavaScript project (the server's cwd) with an ESLint
// flat config and files that break five rules.
import { target, writeTree } from './lib/common.js';
import { lintProject } from './lib/folders.js';

writeTree(target(), lintProject());
