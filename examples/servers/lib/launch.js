// @ts-check
/**
 * Test-side helpers for the fixture servers: start one over HTTP and read its URL, talk raw
 * JSON-RPC to one over stdio or HTTP. Every process started here is killed by `close()` or when
 * the exchange ends, so tests leak nothing.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { isFrame, parseFrame } from './json.js';

/** @typedef {import('./json.js').Frame} Frame */
/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/**
 * @typedef {object} RunningServer
 * @property {string} url the `/mcp` endpoint on 127.0.0.1
 * @property {ChildProcess} child
 * @property {() => Promise<void>} close SIGTERM, then SIGKILL after 3 s; resolves when the process is gone
 */

/** Our fixtures' ready line. */
const LISTENING = /^listening (http:\/\/\S+)$/;

/**
 * Starts `node <script> --http --port 0` (or any argv whose process prints the same
 * `listening <url>` line, or a line `urlFrom` turns into the URL) and resolves once it is ready.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, timeoutMs?: number, cwd?: string, urlFrom?: (line: string) => string | undefined }} [options]
 * @returns {Promise<RunningServer>}
 */
export async function startHttpServer(command, args, options = {}) {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: options.env ?? process.env,
    cwd: options.cwd,
  });
  const close = () => stop(child);
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  const errors = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stderr) });
  let stderr = '';
  errors.on('line', (line) => {
    stderr = `${stderr}${line}\n`.slice(-2000);
  });
  const urlFrom = options.urlFrom ?? ((/** @type {string} */ line) => LISTENING.exec(line.trim())?.[1]);
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no listening line within ${options.timeoutMs ?? 10_000} ms`)),
        options.timeoutMs ?? 10_000,
      );
      const onLine = (/** @type {string} */ line) => {
        const url = urlFrom(line);
        if (url !== undefined) {
          clearTimeout(timer);
          resolve(url);
        }
      };
      lines.on('line', onLine);
      errors.on('line', onLine);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) before listening: ${stderr.trim()}`));
      });
    });
    return { url, child, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A TCP port that was free a moment ago on 127.0.0.1 (for servers that cannot pick their own).
 * @returns {Promise<number>}
 */
export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * @param {ChildProcess} child
 * @returns {Promise<void>}
 */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Spawns a stdio server, writes `frames` (one per line), waits until every request among them has
 * a response (or the timeout), then closes stdin and waits for the process to exit. The waits are
 * generous (30 s for the answers, 10 s for the exit) because they only matter when the machine is
 * loaded: a server that answers returns at once, and a CI machine running four test files on two
 * cores can take seconds to start one.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {readonly Frame[]} frames
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<{ received: Frame[], exitCode: number | null }>}
 */
export async function stdioExchange(command, args, frames, options = {}) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  /** @type {Frame[]} */
  const received = [];
  const pending = new Set(frames.filter((f) => 'method' in f && 'id' in f).map((f) => f.id));
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  const done = new Promise((resolve) => {
    const timer = setTimeout(resolve, options.timeoutMs ?? 30_000);
    lines.on('line', (line) => {
      const frame = parseFrame(line);
      if (!frame) return;
      received.push(frame);
      if (!('method' in frame)) pending.delete(frame.id);
      if (pending.size === 0) {
        clearTimeout(timer);
        resolve(undefined);
      }
    });
  });
  for (const frame of frames) child.stdin?.write(`${JSON.stringify(frame)}\n`);
  await done;
  const exited = once(child, 'exit');
  child.stdin?.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  const [exitCode] = await exited;
  clearTimeout(timer);
  return { received, exitCode };
}

/**
 * POSTs one JSON-RPC frame and returns the HTTP status, headers and the frames of the body (plain
 * JSON or SSE `data:` lines).
 * @param {string} url
 * @param {Frame} frame
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, headers: Headers, frames: Frame[], text: string }>}
 */
export async function postFrame(url, frame, headers = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(frame),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  const bodies = type.includes('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
    : [text];
  /** @type {Frame[]} */
  const frames = [];
  for (const body of bodies) {
    const parsed = parseFrame(body);
    if (parsed && isFrame(parsed)) frames.push(parsed);
  }
  return { status: response.status, headers: response.headers, frames, text };
}

/** The 2026-07-28 request envelope (`params._meta`) for a modern request. */
export function modernMeta(version = '2026-07-28') {
  return {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'fixture-test', version: '1.0.0' },
  };
}
