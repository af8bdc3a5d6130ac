// Seed of code-runner (docs/corpus.md): none. The server runs the snippet it is given with an
// interpreter found on PATH (node, python, bash, ...) and keeps nothing, so the folder stays empty.
import { target } from './lib/common.js';

target();
