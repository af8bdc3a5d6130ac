// Seed of hello-world (docs/corpus.md): none. The server keeps no local data of the user's (its
// tools echo their arguments), so the folder stays empty.
import { target } from './lib/common.js';

target();
