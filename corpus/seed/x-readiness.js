// Seed of x-readiness (docs/corpus.md): the tide-gauge REST API of lib/api-project.js (Express
// routes, an OpenAPI description, an error handler) at the root of the data folder, the repository
// whose path its tools take (`repoPath`, the entry's `given`). Its plan and report files are written
// under that repository's mcp/ when a run asks for them.

import { TIDE_API_FILES } from './lib/api-project.js';
import { target, writeTree } from './lib/common.js';

writeTree(target(), TIDE_API_FILES);
