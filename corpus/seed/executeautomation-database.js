// Seed of executeautomation-database (docs/corpus.md): a SQLite database (clinic) of several related tables.
import { join } from 'node:path';
import { target } from './lib/common.js';
import { clinic } from './lib/databases.js';
import { buildDb } from './lib/sqlite.js';

buildDb(join(target(), 'clinic.db'), clinic());
