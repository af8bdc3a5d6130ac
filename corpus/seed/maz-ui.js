// Seed of maz-ui (docs/corpus.md): none. The server answers from the documentation its package ships
// (`docs/`: the Maz-UI Vue 3 component library's components, composables, directives, plugins and
// guides, generated and hand-written pages); it keeps no local data of the user's, so the folder stays
// empty.
import { target } from './lib/common.js';

target();
