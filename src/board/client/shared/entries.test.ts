import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFixtureTapes } from '../../../../test/support/board/runs.js';
import { isRecord } from '../../../core/json.js';
import { classOf } from '../../../tape/lines.js';
import { pairExchanges } from '../../../tape/pairing.js';
import { parseTape } from '../../../tape/reader.js';
import { pairToolUses } from '../../../tape/turn-pairing.js';
import type { Entry } from './entries.js';
import { parseTapeText } from './tape-parser.js';
import { mergePlanes } from './timeline.js';

/**
 * The viewer and the Node reader read one tape alike: they share the tape layer's line reader and
 * pairing (src/tape/lines.ts, pairing.ts, turn-pairing.ts), and this test holds them to it on our
 * own tapes, other producers' tapes, and lines made to differ: a line that is not JSON, a known
 * class missing what it needs, a line of another producer merged in, an answer from the client.
 */

const FIXTURES = resolve(import.meta.dirname, '../../../../test/fixtures/mcp-tape');

const line = (v: Record<string, unknown>) => JSON.stringify(v);
const at = (s: number) => `2026-09-01T10:00:0${s}.000Z`;
const call = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {} },
  ...extra,
});

/** Lines made to tell two readers apart. */
const MIXED = [
  line({
    v: 1,
    type: 'meta',
    startedAt: at(0),
    label: 'mixed',
    command: ['srv'],
    kind: 'mcp',
    source: 'us@1',
  }),
  line({ t: at(1), dir: 'in', raw: call(1, 'search'), corr_id: 't1#0' }),
  // Another producer's lines merged into the file: the same id, never paired with ours.
  line({ t: at(1), dir: 'in', raw: call(1, 'theirs'), source: 'other@2' }),
  '{"t":"2026-09-01T10:00:02.000Z","dir":"out","raw":{"jsonrpc":"2.0","id":1,"result":',
  line({ t: at(2), dir: 'out', raw: { jsonrpc: '2.0', id: 1, result: { content: [] } }, corr_id: 't1#0' }),
  // A message line without its time: it claims a class it does not make, so nothing pairs it.
  line({ dir: 'in', raw: call(2, 'untimed') }),
  line({ t: at(3), dir: 'out', raw: { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'bad' } } }),
  // The server asks the client; the client's answer is a `dir: in` line with the same id as a request.
  line({ t: at(3), dir: 'out', raw: { jsonrpc: '2.0', id: 3, method: 'roots/list' } }),
  line({ t: at(4), dir: 'in', raw: call(3, 'search') }),
  line({ t: at(4), dir: 'in', raw: { jsonrpc: '2.0', id: 3, result: { roots: [] } } }),
  line({ t: at(5), dir: 'out', raw: { jsonrpc: '2.0', id: 3, result: { isError: true, content: [] } } }),
  line({ t: at(5), type: 'meta', v: 1 }),
  '[1, 2]',
  line({ t: at(6), dir: 'sideways' }),
  line({ t: at(6), dir: 'event', kind: 'fitness.http', raw: { status: 503 } }),
  line({ t: at(7), type: 'end', reason: 'done' }),
  'cut off mid-li',
].join('\n');

/** The viewer's kind for each class the Node reader gives. */
const KINDS: Record<string, readonly string[]> = {
  meta: ['meta'],
  end: ['end'],
  turn: ['turn'],
  event: ['event'],
  message: ['request', 'response', 'notification'],
  other: ['unknown'],
};

const sorted = (lines: number[]) => [...lines].sort((a, b) => a - b);

interface Agreement {
  entries: Entry[];
  byLine: Map<number, Entry>;
}

