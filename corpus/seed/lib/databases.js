// Themed relational data sets for the SQLite servers (docs/corpus.md): several related tables with
// foreign keys and real-looking rows, generated from a fixed seed.
import { CITIES, PEOPLE, rng } from './common.js';

const GENRES = ['mystery', 'history', 'poetry', 'science', 'travel', 'cookery', 'fantasy'];
const WORDS = [
  'Salt',
  'Harbour',
  'Winter',
  'Lantern',
  'Orchard',
  'Copper',
  'Tide',
  'Meridian',
  'Fjord',
  'Quiet',
  'Ember',
  'Atlas',
];

export function bookshop() {
  const r = rng(101);
  const authors = PEOPLE.slice(0, 12).map((n, i) => [i + 1, n, r.pick(CITIES), 1940 + r.int(0, 50)]);
  const books = Array.from({ length: 40 }, (_, i) => [
    i + 1,
    `The ${r.pick(WORDS)} ${r.pick(['Letters', 'House', 'Road', 'Almanac', 'Keeper', 'Map'])}`,
    r.int(1, authors.length),
    r.pick(GENRES),
    1995 + r.int(0, 29),
    `978-${r.int(100, 999)}-${r.int(10000, 99999)}-${r.int(0, 9)}`,
    Math.round(r.int(799, 3499)) / 100,
  ]);
  const customers = PEOPLE.slice(8).map((n, i) => [
    i + 1,
    n,
    `${n.split(' ')[0].toLowerCase()}@example.org`,
    r.pick(CITIES),
  ]);
  const orders = Array.from({ length: 30 }, (_, i) => [
    i + 1,
    r.int(1, customers.length),
    r.date(2023, 2024),
    r.pick(['paid', 'shipped', 'returned']),
  ]);
  const items = Array.from({ length: 70 }, (_, i) => [
    i + 1,
    r.int(1, orders.length),
    r.int(1, books.length),
    r.int(1, 3),
  ]);
  return [
    {
      name: 'authors',
      ddl: 'CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL, birthplace TEXT, born INTEGER)',
      rows: authors,
    },
    {
      name: 'books',
      ddl: 'CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER REFERENCES authors(id), genre TEXT, published INTEGER, isbn TEXT UNIQUE, price REAL)',
      rows: books,
    },
    {
      name: 'customers',
      ddl: 'CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, email TEXT UNIQUE, city TEXT)',
      rows: customers,
    },
    {
      name: 'orders',
      ddl: 'CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), ordered_on TEXT, status TEXT)',
      rows: orders,
    },
    {
      name: 'order_items',
      ddl: 'CREATE TABLE order_items (id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(id), book_id INTEGER REFERENCES books(id), quantity INTEGER)',
      rows: items,
    },
  ];
}

export function clinic() {
  const r = rng(202);
  const specialties = [
    'cardiology',
    'dermatology',
    'paediatrics',
    'neurology',
    'orthopaedics',
    'general practice',
  ];
  const doctors = PEOPLE.slice(0, 8).map((n, i) => [
    i + 1,
    `Dr ${n}`,
    specialties[i % specialties.length],
    `R${r.int(100, 999)}`,
  ]);
  const patients = Array.from({ length: 25 }, (_, i) => [
    i + 1,
    PEOPLE[(i * 7) % PEOPLE.length].replace(' ', ` ${String.fromCharCode(65 + (i % 26))}. `),
    r.date(1940, 2015),
    r.pick(['A+', 'A-', 'B+', 'O+', 'O-', 'AB+']),
    r.pick(CITIES),
  ]);
  const appts = Array.from({ length: 45 }, (_, i) => [
    i + 1,
    r.int(1, patients.length),
    r.int(1, doctors.length),
    `${r.date(2024, 2024)} ${String(r.int(8, 17)).padStart(2, '0')}:${r.pick(['00', '15', '30', '45'])}`,
    r.pick(['completed', 'cancelled', 'no-show', 'booked']),
  ]);
  const drugs = [
    'amoxicillin 500mg',
    'atorvastatin 20mg',
    'ibuprofen 400mg',
    'salbutamol inhaler',
    'metformin 850mg',
    'cetirizine 10mg',
  ];
  const rx = Array.from({ length: 30 }, (_, i) => [
    i + 1,
    r.int(1, appts.length),
    r.pick(drugs),
    r.int(5, 90),
  ]);
  return [
    {
      name: 'doctors',
      ddl: 'CREATE TABLE doctors (id INTEGER PRIMARY KEY, name TEXT, specialty TEXT, room TEXT)',
      rows: doctors,
    },
    {
      name: 'patients',
      ddl: 'CREATE TABLE patients (id INTEGER PRIMARY KEY, full_name TEXT, date_of_birth TEXT, blood_type TEXT, city TEXT)',
      rows: patients,
    },
    {
      name: 'appointments',
      ddl: 'CREATE TABLE appointments (id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patients(id), doctor_id INTEGER REFERENCES doctors(id), starts_at TEXT, status TEXT)',
      rows: appts,
    },
    {
      name: 'prescriptions',
      ddl: 'CREATE TABLE prescriptions (id INTEGER PRIMARY KEY, appointment_id INTEGER REFERENCES appointments(id), drug TEXT, days INTEGER)',
      rows: rx,
    },
  ];
}

