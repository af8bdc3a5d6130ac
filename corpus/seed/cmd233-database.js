// Seed of cmd233-database (docs/corpus.md): a SQLite database of a cycling club's 2026 season, a set
// no other SQLite server of the corpus reads: members (names, joining dates, membership types, home
// towns, kilometres that differ), routes, rides on dated days with their leaders, who rode each
// ride, and kit orders; foreign keys between them, and a view of each member's rides. The server is
// started on the file, as its README gives (`node dist/src/index.js /path/to/database.db`).
// Deterministic (mulberry32); no network.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CITIES, PEOPLE, rng, target } from './lib/common.js';
import { buildDb } from './lib/sqlite.js';

const r = rng(5233);
const path = join(target(), 'wheelers.db');

const types = ['full', 'full', 'student', 'family', 'senior'];
const members = PEOPLE.slice(0, 14).map((name, i) => [
  i + 1,
  name,
  `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@kettlewheelers.example`,
  r.date(2018, 2025),
  types[i % types.length],
  CITIES[(i * 3) % CITIES.length],
  r.int(380, 5200),
  i % 6 === 4 ? 0 : 1,
]);
const routes = [
  [1, 'Reservoir loop', 48, 410, 'road'],
  [2, 'Three bridges', 72, 690, 'road'],
  [3, 'Coast road out and back', 96, 520, 'road'],
  [4, 'Hill repeats on Gallows Lane', 31, 880, 'road'],
  [5, 'Forest gravel tracks', 58, 740, 'gravel'],
  [6, 'Cafe ride to Millbrook', 40, 260, 'social'],
];
const rides = [];
const riders = [];
for (let i = 0; i < 20; i++) {
  const route = routes[i % routes.length];
  const month = 3 + Math.floor(i / 4);
  const day = 2 + ((i * 7) % 26);
  const group = members.filter((m, j) => m[7] === 1 && (j + i) % 3 !== 0).slice(0, r.int(3, 8));
  rides.push([
    i + 1,
    `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    route[0],
    group[0][0],
    Math.round((21 + r.next() * 9) * 10) / 10,
    r.pick(['dry', 'dry', 'showers', 'windy', 'hot']),
    i === 13 ? 'cancelled' : i >= 18 ? 'planned' : 'ridden',
  ]);
  if (i !== 13 && i < 18) for (const m of group) riders.push([i + 1, m[0], route[2] + r.int(-3, 6)]);
}
const orders = members
  .filter((_m, i) => i % 2 === 0)
  .map((m, i) => [
    i + 1,
    m[0],
    r.pick(['short-sleeve jersey', 'bib shorts', 'gilet', 'winter jacket']),
    r.pick(['S', 'M', 'L', 'XL']),
    r.int(1, 2),
    r.pick([64, 89, 55, 129]),
    `2026-02-${String(3 + i * 2).padStart(2, '0')}`,
    i % 4 === 1 ? 'unpaid' : 'paid',
  ]);

buildDb(path, [
  {
    name: 'members',
    ddl: "CREATE TABLE members (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, joined TEXT, membership TEXT CHECK (membership IN ('full','student','family','senior')), home_town TEXT, season_km INTEGER, active INTEGER DEFAULT 1)",
    rows: members,
  },
  {
    name: 'routes',
    ddl: 'CREATE TABLE routes (id INTEGER PRIMARY KEY, name TEXT NOT NULL, km INTEGER, climb_m INTEGER, surface TEXT)',
    rows: routes,
  },
  {
    name: 'rides',
    ddl: 'CREATE TABLE rides (id INTEGER PRIMARY KEY, ride_date TEXT, route_id INTEGER REFERENCES routes(id), leader_id INTEGER REFERENCES members(id), avg_speed_kmh REAL, weather TEXT, status TEXT)',
    rows: rides,
  },
  {
    name: 'ride_riders',
    ddl: 'CREATE TABLE ride_riders (ride_id INTEGER REFERENCES rides(id), member_id INTEGER REFERENCES members(id), km_ridden INTEGER, PRIMARY KEY (ride_id, member_id))',
    rows: riders,
  },
  {
    name: 'kit_orders',
    ddl: 'CREATE TABLE kit_orders (id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members(id), item TEXT, size TEXT, qty INTEGER, price_eur INTEGER, ordered_on TEXT, payment TEXT)',
    rows: orders,
  },
]);

const Database = createRequire(import.meta.url)('better-sqlite3');
const db = new Database(path);
db.exec(
  'CREATE VIEW member_rides AS SELECT m.name AS member, r.ride_date, ro.name AS route, rr.km_ridden FROM ride_riders rr JOIN members m ON m.id = rr.member_id JOIN rides r ON r.id = rr.ride_id JOIN routes ro ON ro.id = r.route_id',
);
db.close();