/** Reads `text` both ways and checks that they agree line by line and pair by pair. */
function agree(text: string): Agreement {
  const tape = parseTape(text);
  const entries = mergePlanes([parseTapeText(text, 'wire')]);
  const byLine = new Map(entries.map((e) => [e.line, e]));
  const ref = (e: Entry | undefined) => e?.line;

  // Every line either reader sees, the other sees, at the same number.
  const lines = sorted([...tape.records.map((r) => r.line), ...tape.skipped.map((s) => s.line)]);
  expect(sorted(entries.map((e) => e.line))).toEqual(lines);
  // What is not a JSON object is unreadable to the viewer and skipped (or unknown) to the reader.
  const unreadable = sorted([
    ...tape.skipped.map((s) => s.line),
    ...tape.records.filter((r) => !isRecord(r.value)).map((r) => r.line),
  ]);
  expect(sorted(entries.filter((e) => e.kind === 'unreadable').map((e) => e.line))).toEqual(unreadable);
  for (const r of tape.records.filter((r) => isRecord(r.value)))
    expect(KINDS[classOf(r)], `line ${r.line}`).toContain(byLine.get(r.line)?.kind);

  // Requests and responses: paired alike, pending alike, errors alike (batch lines are shown whole).
  const single = (n: number | undefined) => {
    const r = tape.records.find((x) => x.line === n);
    return r?.type === 'message' && !Array.isArray(r.value.raw);
  };
  const exchanges = pairExchanges(tape.records).exchanges.filter((x) => single(x.requestLine));
  const answered = exchanges.filter((x) => x.responseLine !== undefined && single(x.responseLine));
  const viewerPairs = entries.flatMap((e) =>
    e.kind === 'request' && e.pair !== undefined ? [`${e.line}-${ref(entries[e.pair])}`] : [],
  );
  expect(viewerPairs.sort()).toEqual(answered.map((x) => `${x.requestLine}-${x.responseLine}`).sort());
  for (const x of answered) {
    const response = byLine.get(x.responseLine ?? 0);
    expect(ref(entries[response?.pair ?? -1])).toBe(x.requestLine);
    expect(response?.error, `line ${x.responseLine}`).toBe(x.outcome !== 'result');
  }
  expect(sorted(entries.filter((e) => e.pending).map((e) => e.line))).toEqual(
    sorted(exchanges.filter((x) => x.outcome === 'pending').map((x) => x.requestLine)),
  );

  // Tool uses and their results: each turn the viewer links is a pair the Node side makes.
  const uses = pairToolUses(tape.records).filter((u) => u.resultLine !== undefined);
  const turnPairs = entries.flatMap((e) =>
    e.kind === 'turn' && e.pair !== undefined ? [`${e.line}-${ref(entries[e.pair])}`] : [],
  );
  for (const pair of turnPairs) {
    const [a, b] = pair.split('-').map(Number);
    expect(
      uses.some((u) => (u.line === a && u.resultLine === b) || (u.line === b && u.resultLine === a)),
    ).toBe(true);
  }
  for (const u of uses) expect(byLine.get(u.line)?.pair, `tool use on line ${u.line}`).toBeDefined();
  return { entries, byLine };
}

describe('the viewer and the Node reader read a tape alike', () => {
  it('on lines made to differ: not JSON, malformed, another producer, the client answering', () => {
    const { byLine } = agree(MIXED);
    expect([2, 3, 4, 5, 6, 7, 9, 10, 11].map((n) => [n, byLine.get(n)?.kind])).toEqual([
      [2, 'request'],
      [3, 'request'],
      [4, 'unreadable'],
      [5, 'response'],
      [6, 'request'],
      [7, 'response'],
      [9, 'request'],
      [10, 'response'],
      [11, 'response'],
    ]);
    // Ours is answered by line 5; the other producer's request with the same id is not.
    expect(byLine.get(2)?.pairLine).toBe(5);
    expect(byLine.get(3)).toMatchObject({ pending: true, pairLine: undefined });
    // The untimed request is no exchange, so the error on line 7 answers nothing.
    expect(byLine.get(6)).toMatchObject({ pending: false, pairLine: undefined });
    expect(byLine.get(7)).toMatchObject({ error: true, pairLine: undefined });
    // The client's answer to roots/list does not answer the client's own request 3; line 11 does.
    expect(byLine.get(9)?.pairLine).toBe(11);
    expect(byLine.get(10)?.pairLine).toBeUndefined();
    expect(byLine.get(11)?.error).toBe(true);
    expect([12, 13, 14, 15, 17].map((n) => byLine.get(n)?.kind)).toEqual([
      'meta',
      'unreadable',
      'unknown',
      'event',
      'unreadable',
    ]);
  });

  it("on other producers' tapes", () => {
    const names = readdirSync(FIXTURES).filter((n) => n.endsWith('.jsonl'));
    expect(names.length).toBeGreaterThanOrEqual(4);
    for (const name of names) agree(readFileSync(join(FIXTURES, name), 'utf8'));
  });

  it('on the tapes our writer writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'viewer-agree-'));
    await writeFixtureTapes(dir, Date.parse('2026-11-01T12:00:00Z'));
    const wire = agree(readFileSync(join(dir, 'wire.jsonl'), 'utf8'));
    expect(wire.entries.some((e) => e.pair !== undefined)).toBe(true);
    expect(wire.entries.some((e) => e.pending)).toBe(true);
    const agent = agree(readFileSync(join(dir, 'agent.jsonl'), 'utf8'));
    expect(agent.entries.some((e) => e.kind === 'turn' && e.pair !== undefined)).toBe(true);
  });
});
