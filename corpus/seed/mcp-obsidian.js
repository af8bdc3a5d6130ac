// Seed of mcp-obsidian (docs/corpus.md): an Obsidian vault of linked Markdown notes with front matter.
import { target, writeTree } from './lib/common.js';
import { vault } from './lib/folders.js';

writeTree(target(), vault());
