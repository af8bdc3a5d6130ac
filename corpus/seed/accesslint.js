// Seed of accesslint (docs/corpus.md): none. The server ships its WCAG rules and audits HTML it is
// given as a string (or a live page, which needs a browser), so it keeps nothing of the user's and
// the folder stays empty.
import { target } from './lib/common.js';

target();
