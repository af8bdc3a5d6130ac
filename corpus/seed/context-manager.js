// Seed of context-manager (docs/corpus.md): a project to write AI context files for, the tide-gauge
// REST API of lib/api-project.js at the root of the data folder (the path its tools take,
// `projectPath`, the entry's `given`), with the AI-CONTEXT.md an earlier setup left there in
// January: it still names the API's first stack (no SQLite, no alerts), so an update has something
// to find out of date.

import { TIDE_API_FILES } from './lib/api-project.js';
import { target, writeTree } from './lib/common.js';

writeTree(target(), {
  ...TIDE_API_FILES,
  'AI-CONTEXT.md': `# AI Context: tide-gauge-api

_Last updated: 2026-01-19_

## Project overview
REST API of the coastal tide-gauge network. Serves stations and their six-minute readings.

## Tech stack
- Node.js 20, JavaScript (ES modules)
- Express 4
- Data: JSON files under data/ (one per station)

## Conventions
- Routes live in src/routes/, one router per resource, mounted under /v1
- Errors go through src/errors.js as { title, detail }
- Field names are camelCase

## Commands
- npm start: start the API on port 8080
- npm test: node --test
`,
});
