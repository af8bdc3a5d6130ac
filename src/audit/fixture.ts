import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describeError, FitnessError } from '../core/errors.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** examples/servers/ of this package: beside src/ when running from source, beside dist/ when built. */
export const SERVERS_DIR = join(ROOT, 'examples', 'servers');
/** The start-fast build of the same servers (scripts/build-servers.js, run by `npm run build`). */
const BUILT_DIR = join(ROOT, 'dist', 'servers');

/**
 * The file `node` starts for a planted server: its build in dist/servers (the same code bundled
 * with what it imports, loaded through V8's code cache) when there is one, else its source. Each
 * start is still a fresh process; the build only spares it resolving and compiling its imports.
 */
export function serverScript(script: string): string {
  const built = join(BUILT_DIR, script.replace(/\.js$/, '.cjs'));
  return existsSync(built) ? built : join(SERVERS_DIR, script);
}

/** The V8 startup snapshot of the same build, and the Node it was built by (scripts/build-servers.js). */
const BLOB = join(BUILT_DIR, 'servers.blob');

let snapshotUsable: boolean | undefined;

/** A blob starts only under the Node (version, arch, platform) that wrote it; any other uses the bundle. */
function snapshotFits(): boolean {
  if (snapshotUsable === undefined) {
    let stamp = '';
    try {
      stamp = readFileSync(`${BLOB}.json`, 'utf8');
    } catch {}
    const here = { node: process.version, arch: process.arch, platform: process.platform };
    snapshotUsable = stamp === JSON.stringify(here) && existsSync(BLOB);
  }
  return snapshotUsable;
}

/**
 * The arguments after `node` that start a planted server as a fresh process: from the startup
 * snapshot of its build (its imports already evaluated; its own module evaluated in the new
 * process) when there is one for this Node, else `serverScript`. Either way the same code, one
 * process per start that has served nobody before.
 */
export function serverArgv(script: string): string[] {
  const built = join(BUILT_DIR, script.replace(/\.js$/, '.cjs'));
  // One argument, flag and path together: an argv path of its own would be derived as given
  // context of the run (resolveGiven), and the blob is how the server starts, not context.
  if (existsSync(built) && snapshotFits()) return [`--snapshot-blob=${BLOB}`, basename(script, '.js')];
  return [serverScript(script)];
}

/** A fixture server started over HTTP on 127.0.0.1 for one run. */
export interface HttpFixture {
  url: string;
  close(): Promise<void>;
}

const LISTENING = /^listening (http:\/\/127\.0\.0\.1:\d+\/mcp)$/;

/**
 * Starts `node <script> --http --port 0` with only PATH in its environment (a fixture needs nothing
 * else, and a server must never see the harness's own secrets) and resolves once it prints its
 * `listening <url>` line.
 */
export async function startHttpFixture(script: string, timeoutMs = 15_000): Promise<HttpFixture> {
  const fixture = await startHttpProcess(script, [...serverArgv(script), '--http', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '' },
    ready: (line) => LISTENING.exec(line.trim())?.[1],
    timeoutMs,
  });
  try {
    await answersDiscover(fixture.url, timeoutMs);
  } catch (err) {
    await fixture.close();
    throw new FitnessError('FIXTURE_START', `${script} listens but does not answer: ${describeError(err)}`);
  }
  return fixture;
}

/**
 * Readiness, not a measurement: one `server/discover` (never a tools/call, so no planted counter
 * moves) answered before the run starts, so the run's own handshake does not pay for the server's
 * first-request start-up on a busy machine.
 */
async function answersDiscover(url: string, timeoutMs: number): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'server/discover',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 'fixture-ready',
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.text();
  if (!response.ok) throw new Error(`server/discover answered HTTP ${response.status}`);
}

export interface HttpProcessOptions {
  /** The whole environment of the process (nothing is inherited). */
  env: Record<string, string>;
  /** The server's URL once a stdout or stderr line says it is listening; undefined for other lines. */
  ready: (line: string) => string | undefined;
  timeoutMs?: number;
}

/**
 * Starts `node <args>` and resolves with its URL once `ready` recognises a line on stdout or stderr.
 * `close()` sends SIGTERM, then SIGKILL after 3 s, and resolves once the process is gone; it is safe
 * to call on a server that already exited on its own.
 */
export async function startHttpProcess(
  label: string,
  args: readonly string[],
  options: HttpProcessOptions,
): Promise<HttpFixture> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: options.env });
  const close = () => stop(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-1000);
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${label} printed no listening line within ${timeoutMs} ms`)),
        timeoutMs,
      );
      for (const stream of [child.stdout, child.stderr]) {
        if (!stream) continue;
        createInterface({ input: stream }).on('line', (line) => {
          const url = options.ready(line);
          if (url === undefined) return;
          clearTimeout(timer);
          resolve(url);
        });
      }
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${label} exited (${code}) before listening: ${lastWords(stderr)}`));
      });
    });
    return { url, close };
  } catch (err) {
    await close();
    throw new FitnessError('FIXTURE_START', err instanceof Error ? err.message : String(err));
  }
}

/** The line of a crash report that says what went wrong (stderr can be a whole stack). */
function lastWords(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return lines.find((l) => /^\w*Error\b/.test(l)) ?? lines.at(-1) ?? 'no output';
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}
