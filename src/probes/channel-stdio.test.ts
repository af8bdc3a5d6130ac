import { afterEach, describe, expect, it } from 'vitest';
import { stdioChannel } from './channel-stdio.js';
import type { ProbeTape } from './types.js';

// A one-line server: answers each request with the value of FR_PROBE_ENV_CHECK it was started with.
const ECHO_ENV = `
const rl = require('node:readline').createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const { id } = JSON.parse(line);
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result: { seen: process.env.FR_PROBE_ENV_CHECK ?? 'absent' } }) + '\\n');
});`;

const tape: ProbeTape = { message: () => 1, event: () => 1 };

afterEach(() => {
  delete process.env.FR_PROBE_ENV_CHECK;
});

describe('stdio probe channel', () => {
  it("starts the server with the target's env but never the harness's own variables", async () => {
    process.env.FR_PROBE_ENV_CHECK = 'harness-secret-value';
    const ask = async (env?: Record<string, string>) => {
      const channel = stdioChannel(
        { argv: [process.execPath, '-e', ECHO_ENV], ...(env ? { env } : {}) },
        tape,
      );
      const [result] = await channel.exchange(
        [{ frame: { jsonrpc: '2.0', id: 1, method: 'x' } }],
        'env-check',
      );
      return result?.response?.result;
    };
    expect(await ask()).toEqual({ seen: 'absent' });
    expect(await ask({ FR_PROBE_ENV_CHECK: 'given-by-target' })).toEqual({ seen: 'given-by-target' });
  });
});

// A server that asks the client for its roots before it answers tools/list, as real servers do.
const ASKS_FIRST = `
const rl = require('node:readline').createInterface({ input: process.stdin });
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
let pending;
rl.on('line', (line) => {
  const m = JSON.parse(line);
  if (m.method === 'tools/list') { pending = m.id; send({ jsonrpc: '2.0', id: 'srv-1', method: 'roots/list' }); send({ jsonrpc: '2.0', id: 'srv-2', method: 'ping' }); }
  else if (m.id === 'srv-2' && pending !== undefined) send({ jsonrpc: '2.0', id: pending, result: { tools: [], answeredAfter: m } });
});`;

describe('stdio probe channel answers server-to-client requests like the session', () => {
  it('roots/list gets method-not-found and ping an empty result, and the awaited answer still arrives', async () => {
    const lines: { dir: string; raw: unknown }[] = [];
    const recording: ProbeTape = {
      message: (dir, raw) => lines.push({ dir, raw }),
      event: () => lines.length,
    };
    const channel = stdioChannel({ argv: [process.execPath, '-e', ASKS_FIRST] }, recording);
    const [result] = await channel.exchange(
      [{ frame: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }],
      'asks-first',
    );
    expect(result?.response?.result).toMatchObject({ tools: [], answeredAfter: { id: 'srv-2', result: {} } });
    expect(lines).toContainEqual({
      dir: 'in',
      raw: { jsonrpc: '2.0', id: 'srv-1', error: { code: -32601, message: 'Method not found' } },
    });
  });
});
