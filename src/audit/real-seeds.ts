// The realistic data the real servers of the audit are seeded with (see `real.ts`).

/**
 * A harbour knowledge graph in the memory server's own JSONL format: 12 entities of several
 * types, each with one to three observations, and the relations between them.
 */
export const MEMORY_SEED = [
  {
    type: 'entity',
    name: 'Ines Marlow',
    entityType: 'person',
    observations: ['Master of the ferry Morning Gannet', 'Lives in Kestrel Bay'],
  },
  {
    type: 'entity',
    name: 'Morning Gannet',
    entityType: 'vessel',
    observations: ['Built in 1987 at Caldwell and Pryce', 'Carries 240 passengers'],
  },
  {
    type: 'entity',
    name: 'Kestrel Bay',
    entityType: 'harbour',
    observations: ['Tidal harbour with a stone breakwater', 'Ferry terminal opened in 1964'],
  },
  {
    type: 'entity',
    name: 'Oskar Brandt',
    entityType: 'person',
    observations: ['Harbourmaster at Lantern Isle', 'Keeps bees on the pier roof'],
  },
  {
    type: 'entity',
    name: 'Lantern Isle',
    entityType: 'island',
    observations: ['Population 312', 'Reached by the Lantern Sound Shuttle'],
  },
  {
    type: 'entity',
    name: 'Maud Ferris',
    entityType: 'person',
    observations: ['Mate on the Saint Brannoc'],
  },
  {
    type: 'entity',
    name: 'Saint Brannoc',
    entityType: 'vessel',
    observations: ['Survey passed in March 2026 with two notes'],
  },
  {
    type: 'entity',
    name: 'Caldwell and Pryce',
    entityType: 'shipyard',
    observations: ['Family yard on the Saltmere estuary since 1921'],
  },
  {
    type: 'entity',
    name: 'Saltmere',
    entityType: 'town',
    observations: ['Market town at the head of the estuary', 'Fuel depot for the ferry fleet'],
  },
  {
    type: 'entity',
    name: 'Tobias Quill',
    entityType: 'person',
    observations: ['Chief engineer of the harbour fleet'],
  },
  {
    type: 'entity',
    name: 'Lantern Sound Shuttle',
    entityType: 'vessel',
    observations: ['Sixty seat launch on the island run', 'Skippered by Oskar Brandt in winter'],
  },
  {
    type: 'entity',
    name: 'Harbour Board',
    entityType: 'organisation',
    observations: ['Meets on the first Tuesday of the month'],
  },
  { type: 'relation', from: 'Ines Marlow', to: 'Morning Gannet', relationType: 'commands' },
  { type: 'relation', from: 'Morning Gannet', to: 'Kestrel Bay', relationType: 'is based at' },
  { type: 'relation', from: 'Oskar Brandt', to: 'Lantern Isle', relationType: 'works at' },
  { type: 'relation', from: 'Maud Ferris', to: 'Saint Brannoc', relationType: 'serves on' },
  { type: 'relation', from: 'Morning Gannet', to: 'Caldwell and Pryce', relationType: 'was built by' },
  { type: 'relation', from: 'Caldwell and Pryce', to: 'Saltmere', relationType: 'is located in' },
  { type: 'relation', from: 'Tobias Quill', to: 'Harbour Board', relationType: 'reports to' },
  { type: 'relation', from: 'Lantern Sound Shuttle', to: 'Lantern Isle', relationType: 'serves' },
  { type: 'relation', from: 'Saint Brannoc', to: 'Saltmere', relationType: 'refuels at' },
  { type: 'relation', from: 'Ines Marlow', to: 'Harbour Board', relationType: 'chairs' },
];

/**
 * Files the filesystem server is pointed at: a harbour office share, 24 files in nested folders.
 * Most carry "Label: value" lines (plain and markdown) the way office notes do; a few are free text
 * or CSV, as real shares are.
 */
