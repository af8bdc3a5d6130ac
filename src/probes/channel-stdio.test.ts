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
