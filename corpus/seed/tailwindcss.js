// Seed of tailwindcss (docs/corpus.md): none. The server ships its own tables of Tailwind CSS
// utility classes, colours, framework setup guides and component templates (its documentation
// search alone goes to tailwindcss.com), and keeps no local data of the user's, so the folder stays
// empty.
import { target } from './lib/common.js';

target();
