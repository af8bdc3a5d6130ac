// Seed of mcp-server-sqlite-npx (docs/corpus.md): a SQLite database (observatory) of several related tables.
import { join } from 'node:path';
import { target } from './lib/common.js';
import { observatory } from './lib/databases.js';
import { buildDb } from './lib/sqlite.js';

buildDb(join(target(), 'observatory.db'), observatory());
