// Seed of mcp-server-sqlite (docs/corpus.md): a SQLite database (shipping) of several related tables.
import { join } from 'node:path';
import { target } from './lib/common.js';
import { shipping } from './lib/databases.js';
import { buildDb } from './lib/sqlite.js';

buildDb(join(target(), 'shipping.db'), shipping());
