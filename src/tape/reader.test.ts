import { describe, expect, it } from 'vitest';
import { classOf } from './lines.js';
import { parseTape } from './reader.js';
import { metaKind, metaProducer } from './schema.js';

const meta =
  '{"v":1,"type":"meta","startedAt":"2026-01-01T00:00:00.000Z","label":"l","command":["c"],"kind":"mcp","source":"x@1","producer":{"name":"x","version":"1"}}';

describe('parseTape', () => {
  it('keeps unknown types, dirs, kinds and blocks; never fatal', () => {
    const text = [
      meta,
      '{"t":"2026-01-01T00:00:01.000Z","type":"checkpoint","note":"future line type"}',
      '{"t":"2026-01-01T00:00:01.000Z","dir":"sideways","raw":{}}',
      '{"t":"2026-01-01T00:00:01.000Z","dir":"event","kind":"vendor.custom","raw":{"id":1}}',
      '{"t":"2026-01-01T00:00:01.000Z","type":"turn","role":"assistant","corr_id":"a","blocks":[{"type":"image","source":"x"},{"type":"text","text":"ok"}]}',
      '',
    ].join('\n');
    const tape = parseTape(text);
    expect(tape.records.map((r) => r.type)).toEqual(['meta', 'unknown', 'unknown', 'event', 'turn']);
    expect(tape.records.map(classOf)).toEqual(['meta', 'other', 'other', 'event', 'turn']);
    expect(tape.skipped).toEqual([]);
    expect(tape.meta?.label).toBe('l');
  });

  it('skips only lines that are not JSON; keeps every JSON line, counted under what it claims', () => {
    const text = [
      meta,
      'not json at all',
      '[1,2,3]',
      '{"type":"turn","role":"assistant"}',
      '{"type":"meta","v":1}',
      '{"t":"2026-01-01T00:00:01.000Z","dir":"in","raw":{"jsonrpc":"2.0","id":1,"method":"tools/list"}}',
      '{"t":"2026-01-01T00:00:02.000Z","dir":"out","raw":{"jsonrpc":"2.0","id":1,"res',
    ].join('\n');
    const tape = parseTape(text, 'x.jsonl');
    expect(tape.skipped).toEqual([
      { line: 2, reason: 'not-json' },
      { line: 7, reason: 'unterminated' },
    ]);
    expect(tape.records.map((r) => [classOf(r), r.line])).toEqual([
      ['meta', 1],
      ['other', 3],
      ['turn', 4],
      ['meta', 5],
      ['message', 6],
    ]);
    // A turn with no blocks and no time is still a turn (counted), just not usable.
    const turn = tape.records[2];
    expect(turn?.type).toBe('unknown');
    expect(turn?.type === 'unknown' && turn.problem).toMatch(/^t: /);
    expect(tape.meta?.label).toBe('l');
  });

  it('reads the meta line as the format allows: only v, type, startedAt, label and command required', () => {
    const minimal =
      '{"v":1,"type":"meta","startedAt":"2026-01-01T00:00:00.000Z","label":"fs","command":["npx","srv"]}';
    const odd =
      '{"v":1,"type":"meta","startedAt":"2026-01-01T00:00:00.000Z","label":"fs","command":["x"],"kind":7,"producer":"mcp-tape","mcpTapVersion":"0.4.0"}';
    expect(parseTape(minimal).meta).toMatchObject({ command: ['npx', 'srv'] });
    expect(metaKind(parseTape(minimal).meta)).toBe('mcp');
    const m = parseTape(odd).meta;
    expect(m?.kind).toBeUndefined();
    expect(metaProducer(m)).toBe('mcp-tape');
  });

  it('reads a tape cut at any byte as all complete lines plus at most one unterminated line', () => {
    const lines = [meta];
    for (let i = 0; i < 20; i += 1)
      lines.push(JSON.stringify({ t: '2026-01-01T00:00:01.000Z', dir: 'in', raw: { id: i } }));
    const full = `${lines.join('\n')}\n`;
    for (let cut = 0; cut <= full.length; cut += 37) {
      const tape = parseTape(full.slice(0, cut));
      expect(tape.skipped.every((s) => s.reason === 'unterminated')).toBe(true);
      expect(tape.skipped.length).toBeLessThanOrEqual(1);
    }
  });

  it("shows the suite hash of our end line on the meta's producer, keeping the lines as written", () => {
    const end =
      '{"t":"2026-01-01T00:00:02.000Z","type":"end","reason":"SCORED","durationMs":2000,"configHash":"h1"}';
    const tape = parseTape([meta, end, ''].join('\n'));
    expect(tape.meta?.producer).toEqual({ name: 'x', version: '1', configHash: 'h1' });
    expect(tape.end?.configHash).toBe('h1');
    const line = tape.records[0];
    expect(line?.type === 'meta' && line.value.producer).toEqual({ name: 'x', version: '1' });
    const stated = meta.replace('"version":"1"}', '"version":"1","configHash":"h0"}');
    expect(parseTape([stated, end, ''].join('\n')).meta?.producer).toMatchObject({ configHash: 'h0' });
    expect(parseTape([meta, ''].join('\n')).meta?.producer).toEqual({ name: 'x', version: '1' });
  });
});
