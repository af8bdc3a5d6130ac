// Seed of mcp-cli (docs/corpus.md): the field station archive of lib/folders.js (a README, a CSV of
// temperatures, site and sensor configuration, quarterly reports and maintenance notes), the one
// directory the roster names on the command line as the server's whitelist.
import { target, writeTree } from './lib/common.js';
import { documents } from './lib/folders.js';

writeTree(target(), documents());
