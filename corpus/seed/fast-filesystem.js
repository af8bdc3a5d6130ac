// Seed of fast-filesystem (docs/corpus.md): a field-station archive of text, CSV, JSON, YAML and Markdown files.
import { target, writeTree } from './lib/common.js';
import { documents } from './lib/folders.js';

writeTree(target(), documents());
