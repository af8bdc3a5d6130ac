// Seed of semiotic (docs/corpus.md): none. The server answers from what the chart library ships
// (its components' prop schemas, chart-selection rules, behaviour contracts and themes) and renders
// or checks the chart configurations and data it is given; it keeps no data of the user's, so the
// folder stays empty.
import { target } from './lib/common.js';

target();
