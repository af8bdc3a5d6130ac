// Seed of customer-segmentation (docs/corpus.md): none. The server ships its own generated customer
// data set and keeps nothing of the user's, so the folder stays empty.
import { target } from './lib/common.js';

target();
