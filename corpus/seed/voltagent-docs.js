// Seed of voltagent-docs (docs/corpus.md): none. The server answers from what its package ships:
// VoltAgent's documentation (`docs/`, the TypeScript AI-agent framework's guides and API pages),
// its example projects (`examples/`) and their changelogs; it keeps no local data of the user's, so
// the folder stays empty.
import { target } from './lib/common.js';

target();
