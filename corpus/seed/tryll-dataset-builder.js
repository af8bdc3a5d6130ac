// Seed of tryll-dataset-builder (docs/corpus.md): DATA_DIR with two dataset projects, each a JSON file
// of categories of knowledge chunks (id, text, page_title/source/license metadata, custom fields), as
// the server's own store writes them.
import { rng, target, writeTree } from './lib/common.js';

const r = rng(1313);
const hex = (n) => Array.from({ length: n }, () => r.int(0, 15).toString(16)).join('');
const uid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;

/** A chunk as the store keeps it: standard metadata apart, every other field a custom one. */
function chunk([id, text, page, extra]) {
  return {
    _uid: uid(),
    id,
    text,
    metadata: {
      page_title: page,
      source: `https://wiki.example.org/${page.replaceAll(' ', '_')}`,
      license: 'CC BY-SA 4.0',
    },
    customFields: Object.entries(extra).map(([key, value]) => ({ key, value: String(value) })),
  };
}

function project(name, createdAt, categories) {
  return {
    name,
    createdAt,
    categories: Object.entries(categories).map(([cat, chunks]) => ({
      id: uid(),
      name: cat,
      chunks: chunks.map(chunk),
    })),
  };
}

const shoreBirds = project('shore-birds', '2026-09-14T10:20:00.000Z', {
  Waders: [
    [
      'oystercatcher',
      'The Eurasian oystercatcher (Haematopus ostralegus) feeds on cockles and mussels, opening them with a blade-like orange bill. Wingspan 80–86 cm.',
      'Eurasian oystercatcher',
      { status: 'Near Threatened', wingspan_cm: 83, habitat: 'rocky shore' },
    ],
    [
      'curlew',
      'The Eurasian curlew (Numenius arquata) is the largest European wader; its down-curved bill reaches 15 cm in females. Breeds on moorland, winters on estuaries.',
      'Eurasian curlew',
      { status: 'Near Threatened', wingspan_cm: 90, habitat: 'estuary' },
    ],
    [
      'redshank',
      'The common redshank (Tringa totanus) is named for its orange-red legs and is known as the sentinel of the marsh for its loud alarm call.',
      'Common redshank',
      { status: 'Least Concern', wingspan_cm: 62, habitat: 'salt marsh' },
    ],
    [
      'turnstone',
      'The ruddy turnstone (Arenaria interpres) flips stones and seaweed to find sandhoppers; it winters on every continent except Antarctica.',
      'Ruddy turnstone',
      { status: 'Least Concern', wingspan_cm: 54, habitat: 'rocky shore' },
    ],
  ],
  Gulls: [
    [
      'kittiwake',
      'The black-legged kittiwake (Rissa tridactyla) nests on narrow cliff ledges in colonies of thousands and feeds far out at sea on sand eels.',
      'Black-legged kittiwake',
      { status: 'Vulnerable', wingspan_cm: 100, habitat: 'sea cliff' },
    ],
    [
      'herring-gull',
      'The European herring gull (Larus argentatus) has pale grey upperparts and pink legs; adults keep a red spot on the lower mandible.',
      'European herring gull',
      { status: 'Least Concern', wingspan_cm: 140, habitat: 'coast and town' },
    ],
    [
      'black-headed-gull',
      'The black-headed gull (Chroicocephalus ridibundus) has a chocolate-brown hood in summer only; in winter a dark ear spot remains.',
      'Black-headed gull',
      { status: 'Least Concern', wingspan_cm: 102, habitat: 'lakes and coast' },
    ],
  ],
  Auks: [
    [
      'puffin',
      'The Atlantic puffin (Fratercula arctica) digs burrows on grassy cliff tops and carries up to 30 sand eels crosswise in its bill.',
      'Atlantic puffin',
      { status: 'Vulnerable', wingspan_cm: 55, habitat: 'sea cliff' },
    ],
    [
      'razorbill',
      'The razorbill (Alca torda) is the closest living relative of the extinct great auk; it dives to 120 m.',
      'Razorbill',
      { status: 'Near Threatened', wingspan_cm: 66, habitat: 'sea cliff' },
    ],
  ],
});

const tideHandbook = project('tide-station-handbook', '2026-10-02T08:00:00.000Z', {
  Procedures: [
    [
      'gauge-calibration',
      'Calibrate the pressure gauge every 90 days against the tide staff: record ten paired readings at slack water and adjust the offset if the mean difference exceeds 8 mm.',
      'Gauge calibration',
      { interval_days: 90, tolerance_mm: 8, owner: 'Dagny Lund' },
    ],
    [
      'battery-swap',
      'Swap the logger battery pack (3.6 V lithium, 19 Ah) in October and April; log the serial number of the new pack in the station book.',
      'Battery swap',
      { interval_days: 182, owner: 'Chen Wei' },
    ],
    [
      'data-upload',
      'Upload the logger files over the harbour Wi-Fi every Monday before 10:00 UTC; files are named STATION_YYYYMMDD.csv.',
      'Weekly data upload',
      { interval_days: 7, owner: 'Luca Ferri' },
    ],
  ],
  Stations: [
    [
      'station-lisbon',
      'Lisbon (Cais do Sodré) gauge T-204, installed 2019, datum 2.08 m below chart datum, mean spring range 3.4 m.',
      'Lisbon station',
      { gauge: 'T-204', installed: 2019, spring_range_m: 3.4 },
    ],
    [
      'station-cork',
      'Cork Harbour gauge R-220 on pier 3, installed 2024 after the old float gauge failed, mean spring range 4.1 m.',
      'Cork station',
      { gauge: 'R-220', installed: 2024, spring_range_m: 4.1 },
    ],
    [
      'station-bergen',
      'Bergen (Bryggen) gauge T-311, installed 2021, mean spring range 1.3 m; 37 harmonic constituents are published for it.',
      'Bergen station',
      { gauge: 'T-311', installed: 2021, spring_range_m: 1.3 },
    ],
  ],
});

writeTree(target(), {
  'shore-birds.json': shoreBirds,
  'tide-station-handbook.json': tideHandbook,
});