export function observatory() {
  const r = rng(303);
  const stations = [
    'Mauna Kea Ridge',
    'Roque Crest',
    'Atacama North',
    'Siding Spring',
    'Calar Alto',
    'Pic du Midi',
  ].map((n, i) => [i + 1, n, r.int(-9000, 9000) / 100, r.int(-18000, 18000) / 100, r.int(800, 4200)]);
  const instruments = Array.from({ length: 12 }, (_, i) => [
    i + 1,
    r.int(1, stations.length),
    `${r.pick(['Spectrograph', 'Photometer', 'Seismometer', 'Magnetometer', 'All-sky camera'])} ${String.fromCharCode(65 + i)}`,
    r.date(2010, 2022),
  ]);
  const readings = Array.from({ length: 80 }, (_, i) => [
    i + 1,
    r.int(1, instruments.length),
    `${r.date(2024, 2024)}T${String(r.int(0, 23)).padStart(2, '0')}:00:00Z`,
    r.pick(['seeing_arcsec', 'sky_mag', 'humidity_pct', 'wind_ms']),
    r.int(5, 9900) / 100,
  ]);
  return [
    {
      name: 'stations',
      ddl: 'CREATE TABLE stations (id INTEGER PRIMARY KEY, name TEXT UNIQUE, latitude REAL, longitude REAL, altitude_m INTEGER)',
      rows: stations,
    },
    {
      name: 'instruments',
      ddl: 'CREATE TABLE instruments (id INTEGER PRIMARY KEY, station_id INTEGER REFERENCES stations(id), label TEXT, commissioned TEXT)',
      rows: instruments,
    },
    {
      name: 'readings',
      ddl: 'CREATE TABLE readings (id INTEGER PRIMARY KEY, instrument_id INTEGER REFERENCES instruments(id), taken_at TEXT, metric TEXT, value REAL)',
      rows: readings,
    },
  ];
}

export function shipping() {
  const r = rng(404);
  const ports = [
    ['PTLIS', 'Lisbon', 'Portugal'],
    ['NLRTM', 'Rotterdam', 'Netherlands'],
    ['NOBGO', 'Bergen', 'Norway'],
    ['ESVLC', 'Valencia', 'Spain'],
    ['IEORK', 'Cork', 'Ireland'],
    ['PLGDN', 'Gdańsk', 'Poland'],
    ['ITGOA', 'Genoa', 'Italy'],
  ].map((p, i) => [i + 1, ...p]);
  const vessels = [
    'Aurora Borealis',
    'Sea Wren',
    'Kestrel',
    'Maria Luisa',
    'Nordkyn',
    'Tagus Star',
    'Harbinger',
    'Solent Grace',
  ].map((n, i) => [
    i + 1,
    n,
    `IMO${r.int(9000000, 9899999)}`,
    r.pick(['container', 'bulk', 'ro-ro', 'tanker']),
    r.int(1998, 2021),
  ]);
  const voyages = Array.from({ length: 36 }, (_, i) => [
    i + 1,
    r.int(1, vessels.length),
    r.int(1, ports.length),
    r.int(1, ports.length),
    r.date(2024, 2024),
    r.pick(['arrived', 'at sea', 'delayed']),
  ]);
  const cargo = Array.from({ length: 60 }, (_, i) => [
    i + 1,
    r.int(1, voyages.length),
    r.pick(['cork', 'timber', 'olive oil', 'salmon', 'steel coils', 'wine', 'machinery']),
    r.int(5, 900),
  ]);
  return [
    {
      name: 'ports',
      ddl: 'CREATE TABLE ports (id INTEGER PRIMARY KEY, locode TEXT UNIQUE, city TEXT, country TEXT)',
      rows: ports,
    },
    {
      name: 'vessels',
      ddl: 'CREATE TABLE vessels (id INTEGER PRIMARY KEY, name TEXT, imo TEXT UNIQUE, kind TEXT, built INTEGER)',
      rows: vessels,
    },
    {
      name: 'voyages',
      ddl: 'CREATE TABLE voyages (id INTEGER PRIMARY KEY, vessel_id INTEGER REFERENCES vessels(id), from_port INTEGER REFERENCES ports(id), to_port INTEGER REFERENCES ports(id), departed TEXT, status TEXT)',
      rows: voyages,
    },
    {
      name: 'cargo',
      ddl: 'CREATE TABLE cargo (id INTEGER PRIMARY KEY, voyage_id INTEGER REFERENCES voyages(id), commodity TEXT, tonnes INTEGER)',
      rows: cargo,
    },
  ];
}

