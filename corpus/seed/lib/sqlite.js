// Builds a SQLite file from a schema and rows (docs/corpus.md), with the corpus's own better-sqlite3.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');

/** tables: [{ name, ddl, rows: [[...], ...] }] written in order, in one transaction. */
export function buildDb(path, tables) {
  const db = new Database(path);
  db.pragma('journal_mode = DELETE');
  db.transaction(() => {
    for (const t of tables) {
      db.exec(t.ddl);
      if (t.rows.length === 0) continue;
      const marks = t.rows[0].map(() => '?').join(', ');
      const insert = db.prepare(`INSERT INTO ${t.name} VALUES (${marks})`);
      for (const row of t.rows) insert.run(row);
    }
  })();
  db.close();
}
