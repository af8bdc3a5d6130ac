// Seed of sonance-brand (docs/corpus.md): none. The server answers from the brand kit it ships
// (`dist/assets/`: the brand guidelines of Sonance, IPORT and Blaze, their CSS themes, a React
// component library with its source, logos, document templates, design checklists) and reviews code
// it is given as text; it keeps no data of the user's, so the folder stays empty.
import { target } from './lib/common.js';

target();
