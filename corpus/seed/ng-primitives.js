// Seed of ng-primitives (docs/corpus.md): none. The server ships the registry of Angular Primitives'
// headless components (their inputs, outputs, examples and install steps, in `src/generated/`), so
// the folder stays empty.
import { target } from './lib/common.js';

target();
