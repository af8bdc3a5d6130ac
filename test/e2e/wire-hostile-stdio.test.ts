import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSession } from '../../src/connect/index.js';
import type { SessionOptions } from '../../src/connect/session-types.js';
import { FitnessError } from '../../src/core/errors.js';
import { readTape, TapeWriter, tapeStats } from '../../src/tape/index.js';
import { toolRow } from '../support/tool-row.js';
import { alive, gone, handleCounts, leakedSince, tempDir } from './fixtures/wire/helpers.js';

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
});
afterEach(() => cleanup());

/** A minimal hand-written stdio server: answers the handshake and tools/list, then misbehaves on tools/call. */
const MINIMAL = `
const readline = require('node:readline');
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
const onCall = process.argv[2];
let first = true;
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (first && onCall === 'strict' && m.method !== 'initialize') process.exit(2);
  first = false;
  if (m.method === 'initialize') send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'minimal', version: '0' } } });
  else if (m.method === 'tools/list') send({ jsonrpc: '2.0', id: m.id, result: { tools: [{ name: 'work', inputSchema: { type: 'object' } }] } });
  else if (m.method === 'tools/call' && onCall === 'exit') process.exit(7);
  else if (m.method === 'tools/call' && onCall === 'silent') {}
  else if (m.method === 'tools/call' && onCall === 'huge') send({ jsonrpc: '2.0', id: m.id, result: { content: [{ type: 'text', text: 'x'.repeat(300000) }] } });
  else if (m.id !== undefined) send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'Method not found' } });
});
`;

async function failure(
  argv: string[],
  options: Omit<SessionOptions, 'tape'> = {},
): Promise<{ error: FitnessError; tapeText: string; path: string }> {
  const path = join(dir, 'wire.jsonl');
  const tape = TapeWriter.open({ path, meta: { label: 'hostile', command: argv, kind: 'mcp' } });
  const baseline = handleCounts();
  let error: unknown;
  try {
    const session = await openSession(
      { kind: 'stdio', argv },
      { connectTimeoutMs: 1500, probeTimeoutMs: 500, ...options, tape },
    );
    await session.close();
  } catch (err) {
    error = err;
  }
  await tape.close('connect-failed');
  expect(await leakedSince(baseline)).toEqual({});
  expect(error).toBeInstanceOf(FitnessError);
  return { error: error as FitnessError, tapeText: readFileSync(path, 'utf8'), path };
}

