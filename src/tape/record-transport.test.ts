import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTape } from './reader.js';
import { recordTransport } from './record-transport.js';
import { TapeWriter } from './writer.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'record-transport-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A transport double: `deliver` plays a server frame into whatever `onmessage` is installed. */
function fakeTransport() {
  const sent: JSONRPCMessage[] = [];
  const transport: Transport & { deliver(m: JSONRPCMessage): void } = {
    start: async () => {},
    close: async () => {},
    send: async (m: JSONRPCMessage) => {
      sent.push(m);
    },
    deliver(m: JSONRPCMessage) {
      this.onmessage?.(m);
    },
  };
  return { transport, sent };
}

function tapeAt() {
  const path = join(dir, 'wire.jsonl');
  return { path, tape: TapeWriter.open({ path, meta: { label: 'l', command: ['c'], kind: 'mcp' } }) };
}

describe('recordTransport', () => {
  it('records each frame once even when handlers are saved, restored and chained (as the SDK does)', async () => {
    const { path, tape } = tapeAt();
    const { transport } = fakeTransport();
    recordTransport(transport, tape, { session: 's1' });
    const seen: string[] = [];
    // Probe window: save, install its own, restore.
    const saved = transport.onmessage;
    transport.onmessage = () => seen.push('probe');
    transport.deliver({ jsonrpc: '2.0', id: 'p1', result: {} });
    transport.onmessage = saved;
    // Protocol.connect: chain whatever is there.
    const previous = transport.onmessage;
    transport.onmessage = (m, extra) => {
      previous?.(m, extra);
      seen.push('client');
    };
    transport.deliver({ jsonrpc: '2.0', id: 1, result: {} });
    await transport.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await tape.close('done');
    expect(seen).toEqual(['probe', 'client']);
    const messages = parseTape(readFileSync(path, 'utf8')).records.filter((r) => r.type === 'message');
    expect(messages.map((m) => m.type === 'message' && [m.value.dir, m.value.session])).toEqual([
      ['out', 's1'],
      ['out', 's1'],
      ['in', 's1'],
    ]);
  });

  it('stamps the caller corr id on a request and on the response to it; intercepted frames skip the client', async () => {
    const { path, tape } = tapeAt();
    const { transport, sent } = fakeTransport();
    let corr: string | undefined = 'task-1#2';
    const lines: number[] = [];
    recordTransport(transport, tape, {
      corrId: () => corr,
      intercept: (m) => 'id' in m && m.id === 'raw-1',
      onLine: (n) => lines.push(n),
    });
    const delivered: unknown[] = [];
    transport.onmessage = (m) => delivered.push(m);
    await transport.send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x' } });
    corr = undefined;
    transport.deliver({ jsonrpc: '2.0', id: 7, result: { content: [] } });
    transport.deliver({ jsonrpc: '2.0', id: 'raw-1', result: {} });
    await tape.close('done');
    expect(sent).toHaveLength(1);
    expect(lines).toEqual([2]);
    expect(delivered).toEqual([{ jsonrpc: '2.0', id: 7, result: { content: [] } }]);
    const messages = parseTape(readFileSync(path, 'utf8')).records.flatMap((r) =>
      r.type === 'message' ? [r.value] : [],
    );
    expect(messages.map((m) => m.corr_id)).toEqual(['task-1#2', 'task-1#2', undefined]);
  });
});
