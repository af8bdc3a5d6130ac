// Seed of universal-db (docs/corpus.md): a SQLite database (ferries) of four related tables: routes
// between ports, the vessels, the sailings of November 2026 and their bookings.
import { join } from 'node:path';
import { PEOPLE, rng, target } from './lib/common.js';
import { buildDb } from './lib/sqlite.js';

const r = rng(2026);
const PORTS = ['Ponta Delgada', 'Horta', 'Angra do Heroísmo', 'Madalena', 'São Roque', 'Velas', 'Santa Cruz'];
const routes = PORTS.slice(1).map((to, i) => [i + 1, PORTS[i], to, r.int(18, 160), r.int(35, 240)]);
const vessels = [
  [1, 'Mestre Simão', 2014, 333, 'fast ferry'],
  [2, 'Gilberto Mariano', 2016, 333, 'fast ferry'],
  [3, 'Cruzeiro do Canal', 1987, 246, 'ferry'],
  [4, 'Express Santorini', 2001, 800, 'ro-ro'],
];
const sailings = Array.from({ length: 36 }, (_, i) => [
  i + 1,
  r.int(1, routes.length),
  r.int(1, vessels.length),
  `2026-11-${String(1 + Math.floor(i / 2) + r.int(0, 1)).padStart(2, '0')} ${r.pick(['07:30', '09:15', '12:00', '16:45', '18:30'])}`,
  r.pick(['scheduled', 'scheduled', 'scheduled', 'sailed', 'cancelled (weather)']),
]);
const bookings = Array.from({ length: 90 }, (_, i) => [
  i + 1,
  r.int(1, sailings.length),
  r.pick(PEOPLE),
  r.int(1, 5),
  r.pick(['none', 'car', 'bicycle', 'van']),
  r.int(1200, 9800) / 100,
]);

buildDb(join(target(), 'ferries.db'), [
  {
    name: 'routes',
    ddl: 'CREATE TABLE routes (id INTEGER PRIMARY KEY, origin TEXT NOT NULL, destination TEXT NOT NULL, distance_km INTEGER, duration_min INTEGER)',
    rows: routes,
  },
  {
    name: 'vessels',
    ddl: 'CREATE TABLE vessels (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, built INTEGER, passengers INTEGER, kind TEXT)',
    rows: vessels,
  },
  {
    name: 'sailings',
    ddl: 'CREATE TABLE sailings (id INTEGER PRIMARY KEY, route_id INTEGER REFERENCES routes(id), vessel_id INTEGER REFERENCES vessels(id), departs TEXT, status TEXT)',
    rows: sailings,
  },
  {
    name: 'bookings',
    ddl: 'CREATE TABLE bookings (id INTEGER PRIMARY KEY, sailing_id INTEGER REFERENCES sailings(id), passenger TEXT, seats INTEGER, vehicle TEXT, fare_eur REAL)',
    rows: bookings,
  },
]);
