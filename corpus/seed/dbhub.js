// Seed of dbhub (docs/corpus.md): a SQLite database (orchestra) of several related tables.
import { join } from 'node:path';
import { target } from './lib/common.js';
import { orchestra } from './lib/databases.js';
import { buildDb } from './lib/sqlite.js';

buildDb(join(target(), 'orchestra.db'), orchestra());
