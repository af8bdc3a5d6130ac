import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureTapes } from '../../../../test/support/board/runs.js';
import { comparePhases, trialDiffs } from './compare.js';
import type { Entry } from './entries.js';
import { search, step } from './search.js';
import { buildStory } from './story.js';
import { parseTapeText } from './tape-parser.js';
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
    const badTrial = { ...story.phases[1], trials: [{ ...trial, count: 'yes' }] };
    expect(parseStory({ ...story, phases: [story.phases[0], badTrial] })).toBeUndefined();
    expect(parseStory({ ...story, lines: Number.NaN })).toBeUndefined();
  });

  it('compares two runs phase by phase and trial by trial', () => {
    const flipped: Story = JSON.parse(JSON.stringify(story));
    const t = flipped.phases[1]?.trials[0];
    if (t) t.count = t.count === 'passed' ? 'failed' : 'passed';
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

describe('phase counts and errors, as the record counts them', () => {
  const line = (t: number, raw: object, corr: string, extra: object = {}) =>
    JSON.stringify({
      t: new Date(Date.UTC(2026, 10, 1, 12, 0, t)).toISOString(),
      ...raw,
      corr_id: corr,
      ...extra,
    });
  const trialEvent = (t: number, corr: string, raw: object) =>
    line(t, { dir: 'event', kind: 'fitness.trial', raw }, corr);
  const meta = JSON.stringify({
    v: 1,
    type: 'meta',
    startedAt: '2026-11-01T12:00:00Z',
    label: 'x',
    kind: 'llm',
  });
  const agent = [
    meta,
    // Applicable, failed; not applicable though its check passed (it measured the real call).
    trialEvent(1, 'a::null-random-args', {
      phase: 'null-random-args',
      checkPassed: false,
      nullApplicable: true,
    }),
    trialEvent(2, 'b::null-random-args', {
      phase: 'null-random-args',
      checkPassed: true,
      nullApplicable: false,
    }),
    // An oracle error stands beside construct's sample.
    trialEvent(3, 'a::construct', {
      phase: 'construct',
      checkPassed: false,
      constructPassed: false,
      oracleError: 'timeout',
    }),
    trialEvent(4, 'b::construct', { phase: 'construct', checkPassed: true, constructPassed: true }),
    // The check passed, but a tool call failed: not a first try, so it failed in the drive's rate.
    trialEvent(5, 'a', { phase: 'drive', checkPassed: true, firstTry: false }),
    trialEvent(6, 'b', { phase: 'drive', checkPassed: true, firstTry: true }),
  ].join('\n');
  const err = (t: number, id: number, corr: string) =>
    line(t, { dir: 'out', raw: { jsonrpc: '2.0', id, error: { code: -32602, message: 'bad' } } }, corr);
  const wire = [
    JSON.stringify({ v: 1, type: 'meta', startedAt: '2026-11-01T12:00:00Z', label: 'x', kind: 'mcp' }),
    err(1, 1, 'probe:unknown-method'),
    err(2, 2, 'a::null-random-args'),
    err(3, 3, 'admit'),
    err(4, 4, 'a'),
  ].join('\n');
  const story = buildStory(mergePlanes([parseTapeText(wire, 'wire'), parseTapeText(agent, 'agent')]));

  it('counts each trial by the record’s rule: applicable apart, oracle errors beside n, the drive by first try', () => {
    const counts = Object.fromEntries(story.phases.map((p) => [p.phase, p.counts]));
    const none = { passed: 0, failed: 0, notApplicable: 0, errors: 0, notRecorded: 0 };
    expect(counts).toEqual({
      'null-random-args': { ...none, failed: 1, notApplicable: 1 },
      construct: { ...none, passed: 1, errors: 1 },
      drive: { ...none, passed: 1, failed: 1 },
    });
    expect(story.phases.map((p) => p.untold)).toEqual([0, 0, 0]);
  });

  it('keeps the errors the harness caused on purpose apart from the server’s in the drive', () => {
    expect(story).toMatchObject({ errors: 4, driveErrors: 1, ownErrors: 2 });
    expect(story.driveErrorRefs).toEqual(['wire:5']);
  });
});

describe('session events', () => {
  it('fold into one row per run of them until shown', () => {
    const text = readFileSync(
      resolve(import.meta.dirname, '../../../../test/fixtures/mcp-tape/fs-proxy.jsonl'),
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
