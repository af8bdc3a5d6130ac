import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureTapes } from '../../../test/support/board/runs.js';
import { comparePhases, trialDiffs } from './compare.js';
import { search, step } from './search.js';
import { buildStory } from './story.js';
import { type Entry, parseTapeText } from './tape.js';
import { buildRows, mergePlanes } from './timeline.js';
import { parseRunData, type Story } from './viewer-run.js';

/** The story as the viewer reads it back from a run data file: undefined when it is dropped. */
function parseStory(story: unknown): Story | undefined {
  const data = {
    schema: 'fitness-report.viewer-run/1',
    runId: 'r1',
    serverSlug: 's',
    outcome: 'SCORED',
    recordPage: 'records/r1.html',
    planes: [{ plane: 'wire', path: 'wire.jsonl' }],
    verification: { status: 'unsigned', problems: [] },
    story,
  };
  return parseRunData(data, 'data/r1.json').story;
}

describe('the story of a run, told from its tapes', () => {
  let entries: Entry[];
  let story: Story;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'story-'));
    await writeFixtureTapes(dir, Date.parse('2026-11-01T12:00:00Z'));
    entries = mergePlanes([
      parseTapeText(readFileSync(join(dir, 'wire.jsonl'), 'utf8'), 'wire'),
      parseTapeText(readFileSync(join(dir, 'agent.jsonl'), 'utf8'), 'agent'),
    ]);
    story = buildStory(entries);
  });

  it('names the probes and groups trials under their phases in pipeline order', () => {
    expect(story.probes.map((p) => p.label)).toEqual([
      'spec-currency',
      'impossible-version',
      'unknown-method',
    ]);
    expect(story.phases.map((p) => p.phase)).toEqual(['construct', 'drive']);
    const construct = story.phases[0];
    expect(construct?.trials.map((t) => t.corr)).toEqual(['t1::construct#0', 't2::construct#0']);
    expect(construct?.tasks).toBe(2);
    expect(story.phases[1]?.trials[0]).toMatchObject({ corr: 't1#0', taskId: 't1', rep: 0 });
  });

  it('counts errors and pending requests, and points at them', () => {
    expect(story.pending).toBe(entries.filter((e) => e.pending).length);
    expect(story.errors).toBe(entries.filter((e) => e.error).length);
    expect(story.pendingRefs).toEqual(['wire:8', 'wire:9']);
    const t1 = story.phases[0]?.trials[0];
    expect(t1).toMatchObject({ toolCalls: 1, pending: 1 });
  });

  it('where a trial spent its time adds up to its duration (never negative)', () => {
    for (const t of story.phases.flatMap((p) => p.trials)) {
      expect(t.modelMs).toBeGreaterThanOrEqual(0);
      expect(t.harnessMs).toBeGreaterThanOrEqual(0);
      expect(t.modelMs + t.toolMs + t.harnessMs).toBeGreaterThanOrEqual(t.durationMs);
    }
  });

  it('survives the run data file: what the build writes, the viewer reads back', () => {
    expect(parseStory(JSON.parse(JSON.stringify(story)))).toEqual(story);
    expect(parseStory({ ...story, phases: [{ phase: 'x' }] })).toBeUndefined();
    expect(parseStory('nope')).toBeUndefined();
    const trial = story.phases[1]?.trials[0];
    const badTrial = { ...story.phases[1], trials: [{ ...trial, passed: 'yes' }] };
    expect(parseStory({ ...story, phases: [story.phases[0], badTrial] })).toBeUndefined();
    expect(parseStory({ ...story, lines: Number.NaN })).toBeUndefined();
  });

  it('compares two runs phase by phase and trial by trial', () => {
    const flipped: Story = JSON.parse(JSON.stringify(story));
    const t = flipped.phases[1]?.trials[0];
    if (t) t.passed = !t.passed;
    expect(comparePhases(story, flipped).map((r) => r.phase)).toEqual(['construct', 'drive']);
    expect(trialDiffs(story, story)).toEqual([]);
    expect(trialDiffs(story, flipped).map((d) => d.corr)).toEqual(['t1#0']);
  });

  it('searches every line, case-insensitively, and steps through the hits', () => {
    const s = search(entries, 'TOOLS/CALL');
    expect(s.hits.length).toBe(entries.filter((e) => e.text.includes('tools/call')).length);
    expect(step(s, 1)).toBe(s.hits[0]);
    expect(step(s, -1)).toBe(s.hits.at(-1));
    expect(search(entries, 'a.b*(').hits).toEqual([]);
  });
});

describe('session events', () => {
  it('fold into one row per run of them until shown', () => {
    const text = readFileSync(
      resolve(import.meta.dirname, '../../../test/fixtures/mcp-tape/fs-proxy.jsonl'),
      'utf8',
    );
    const open = (corr: string, t: string, phase: string) =>
      JSON.stringify({ t, dir: 'event', kind: 'fitness.connect', raw: { phase }, corr_id: corr });
    const tape = [
      text.split('\n')[0],
      open('x1', '2026-08-02T09:00:00.001Z', 'start'),
      open('x1', '2026-08-02T09:00:00.002Z', 'connected'),
      JSON.stringify({
        t: '2026-08-02T09:00:00.003Z',
        dir: 'in',
        raw: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        corr_id: 'x1',
      }),
      open('x1', '2026-08-02T09:00:00.004Z', 'closed'),
    ].join('\n');
    const entries = mergePlanes([parseTapeText(tape, 'wire')]);
    const filters = { phase: '', task: '', errorsOnly: false, corr: 'x1', grouping: 'time' as const };
    expect(buildRows(entries, filters)).toEqual([{ fold: 1, count: 2 }, { entry: 3 }, { fold: 4, count: 1 }]);
    expect(buildRows(entries, { ...filters, unfold: true })).toHaveLength(4);
  });
});
