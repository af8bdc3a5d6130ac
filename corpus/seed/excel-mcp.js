// Seed of excel-mcp (docs/corpus.md): a workbook (ledger.xlsx) with three sheets of related rows.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { target } from './lib/common.js';
import { shipping } from './lib/databases.js';
import { xlsx } from './lib/office.js';

const header = (t) =>
  t.ddl
    .match(/\((.*)\)/s)[1]
    .split(',')
    .map((c) => c.trim().split(' ')[0]);
const [ports, vessels, voyages] = shipping();
const sheets = [ports, vessels, voyages].map((t) => ({
  name: t.name[0].toUpperCase() + t.name.slice(1),
  rows: [header(t), ...t.rows],
}));
writeFileSync(join(target(), 'ledger.xlsx'), xlsx(sheets));
