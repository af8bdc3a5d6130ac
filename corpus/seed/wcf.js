// Seed of wcf (docs/corpus.md): none. The server ships the web-components-factory design system's
// component catalogue, tokens and guidelines (data/), and reads a wcf-mcp.config.json from its
// working directory only when one is there; none is, so the folder stays empty.
import { target } from './lib/common.js';

target();