describe('hostile stdio servers end in one clear line, a tape, and no leftovers', () => {
  it('command not found', async () => {
    const { error, tapeText } = await failure(['/nonexistent/fitness-no-such-server', '--flag']);
    expect(error.code).toBe('COMMAND_NOT_FOUND');
    expect(error.message).toBe('/nonexistent/fitness-no-such-server --flag: command not found');
    expect(tapeText).toContain('"phase":"failed"');
    expect(tapeText).toContain('COMMAND_NOT_FOUND');
  });

  it('exits at once, with its stderr in the message and on the tape', async () => {
    const { error, tapeText } = await failure([
      process.execPath,
      '-e',
      "console.error('boom: missing config file'); process.exit(3)",
    ]);
    expect(error.code).toBe('SERVER_EXITED');
    expect(error.message).toMatch(
      /exited with code 3 before the handshake completed; stderr: "boom: missing config file"$/,
    );
    expect(error.message).not.toContain('\n');
    expect(tapeText).toContain('"kind":"fitness.process","raw":{"exitCode":3');
    expect(tapeText).toContain('boom: missing config file');
  });

  it('writes garbage to stdout and never speaks JSON-RPC', async () => {
    const { error, path } = await failure([
      process.execPath,
      '-e',
      "setInterval(() => console.log('Welcome to my server! <html>'), 20); process.stdin.resume()",
    ]);
    expect(error.code).toBe('STDOUT_NOT_JSONRPC');
    expect(error.message).toContain('non-JSON-RPC line(s) to stdout, first: "Welcome to my server! <html>"');
    const tape = await readTape(path);
    expect(tape.skipped).toEqual([]);
    const noise = tape.records.filter((r) => r.type === 'event' && r.value.kind === 'fitness.stdout-noise');
    expect(noise.length).toBeGreaterThan(0);
    // The handshake requests went out and are pending on the tape, not dropped.
    const stats = tapeStats([tape]);
    expect(stats.pendingByMethod.map((p) => p.method)).toContain('initialize');
  });

  it('never answers initialize (timeout), and its child processes die with it', async () => {
    const script = `
      const { spawn } = require('node:child_process');
      const child = spawn('sleep', ['30'], { stdio: 'ignore' });
      console.error('grandchild ' + child.pid);
      process.stdin.resume();`;
    const { error, tapeText } = await failure([process.execPath, '-e', script]);
    expect(error.code).toBe('CONNECT_TIMEOUT');
    expect(error.message).toMatch(/: no answer to the handshake within 1500 ms; stderr: "grandchild \d+"$/);
    const grandchild = Number(/grandchild (\d+)/.exec(tapeText)?.[1]);
    expect(grandchild).toBeGreaterThan(0);
    expect(await gone(grandchild)).toBe(true);
  });

  it('closes mid-request: the call fails, the request stays pending on the tape', async () => {
    const script = join(dir, 'minimal.cjs');
    writeFileSync(script, MINIMAL);
    const path = join(dir, 'wire.jsonl');
    const tape = TapeWriter.open({
      path,
      meta: { label: 'minimal', command: ['minimal', 'exit'], kind: 'mcp' },
    });
    const baseline = handleCounts();
    const session = await openSession(
      { kind: 'stdio', argv: [process.execPath, script, 'exit'] },
      { tape, probeTimeoutMs: 500 },
    );
    expect(session.protocolVersion).toBe('2025-06-18');
    const pid = session.pid as number;
    const outcome = await session.callTool('work', {}, { corrId: 'task-1', timeoutMs: 5000 });
    expect(outcome.kind).toBe('failed');
    await session.close();
    expect(alive(pid)).toBe(false);
    expect(await leakedSince(baseline)).toEqual({});
    await tape.close('done');
    const stats = tapeStats([await readTape(path)]);
    expect(toolRow(stats, 'work')).toMatchObject({ calls: 1, pending: 1, errors: 0 });
    expect(readFileSync(path, 'utf8')).toContain('"kind":"fitness.process","raw":{"exitCode":7');
  });

  it('exits on the era probe (anything before initialize): a fresh process gets the legacy handshake', async () => {
    const script = join(dir, 'minimal.cjs');
    writeFileSync(script, MINIMAL);
    const path = join(dir, 'wire.jsonl');
    const tape = TapeWriter.open({
      path,
      meta: { label: 'minimal', command: ['minimal', 'strict'], kind: 'mcp' },
    });
    const session = await openSession(
      { kind: 'stdio', argv: [process.execPath, script, 'strict'] },
      { tape },
    );
    expect(session.era).toBe('legacy');
    expect(session.tag).toBe('s2');
    expect(session.prior).toEqual({ kind: 'legacy' });
    await session.close();
    await tape.close('done');
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('"phase":"retry"');
    expect(text).toContain('"kind":"fitness.process","raw":{"exitCode":2');
    const stats = tapeStats([await readTape(path)]);
    expect(stats.pendingByMethod).toEqual([{ method: 'server/discover', count: 1 }]);
  });

  it('never answers a tool call: timeout outcome, pending on the tape', async () => {
    const script = join(dir, 'minimal.cjs');
    writeFileSync(script, MINIMAL);
    const path = join(dir, 'wire.jsonl');
    const tape = TapeWriter.open({
      path,
      meta: { label: 'minimal', command: ['minimal', 'silent'], kind: 'mcp' },
    });
    const session = await openSession(
      { kind: 'stdio', argv: [process.execPath, script, 'silent'] },
      { tape, probeTimeoutMs: 500 },
    );
    const outcome = await session.callTool('work', {}, { corrId: 'task-2', timeoutMs: 300 });
    expect(outcome).toMatchObject({ kind: 'timeout', timeoutMs: 300 });
    await session.close();
    await tape.close('done');
    const stats = tapeStats([await readTape(path)]);
    expect(toolRow(stats, 'work')).toMatchObject({ calls: 1, pending: 1 });
  });

  it('an oversized frame is recorded truncated with a marker and still reaches the client', async () => {
    const script = join(dir, 'minimal.cjs');
    writeFileSync(script, MINIMAL);
    const path = join(dir, 'wire.jsonl');
    const tape = TapeWriter.open({
      path,
      meta: { label: 'minimal', command: ['minimal', 'huge'], kind: 'mcp' },
      maxFrameBytes: 64 * 1024,
    });
    const session = await openSession(
      { kind: 'stdio', argv: [process.execPath, script, 'huge'] },
      { tape, probeTimeoutMs: 500 },
    );
    const outcome = await session.callTool('work', {}, { corrId: 'big' });
    expect(outcome.kind).toBe('result');
    await session.close();
    await tape.close('done');
    const text = readFileSync(path, 'utf8');
    for (const line of text.trimEnd().split('\n')) expect(line.length).toBeLessThan(64 * 1024);
    const read = await readTape(path);
    const big = read.records.find((r) => r.type === 'message' && r.value.truncated !== undefined);
    expect(big?.type === 'message' && big.value.truncated?.bytes).toBeGreaterThan(300000);
    expect(toolRow(tapeStats([read]), 'work')).toMatchObject({ calls: 1, pending: 0 });
  });

  it('an env secret never reaches the tape, even when the server prints it', async () => {
    const secret = 'env-secret-5c2a91f0';
    const path = join(dir, 'secret.jsonl');
    const tape = TapeWriter.open({ path, meta: { label: 'secret', command: ['node'], kind: 'mcp' } });
    const error = await openSession(
      {
        kind: 'stdio',
        argv: [
          process.execPath,
          '-e',
          'console.error("token=" + process.env.API_TOKEN); console.log(process.env.API_TOKEN); process.exit(1)',
        ],
        secretEnv: { API_TOKEN: secret },
      },
      { tape, connectTimeoutMs: 1500 },
    ).catch((err: unknown) => err);
    await tape.close('connect-failed');
    expect(error).toBeInstanceOf(FitnessError);
    expect((error as FitnessError).message).toContain('token=[REDACTED]');
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain(secret);
    expect(text).toContain('token=[REDACTED]');
  });
});
