import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureTapes } from '../../../../test/support/board/runs.js';
import { parseTapeText } from './tape-parser.js';
import {
  filter,
  hashLink,
  newState,
  Reading,
  rowOf,
  searchStep,
  selectEntry,
  showPlanes,
  statusOf,
  type TapeText,
} from './viewer-state.js';

/** A wire tape of `n` tools/call exchanges, the last one unanswered. */
function longTape(n: number): string {
  const lines = [
    JSON.stringify({ v: 1, type: 'meta', startedAt: '2026-09-01T10:00:00.000Z', label: 'l', command: ['s'] }),
  ];
  for (let i = 0; i < n; i += 1) {
    const t = new Date(Date.parse('2026-09-01T10:00:00.000Z') + i).toISOString();
    const raw = { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'search', arguments: {} } };
    lines.push(JSON.stringify({ t, dir: 'in', raw, corr_id: `t${i % 3}#0` }));
    if (i < n - 1) lines.push(JSON.stringify({ t, dir: 'out', raw: { jsonrpc: '2.0', id: i, result: {} } }));
  }
  return `${lines.join('\n')}\n`;
}

describe('reading the tapes a slice at a time', () => {
  it('paints the first lines at once and ends with what one whole read gives, pairs and all', () => {
    const text = longTape(5000);
    const reading = new Reading([{ plane: 'wire', text }]);
    expect(reading.planes[0]?.length).toBe(400);
    expect(reading.done).toBe(false);
    let slices = 0;
    while (!reading.done) {
      reading.more();
      slices += 1;
    }
    expect(slices).toBeGreaterThan(1);
    expect(reading.progress).toBe(1);
    const strip = (es: { line: number; kind: string; pending: boolean; pairLine?: number }[]) =>
      es.map((e) => [e.line, e.kind, e.pending, e.pairLine]);
    expect(strip(reading.planes[0] ?? [])).toEqual(strip(parseTapeText(text, 'wire')));
    expect(reading.planes[0]?.filter((e) => e.pending).map((e) => e.line)).toEqual([10_000]);
  });
});

describe('the viewer state', () => {
  let tapes: TapeText[];

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'viewer-state-'));
    await writeFixtureTapes(dir, Date.parse('2026-11-01T12:00:00Z'));
    tapes = ['wire', 'agent'].map((plane) => ({
      plane,
      text: readFileSync(join(dir, `${plane}.jsonl`), 'utf8'),
    }));
  });

  function shown() {
    const state = newState();
    const reading = new Reading(tapes);
    while (!reading.done) reading.more();
    return { state, result: showPlanes(state, reading.planes, true) };
  }

  it('tells the story and the filter menus once every line is read, unless the run brought a story', () => {
    const { state, result } = shown();
    expect(result.story?.lines).toBe(state.entries.length);
    expect(result.facets?.phases).toEqual(['construct', 'drive', 'probes']);
    expect(state.index.get('wire:12')).toBe(
      state.entries.findIndex((e) => e.plane === 'wire' && e.line === 12),
    );
    expect(statusOf(state)).toMatch(
      new RegExp(
        `^${state.rows.length} rows shown · ${state.entries.length} lines · \\d+ errors · 2 pending requests$`,
      ),
    );
    const given = newState();
    given.storyGiven = true;
    expect(showPlanes(given, [[...state.entries]], true).story).toBeUndefined();
  });

  it('selecting a line the filters hide clears them, so the line is shown', () => {
    const { state } = shown();
    filter(state, { corr: 't2::construct#0' });
    const hidden = state.index.get('agent:2') ?? -1;
    expect(rowOf(state, hidden)).toBe(-1);
    const { row, cleared } = selectEntry(state, hidden);
    expect(cleared).toBe(true);
    expect(state.filters.corr).toBe('');
    expect(row).toBe(rowOf(state, hidden));
    expect(row).toBeGreaterThanOrEqual(0);
    expect(selectEntry(state, hidden)).toEqual({ row, cleared: false });
  });

  it('searches forward and back, and reads the deep links of a hash', () => {
    const { state } = shown();
    const first = searchStep(state, 'search_books', 1);
    expect(first.text).toMatch(/^1 of \d+$/);
    const second = searchStep(state, 'search_books', 1);
    expect(second.text).toMatch(/^2 of \d+$/);
    expect(second.hit).toBeGreaterThan(first.hit ?? Number.POSITIVE_INFINITY);
    expect(searchStep(state, 'search_books', -1)).toEqual(first);
    expect(searchStep(state, 'no such text', 1)).toEqual({ text: 'no match' });
    expect(hashLink('#line=wire:5&q=x&only=problems')).toEqual({
      line: 'wire:5',
      corr: null,
      q: 'x',
      problems: true,
    });
    expect(hashLink('')).toEqual({ line: null, corr: null, q: null, problems: false });
  });
});
