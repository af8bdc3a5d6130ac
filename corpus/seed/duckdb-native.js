// Seed of duckdb-native (docs/corpus.md): CSV files the server loads as tables (load_csv).
import { target, writeTree } from './lib/common.js';
import { shipping } from './lib/databases.js';

const dir = target();
const csv = (t) =>
  [
    t.ddl
      .match(/\((.*)\)/s)[1]
      .split(',')
      .map((c) => c.trim().split(' ')[0])
      .join(','),
    ...t.rows.map((r) => r.join(',')),
  ].join('\n');
writeTree(dir, Object.fromEntries(shipping().map((t) => [`${t.name}.csv`, `${csv(t)}\n`])));
