// Wire recording overhead: N tools/call round trips to a local fixture server over stdio, through the
// recorded session (own stdio transport + frame recorder + streaming tape), through the bare SDK
// client (SDK StdioClientTransport, nothing recorded), and through the same session with no tape (the
// tape's cost alone), interleaved in the same process. Goal: recorded/bare <= 1.10
// at N = 2000. Prints the ratio and the tape bytes per call. Run `npm run build` first.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { openSession, openWireTape, parseTarget } from '../dist/connect/index.js';

const N = Number(process.env.WIRE_BENCH_N ?? 2000);
const WARMUP = 200;
const here = dirname(fileURLToPath(import.meta.url));
const server = join(here, '../examples/servers/good.js');
const TOOL = 'list_branches';
const target = parseTarget({ kind: 'stdio', argv: [process.execPath, server] });

// Both clients stay connected and calls alternate (bare, recorded, recorded, bare, ...), so load
// from anything else on the machine lands on both sides alike. Wall time is summed per side; client
// CPU (this process only: the servers are separate processes) is summed per side too.
function side() {
  return { wallNs: 0n, cpuUs: 0 };
}

async function measure(acc, call) {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await call();
  acc.wallNs += process.hrtime.bigint() - start;
  const used = process.cpuUsage(cpu);
  acc.cpuUs += used.user + used.system;
}

const dir = mkdtempSync(join(tmpdir(), 'wire-bench-'));
try {
  const probe = await openSession(target, {});
  const prior = probe.prior;
  await probe.close();

  const client = new Client({ name: 'bench-bare', version: '0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [server], stderr: 'ignore' }),
    {
      prior,
    },
  );
  await client.listTools();
  const bareCall = async () => {
    const r = await client.callTool({ name: TOOL, arguments: {} });
    if (r.isError) throw new Error('bare call failed');
  };

  const path = join(dir, 'wire.jsonl');
  const tape = openWireTape(path, target);
  const session = await openSession(target, { tape, prior });
  await session.listTools();
  const plain = await openSession(target, { prior });
  await plain.listTools();
  const plainCall = async () => {
    const r = await plain.callTool(TOOL, {});
    if (r.kind !== 'result' || r.isError) throw new Error(`unrecorded call failed: ${r.kind}`);
  };
  let i = 0;
  const recordedCall = async () => {
    const r = await session.callTool(TOOL, {}, { corrId: `bench#${i}` });
    if (r.kind !== 'result' || r.isError) throw new Error(`recorded call failed: ${r.kind}`);
  };

  for (let w = 0; w < WARMUP; w += 1) {
    await bareCall();
    await plainCall();
    await recordedCall();
  }
  await new Promise((r) => setImmediate(r));
  const sizeBefore = statSync(path).size;
  const bare = side();
  const recorded = side();
  const unrecorded = side();
  const order = [
    [bare, bareCall],
    [unrecorded, plainCall],
    [recorded, recordedCall],
  ];
  for (i = 0; i < N; i += 1) {
    // Rotate who goes first so no side always follows the same neighbour.
    for (let k = 0; k < order.length; k += 1) {
      const [acc, call] = order[(i + k) % order.length];
      await measure(acc, call);
    }
  }
  await new Promise((r) => setImmediate(r));
  const bytesPerCall = (statSync(path).size - sizeBefore) / N;
  await session.close();
  await plain.close();
  await tape.close('done');
  await client.close();

  const bareMs = Number(bare.wallNs) / 1e6;
  const recMs = Number(recorded.wallNs) / 1e6;
  const plainMs = Number(unrecorded.wallNs) / 1e6;
  const ratio = recMs / bareMs;
  const us = (ms) => ((ms / N) * 1000).toFixed(1);
  process.stdout.write(
    [
      `tools/call round trips: N=${N} per side, interleaved; ${TOOL} on examples/servers/good.js (stdio, ${prior?.kind} era)`,
      `bare SDK client:   ${bareMs.toFixed(1)} ms wall (${us(bareMs)} µs/call), client CPU ${(bare.cpuUs / N).toFixed(1)} µs/call`,
      `recorded session:  ${recMs.toFixed(1)} ms wall (${us(recMs)} µs/call), client CPU ${(recorded.cpuUs / N).toFixed(1)} µs/call`,
      `same session, no tape: ${plainMs.toFixed(1)} ms wall (${us(plainMs)} µs/call), client CPU ${(unrecorded.cpuUs / N).toFixed(1)} µs/call`,
      `ratio recorded/bare (wall): ${ratio.toFixed(3)}  (goal <= 1.10: ${ratio <= 1.1 ? 'met' : 'NOT met'})`,
      `ratio recorded/unrecorded session (wall, the tape alone): ${(recMs / plainMs).toFixed(3)}`,
      `tape bytes per call: ${Math.round(bytesPerCall)}`,
      '',
    ].join('\n'),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
