// Seed of mastra-docs (docs/corpus.md): none. The server ships Mastra's documentation, code examples
// and package changelogs as Markdown (its `.docs/` folder); the roster sets HOME to the data folder,
// where it keeps its log and course progress (`.cache/mastra/`). The folder starts empty.
import { target } from './lib/common.js';

target();
