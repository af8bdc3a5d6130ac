// Seed of typescript-mcp (docs/corpus.md): the small TypeScript project of lib/project.js (a
// community greenhouse's plot booking: members, plots, watering rota, harvest log), written at the
// root of the server's working directory, which its README's `npx typescript-mcp` takes as the
// project (tsconfig.json there). The server reads and refactors it through the TypeScript compiler
// that ts-morph bundles.
import { target, writeTree } from './lib/common.js';
import { GREENHOUSE_FILES } from './lib/project.js';

writeTree(target(), GREENHOUSE_FILES);
