// Seed of my-cool-proxy (docs/corpus.md): the gateway's configuration and the data of the one server
// it fronts. `config.json` (named by `CONFIG_PATH` in the roster) sets stdio transport and one
// downstream MCP server, the corpus's own mcp-sqlite (`mcp-sqlite-server`, on `PATH` from the
// roster), over `allotments.db` in the data folder (named through HOME, see below): an allotment
// society's fourteen members, eighteen plots at two sites, the 2025 season's plantings and every
// harvest weighed at the shed. The gateway's own tools list the servers behind it, their tools and
// schemas, and run Lua scripts that call them; it keeps its session store and logs under
// `HOME/.local/` (HOME is the data folder). Deterministic (mulberry32); no network.
import { join } from 'node:path';
import { CITIES, PEOPLE, rng, target, writeTree } from './lib/common.js';
import { buildDb } from './lib/sqlite.js';

const dir = target();
const r = rng(7141);

const members = PEOPLE.slice(0, 14).map((name, i) => [
  i + 1,
  name,
  `${name.split(' ')[0].toLowerCase()}@allotments.example`,
  r.date(2012, 2024),
  i % 5 === 0 ? 'committee' : 'member',
]);
const plots = [];
for (let i = 0; i < 18; i++) {
  const site = i < 10 ? 'Riverside' : 'Orchard Lane';
  const holder = i < 14 ? (i % 14) + 1 : null;
  plots.push([
    `${site === 'Riverside' ? 'R' : 'O'}${String((i % 10) + 1).padStart(2, '0')}`,
    site,
    [125, 250, 250, 125, 60][i % 5],
    holder,
    holder ? [32, 64, 64, 32, 18][i % 5] : null,
    r.pick(['good', 'good', 'fair', 'waterlogged in winter', 'shaded by the oak']),
  ]);
}
const crops = [
  ['Potato', 'Charlotte'],
  ['Potato', 'Pink Fir Apple'],
  ['Bean', 'Borlotto Lingua di Fuoco'],
  ['Bean', 'Scarlet Emperor'],
  ['Onion', 'Sturon'],
  ['Garlic', 'Germidour'],
  ['Courgette', 'Defender'],
  ['Tomato', 'Gardener’s Delight'],
  ['Leek', 'Musselburgh'],
  ['Beetroot', 'Boltardy'],
  ['Squash', 'Crown Prince'],
  ['Kale', 'Cavolo Nero'],
];
const plantings = [];
const harvests = [];
let hid = 1;
plots.forEach(([plot, , , holder], p) => {
  if (!holder) return;
  const n = 2 + (p % 3);
  for (let k = 0; k < n; k++) {
    const id = plantings.length + 1;
    const [crop, variety] = crops[(p * 3 + k * 5) % crops.length];
    const sown = `2025-${String(3 + ((p + k) % 3)).padStart(2, '0')}-${String(2 + ((p * 7 + k * 11) % 26)).padStart(2, '0')}`;
    plantings.push([id, plot, crop, variety, sown, 1 + ((p + k) % 4) * 0.5]);
    const picks = crop === 'Courgette' || crop === 'Bean' || crop === 'Tomato' ? 4 : 1;
    for (let h = 0; h < picks; h++) {
      const month = crop === 'Garlic' || crop === 'Onion' ? 7 : crop === 'Leek' || crop === 'Kale' ? 10 : 8;
      harvests.push([
        hid++,
        id,
        `2025-${String(month + (h > 1 ? 1 : 0)).padStart(2, '0')}-${String(3 + ((h * 9 + p * 5) % 25)).padStart(2, '0')}`,
        Math.round((0.4 + r.next() * (crop === 'Potato' || crop === 'Squash' ? 14 : 4)) * 100) / 100,
        h === 0 && p % 6 === 2 ? 'blight on the lower leaves' : null,
      ]);
    }
  }
});

buildDb(join(dir, 'allotments.db'), [
  {
    name: 'members',
    ddl: 'CREATE TABLE members (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, joined TEXT, role TEXT)',
    rows: members,
  },
  {
    name: 'plots',
    ddl: 'CREATE TABLE plots (plot TEXT PRIMARY KEY, site TEXT, size_m2 INTEGER, member_id INTEGER REFERENCES members(id), rent_eur INTEGER, condition TEXT)',
    rows: plots,
  },
  {
    name: 'plantings',
    ddl: 'CREATE TABLE plantings (id INTEGER PRIMARY KEY, plot TEXT REFERENCES plots(plot), crop TEXT, variety TEXT, sown TEXT, rows_planted REAL)',
    rows: plantings,
  },
  {
    name: 'harvests',
    ddl: 'CREATE TABLE harvests (id INTEGER PRIMARY KEY, planting_id INTEGER REFERENCES plantings(id), picked TEXT, kg REAL, note TEXT)',
    rows: harvests,
  },
]);

writeTree(dir, {
  'config.json': `${JSON.stringify(
    {
      transport: 'stdio',
      mcpClients: {
        // The gateway starts its servers in a temporary folder of its own and passes them only HOME,
        // PATH and a few more variables, so the database is named from HOME (the data folder).
        allotments: {
          type: 'stdio',
          command: 'sh',
          args: ['-c', 'exec mcp-sqlite-server "$HOME/allotments.db"'],
        },
      },
    },
    null,
    2,
  )}\n`,
  'README.md': `# ${CITIES[3]} & District Allotment Society: season records

\`allotments.db\` holds the plots at Riverside and Orchard Lane, their holders, what was sown where in
2025 and every harvest weighed at the shed scales. The gateway in front of it is configured in
\`config.json\`.
`,
});
