// Seed of byethrow (docs/corpus.md): none. The server ships the documentation and code examples of
// the @praha/byethrow library inside its bundle, so the folder stays empty.
import { target } from './lib/common.js';

target();
