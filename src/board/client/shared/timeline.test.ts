import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureTapes } from '../../../../test/support/board/runs.js';
import { type Entry, planeOf } from './entries.js';
import { summarize } from './summary.js';
import { parseTapeText } from './tape-parser.js';
import { buildRows, type Filters, facets, mergePlanes, phaseOf, taskOf } from './timeline.js';

const ALL: Filters = { phase: '', task: '', errorsOnly: false, corr: '', grouping: 'corr' };

describe('viewer timeline over tapes written by the tape writer', () => {
  let entries: Entry[];
  const ref = (e: Entry | undefined) => (e ? `${e.plane}:${e.line}` : 'none');
  const at = (r: string) => entries.find((e) => ref(e) === r);
  const entry = (r: string): Entry => {
    const found = at(r);
    if (found === undefined) throw new Error(`no entry ${r}`);
    return found;
  };

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'viewer-'));
    await writeFixtureTapes(dir, Date.parse('2026-11-01T12:00:00Z'));
    const wire = parseTapeText(readFileSync(join(dir, 'wire.jsonl'), 'utf8'), 'wire');
    const agent = parseTapeText(readFileSync(join(dir, 'agent.jsonl'), 'utf8'), 'agent');
    entries = mergePlanes([agent, wire]);
  });

  it('merges the planes by observed time', () => {
    const times = entries.map((e) => e.ms);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const order = entries.filter((e) => e.corr === 't1#0').map(ref);
    expect(order).toEqual(['wire:10', 'wire:11', 'agent:2', 'wire:12', 'agent:3', 'agent:4']);
  });

  it('links each request to its response and leaves unanswered requests pending', () => {
    const request = at('wire:11');
    const response = at('wire:12');
    expect(request?.pending).toBe(false);
    expect(ref(entries[request?.pair ?? -1])).toBe('wire:12');
    expect(ref(entries[response?.pair ?? -1])).toBe('wire:11');
    expect(at('wire:8')?.pending).toBe(true);
    expect(at('wire:9')?.pending).toBe(true);
    expect(entries.filter((e) => e.pending).map(ref)).toEqual(['wire:8', 'wire:9']);
  });

  it('links a tool_use turn to the turn carrying its tool_result', () => {
    expect(ref(entries[at('agent:2')?.pair ?? -1])).toBe('agent:3');
  });

  it('marks errors: JSON-RPC errors, isError results, failed HTTP exchanges, error tool results', () => {
    expect(
      entries
        .filter((e) => e.error)
        .map(ref)
        .sort(),
    ).toEqual(['agent:3', 'wire:10', 'wire:12', 'wire:5'].sort());
  });

  it('groups by corr id in order of first appearance, with error and pending counts', () => {
    const rows = buildRows(entries, ALL);
    const heads = rows.flatMap((r) => ('group' in r ? [r] : []));
    expect(heads.map((h) => h.group)).toEqual([
      '(no corr id)',
      'probe:spec-currency',
      'probe:impossible-version',
      'probe:unknown-method',
      't1::construct#0',
      't2::construct#0',
      't1#0',
    ]);
    expect(heads.find((h) => h.group === 't1#0')).toMatchObject({ count: 6, errors: 3, pending: 0 });
    expect(rows.length).toBe(entries.length + heads.length);
  });

  it('filters by phase, task, corr id and errors', () => {
    const shown = (f: Partial<Filters>) =>
      buildRows(entries, { ...ALL, grouping: 'time', ...f }).flatMap((r) =>
        'entry' in r ? [ref(entries[r.entry])] : [],
      );
    expect(shown({ phase: 'construct' })).toEqual(['wire:8', 'wire:9']);
    expect(shown({ task: 't1' })).toEqual([
      'wire:8',
      'wire:10',
      'wire:11',
      'agent:2',
      'wire:12',
      'agent:3',
      'agent:4',
    ]);
    expect(shown({ corr: 't2::construct#0' })).toEqual(['wire:9']);
    expect(shown({ errorsOnly: true })).toEqual([
      'wire:5',
      'wire:8',
      'wire:9',
      'wire:10',
      'wire:12',
      'agent:3',
    ]);
    expect(facets(entries).phases).toEqual(['construct', 'drive', 'probes']);
    expect(facets(entries).tasks).toEqual(['t1', 't2']);
  });

  it('summarises lines in one line each', () => {
    expect(summarize(entry('wire:8'))).toBe('→ tools/call search_books — no response');
    expect(summarize(entry('wire:5'), 5)).toBe('← error -32022 unsupported version (5 ms)');
    expect(summarize(entry('agent:2'))).toBe('assistant: search_books | tool_use search_books');
  });
});

describe('tape parsing', () => {
  it('keeps unreadable lines as such, with their line numbers', () => {
    const text =
      '{"v":1,"type":"meta","startedAt":"2026-11-01T00:00:00Z","kind":"mcp"}\nnot json\n\n[1]\n{"t":"2026-11-01T00:00:01Z","dir":"sideways"}\n';
    const e = parseTapeText(text, 'wire');
    expect(e.map((x) => [x.line, x.kind])).toEqual([
      [1, 'meta'],
      [2, 'unreadable'],
      [4, 'unreadable'],
      [5, 'unknown'],
    ]);
    expect(planeOf(e, 'https://example.org/x/tape.jsonl')).toBe('wire');
  });

  it('reads the phase and task from corr ids', () => {
    expect([phaseOf('t3::null-no-tools#2'), taskOf('t3::null-no-tools#2')]).toEqual(['null-no-tools', 't3']);
    expect([phaseOf('t3#1'), taskOf('t3#1')]).toEqual(['drive', 't3']);
    expect([phaseOf('c9::screen'), taskOf('c9::screen')]).toEqual(['screen', 'c9']);
    expect(phaseOf(undefined)).toBeUndefined();
    expect([phaseOf('probe:unknown-method'), taskOf('probe:unknown-method')]).toEqual(['probes', undefined]);
    expect([phaseOf('generate'), taskOf('generate')]).toEqual(['generate', undefined]);
  });
});
