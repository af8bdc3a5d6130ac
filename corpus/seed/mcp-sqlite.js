// Seed of mcp-sqlite (docs/corpus.md): a SQLite database (bookshop) of several related tables.
import { join } from 'node:path';
import { target } from './lib/common.js';
import { bookshop } from './lib/databases.js';
import { buildDb } from './lib/sqlite.js';

buildDb(join(target(), 'bookshop.db'), bookshop());
