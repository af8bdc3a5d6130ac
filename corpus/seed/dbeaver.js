// Seed of dbeaver (docs/corpus.md): a DBeaver workspace (`workspace6/`, the folder the roster names
// in DBEAVER_WORKSPACE) whose `General/.dbeaver/data-sources.json` holds two SQLite connections in
// DBeaver's own format, with the two database files under `databases/`: a clinic (doctors,
// patients, appointments, prescriptions) and a public library's lending (branches, members, titles,
// loans), from lib/databases.js.
// The connections name their files by a path relative to the data folder, the server's working
// directory, so a copy of the folder reads its own files. The server queries SQLite through the
// `sqlite3` command-line shell. Fixed rows: the same data everywhere.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { target, writeTree } from './lib/common.js';
import { clinic, lending } from './lib/databases.js';
import { buildDb } from './lib/sqlite.js';

const dir = target();
writeTree(dir, {
  'workspace6/General/.dbeaver/data-sources.json': {
    folders: { Local: {} },
    connections: {
      'sqlite_jdbc-18f2a3c4e51-3b7d9e0a1c2f4e66': {
        provider: 'generic',
        driver: 'sqlite_jdbc',
        name: 'Harbour clinic',
        description: 'Appointments of the harbour clinic, copied nightly from the front desk',
        folder: 'Local',
        'save-password': false,
        'read-only': false,
        configuration: {
          database: 'databases/clinic.db',
          url: 'jdbc:sqlite:databases/clinic.db',
          type: 'dev',
          auth: 'native',
        },
      },
      'sqlite_jdbc-18f2a3d07b2-5a1c8e2f9d3b7c10': {
        provider: 'generic',
        driver: 'sqlite_jdbc',
        name: 'City library lending',
        description: 'Branches, members, titles and loans of the city library',
        folder: 'Local',
        'save-password': false,
        'read-only': true,
        configuration: {
          database: 'databases/lending.db',
          url: 'jdbc:sqlite:databases/lending.db',
          type: 'prod',
          auth: 'native',
        },
      },
    },
    'connection-types': {
      dev: { name: 'Development', color: '255,255,255', 'auto-commit': true, 'confirm-execute': false },
      prod: { name: 'Production', color: '247,159,129', 'auto-commit': false, 'confirm-execute': true },
    },
  },
});
mkdirSync(join(dir, 'databases'));
buildDb(join(dir, 'databases/clinic.db'), clinic());
buildDb(join(dir, 'databases/lending.db'), lending());
