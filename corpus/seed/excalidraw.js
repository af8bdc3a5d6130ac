// Seed of excalidraw (docs/corpus.md): none. The server keeps one Excalidraw scene in memory for as
// long as it runs (elements created, updated, grouped, aligned, locked through its tools) and reads
// or writes no file; it keeps no data of the user's, so the folder stays empty and its answers hold
// what it was given (`readableData` false).
import { target } from './lib/common.js';

target();
