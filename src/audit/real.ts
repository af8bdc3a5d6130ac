import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FitnessError } from '../core/errors.js';
import type { PlannedRun } from './execute.js';
import { startHttpProcess } from './fixture.js';

/**
 * Real third-party MCP servers (npm devDependencies nobody here wrote), as planned runs with the
 * state they need seeded in a temporary directory that is removed after the run. Their outcomes are
 * observations, not plantings: the tests assert what each really gets, with the reason.
 */

const require = createRequire(import.meta.url);

/** The entry script of an installed server package (its `bin`), or a fault naming the package. */
export function serverEntry(pkg: string): string {
  let manifest: string;
  try {
    manifest = require.resolve(`${pkg}/package.json`);
  } catch {
    throw new FitnessError('SERVER_NOT_INSTALLED', `${pkg} is not installed (it is a devDependency: npm ci)`);
  }
  const json: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
  const bin = json !== null && typeof json === 'object' && 'bin' in json ? json.bin : undefined;
  const entry =
    typeof bin === 'string'
      ? bin
      : bin !== null && typeof bin === 'object'
        ? Object.values(bin).find((v): v is string => typeof v === 'string')
        : undefined;
  if (entry === undefined) throw new FitnessError('SERVER_NO_BIN', `${pkg} declares no bin script`);
  return join(dirname(manifest), entry);
}

/** Is the package installed? (The demo leaves a missing real server out rather than failing.) */
export function installed(pkg: string): boolean {
  try {
    require.resolve(`${pkg}/package.json`);
    return true;
  } catch {
    return false;
  }
}

function tempDir(prefix: string): { dir: string; remove: () => Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

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

/** @modelcontextprotocol/server-memory over stdio, on a temporary memory file seeded with MEMORY_SEED. */
export function memoryRun(): PlannedRun {
  return {
    id: 'server-memory',
    property: 'real: @modelcontextprotocol/server-memory, temporary memory file seeded with a small graph',
    transport: 'stdio',
    async start() {
      const temp = tempDir('fitness-memory-');
      const file = join(temp.dir, 'memory.jsonl');
      writeFileSync(file, `${MEMORY_SEED.map((line) => JSON.stringify(line)).join('\n')}\n`);
      return {
        target: {
          kind: 'stdio',
          argv: [process.execPath, serverEntry('@modelcontextprotocol/server-memory')],
          env: { MEMORY_FILE_PATH: file },
        },
        close: temp.remove,
      };
    },
  };
}

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

/** @modelcontextprotocol/server-filesystem over stdio, allowed one temporary directory seeded with FILESYSTEM_SEED. */
export function filesystemRun(): PlannedRun {
  return {
    id: 'server-filesystem',
    property: 'real: @modelcontextprotocol/server-filesystem over a seeded temporary directory',
    transport: 'stdio',
    async start() {
      const temp = tempDir('fitness-fs-');
      for (const [path, text] of Object.entries(FILESYSTEM_SEED)) {
        mkdirSync(dirname(join(temp.dir, path)), { recursive: true });
        writeFileSync(join(temp.dir, path), text);
      }
      return {
        target: {
          kind: 'stdio',
          argv: [process.execPath, serverEntry('@modelcontextprotocol/server-filesystem'), temp.dir],
        },
        close: temp.remove,
      };
    },
  };
}

/** @modelcontextprotocol/server-everything over stdio (the harness gives a stdio server a minimal environment). */
export function everythingStdioRun(): PlannedRun {
  return {
    id: 'server-everything-stdio',
    property: 'real: @modelcontextprotocol/server-everything over stdio',
    transport: 'stdio',
    async start() {
      return {
        target: {
          kind: 'stdio',
          argv: [process.execPath, serverEntry('@modelcontextprotocol/server-everything'), 'stdio'],
        },
        close: async () => {},
      };
    },
  };
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * @modelcontextprotocol/server-everything over Streamable HTTP on a free port (PORT). It listens on
 * every interface and its get-env tool prints its whole environment, so it is given nothing but
 * PATH and PORT, and only ever addressed on loopback.
 */
export function everythingHttpRun(): PlannedRun {
  return {
    id: 'server-everything-http',
    property: 'real: @modelcontextprotocol/server-everything over Streamable HTTP on loopback',
    transport: 'http',
    async start() {
      const port = await freePort();
      const server = await startHttpProcess(
        'server-everything',
        [serverEntry('@modelcontextprotocol/server-everything'), 'streamableHttp'],
        {
          env: { PATH: process.env.PATH ?? '', PORT: String(port) },
          ready: (line) => (/listening on port/i.test(line) ? `http://127.0.0.1:${port}/mcp` : undefined),
        },
      );
      return { target: { kind: 'http', url: server.url }, close: server.close };
    },
  };
}

/** The real servers of the e2e set that are installed, and why any is left out. */
export function realRuns(): { plans: PlannedRun[]; skipped: string[] } {
  const servers: [string, () => PlannedRun[]][] = [
    ['@modelcontextprotocol/server-filesystem', () => [filesystemRun()]],
    ['@modelcontextprotocol/server-memory', () => [memoryRun()]],
    ['@modelcontextprotocol/server-everything', () => [everythingStdioRun(), everythingHttpRun()]],
  ];
  const plans: PlannedRun[] = [];
  const skipped: string[] = [];
  for (const [pkg, make] of servers) {
    if (installed(pkg)) plans.push(...make());
    else skipped.push(`${pkg}: not installed (a devDependency: npm ci)`);
  }
  return { plans, skipped };
}
