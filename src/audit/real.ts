import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FitnessError } from '../core/errors.js';
import type { PlannedRun } from './execute.js';
import { startHttpProcess } from './fixture.js';
import { FILESYSTEM_SEED, MEMORY_SEED } from './real-seeds.js';

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
