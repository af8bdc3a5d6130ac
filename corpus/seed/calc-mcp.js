// Seed of calc-mcp (docs/corpus.md): none. The server keeps no local data of the user's (it computes
// from its arguments, or ships its own data), so the folder stays empty.
import { target } from './lib/common.js';

target();
