// Seed of capybara-db (docs/corpus.md): a SQLite database (lending) of several related tables.
import { join } from 'node:path';
import { target } from './lib/common.js';
import { lending } from './lib/databases.js';
import { buildDb } from './lib/sqlite.js';

buildDb(join(target(), 'lending.db'), lending());