export function orchestra() {
  const r = rng(505);
  const sections = ['strings', 'woodwind', 'brass', 'percussion', 'keyboard'];
  const musicians = PEOPLE.map((n, i) => [
    i + 1,
    n,
    sections[i % sections.length],
    r.pick(['violin', 'cello', 'oboe', 'horn', 'timpani', 'flute', 'viola', 'trumpet', 'harp']),
    r.int(1995, 2023),
  ]);
  const works = [
    ['Symphony No. 4', 'Brahms'],
    ['The Moldau', 'Smetana'],
    ['Bolero', 'Ravel'],
    ['Finlandia', 'Sibelius'],
    ['Peer Gynt Suite', 'Grieg'],
    ['La Mer', 'Debussy'],
    ['Enigma Variations', 'Elgar'],
  ].map((w, i) => [i + 1, ...w, r.int(8, 48)]);
  const concerts = Array.from({ length: 14 }, (_, i) => [
    i + 1,
    r.date(2024, 2025),
    r.pick(['Main Hall', 'Chamber Room', 'Open-air Stage']),
    r.int(1, PEOPLE.length),
  ]);
  const programme = Array.from({ length: 30 }, (_, i) => [
    i + 1,
    r.int(1, concerts.length),
    r.int(1, works.length),
    r.int(1, 4),
  ]);
  return [
    {
      name: 'musicians',
      ddl: 'CREATE TABLE musicians (id INTEGER PRIMARY KEY, name TEXT, section TEXT, instrument TEXT, joined INTEGER)',
      rows: musicians,
    },
    {
      name: 'works',
      ddl: 'CREATE TABLE works (id INTEGER PRIMARY KEY, title TEXT, composer TEXT, minutes INTEGER)',
      rows: works,
    },
    {
      name: 'concerts',
      ddl: 'CREATE TABLE concerts (id INTEGER PRIMARY KEY, held_on TEXT, venue TEXT, soloist_id INTEGER REFERENCES musicians(id))',
      rows: concerts,
    },
    {
      name: 'programme',
      ddl: 'CREATE TABLE programme (id INTEGER PRIMARY KEY, concert_id INTEGER REFERENCES concerts(id), work_id INTEGER REFERENCES works(id), position INTEGER)',
      rows: programme,
    },
  ];
}

export function lending() {
  const r = rng(606);
  const branches = ['Riverside', 'Old Town', 'Northgate', 'Harbour View'].map((n, i) => [
    i + 1,
    n,
    r.pick(CITIES),
  ]);
  const members = PEOPLE.slice(3, 18).map((n, i) => [
    i + 1,
    n,
    `M-${r.int(10000, 99999)}`,
    r.int(1, branches.length),
    r.date(2015, 2024),
  ]);
  const titles = Array.from({ length: 30 }, (_, i) => [
    i + 1,
    `${r.pick(WORDS)} ${r.pick(['Songs', 'Chronicles', 'Field Guide', 'Atlas', 'Diaries'])}`,
    r.pick(GENRES),
    r.int(1, 6),
  ]);
  const loans = Array.from({ length: 50 }, (_, i) => [
    i + 1,
    r.int(1, members.length),
    r.int(1, titles.length),
    r.date(2024, 2024),
    r.pick(['returned', 'on loan', 'overdue']),
  ]);
  return [
    {
      name: 'branches',
      ddl: 'CREATE TABLE branches (id INTEGER PRIMARY KEY, name TEXT, city TEXT)',
      rows: branches,
    },
    {
      name: 'members',
      ddl: 'CREATE TABLE members (id INTEGER PRIMARY KEY, name TEXT, card_number TEXT UNIQUE, home_branch INTEGER REFERENCES branches(id), joined TEXT)',
      rows: members,
    },
    {
      name: 'titles',
      ddl: 'CREATE TABLE titles (id INTEGER PRIMARY KEY, title TEXT, genre TEXT, copies INTEGER)',
      rows: titles,
    },
    {
      name: 'loans',
      ddl: 'CREATE TABLE loans (id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members(id), title_id INTEGER REFERENCES titles(id), borrowed_on TEXT, state TEXT)',
      rows: loans,
    },
  ];
}