export const FILESYSTEM_SEED: Readonly<Record<string, string>> = {
  'README.md': '# Harbour office share\nTimetables, inventories, crew rosters and the vessel register.\n',
  'notes/inventory.txt': 'Owner: Ines Marlow\nLantern crates: 42\nRope coils: 17\nStore room: Shed 4 east\n',
  'notes/berths.md':
    '# Berth plan\n\n**Harbourmaster:** Oskar Brandt\n**Berth count:** 14\n**Deep water berth:** Quay 3\n',
  'notes/tides.csv': 'date,high,low\n2026-11-30,06:42,12:58\n2026-12-01,07:31,13:47\n',
  'notes/meetings/2026-11-03.md':
    '# Harbour board, 3 November\n\nChair: Maud Ferris\nMinutes by: Tobias Quill\nDecision: dredge the inner basin in spring\n',
  'notes/meetings/2026-11-17.md':
    '# Harbour board, 17 November\n\nChair: Oskar Brandt\nMinutes by: Priya Natarajan\nDecision: new fender piles for Quay 2\n',
  'notes/meetings/2026-12-01.md':
    '# Harbour board, 1 December\n\nChair: Ines Marlow\nMinutes by: Tobias Quill\nDecision: winter timetable from 5 January\n',
  'register/vessels.json':
    '{"vessels":[{"name":"Morning Gannet","builtYear":1987},{"name":"Saint Brannoc","builtYear":2009}]}\n',
  'register/vessels/morning-gannet.txt':
    'Vessel: Morning Gannet\nCall sign: MGNT7\nSkipper: Ines Marlow\nPassengers: 240\n',
  'register/vessels/saint-brannoc.txt':
    'Vessel: Saint Brannoc\nCall sign: SBRN2\nSkipper: Maud Ferris\nPassengers: 120\n',
  'register/vessels/lantern-sound-shuttle.txt':
    'Vessel: Lantern Sound Shuttle\nCall sign: LSSH4\nSkipper: Oskar Brandt\nPassengers: 60\n',
  'register/vessels/kestrel-light.txt':
    'Vessel: Kestrel Light\nCall sign: KSTL9\nSkipper: Tobias Quill\nPassengers: 35\n',
  'register/crew/ines-marlow.md':
    '# Ines Marlow\n\n**Role:** Master\n**Certificate:** STCW II/2 unlimited\n**Home port:** Kestrel Bay\n',
  'register/crew/maud-ferris.md':
    '# Maud Ferris\n\n**Role:** Mate\n**Certificate:** STCW II/1\n**Home port:** Lantern Isle\n',
  'register/crew/tobias-quill.md':
    '# Tobias Quill\n\n**Role:** Engineer\n**Certificate:** STCW III/2\n**Home port:** Saltmere\n',
  'timetables/winter.txt':
    'Season: winter 2026\nFirst sailing: 07:15\nLast sailing: 18:40\nRoute: Kestrel Bay to Lantern Isle\n',
  'timetables/summer.txt':
    'Season: summer 2027\nFirst sailing: 06:30\nLast sailing: 21:10\nRoute: Kestrel Bay to Saltmere\n',
  'timetables/notices/storm-policy.md':
    '# Storm policy\n\nCancellation threshold: Beaufort 8\nNotice given by: Oskar Brandt\n',
  'maintenance/2026/gannet-refit.txt':
    'Vessel: Morning Gannet\nYard: Caldwell and Pryce\nWork order: WO-4471\nStatus: hull painted, engines pending\n',
  'maintenance/2026/brannoc-survey.txt':
    'Vessel: Saint Brannoc\nSurveyor: Halvard Nyberg\nWork order: WO-4502\nStatus: passed with two notes\n',
  'maintenance/suppliers.md':
    '# Suppliers\n\n**Paint:** Tidewater Coatings\n**Rope:** Marlin Cordage\n**Fuel:** Saltmere Bunkering\n',
  'finance/fees-2026.txt':
    'Berth fee per night: 38 pounds\nPassenger levy: 1.20 pounds\nInvoice contact: accounts@kestrel-harbour.example\n',
  'finance/grants.md':
    '# Grants\n\nFunder: Coastal Communities Fund\nReference: CCF-2026-118\nAmount awarded: 84000 pounds\n',
  'archive/letter-1964.txt':
    'The ferry terminal opened in the spring of 1964, with a stone breakwater and a single slipway.\n',
};
