import { describe, expect, it } from 'vitest';
import { readRecord } from '../record/io.js';
import type { RunRecord } from '../record/run.js';
import { outcomeLine } from '../run/outcome-line.js';
import { runEvidence, tapeEvidence } from './evidence.js';
import { runSuite } from './run-suite.js';

const fixture = (name: string) => readRecord(`src/record/fixtures/${name}.json`);
const link = runEvidence('runs/acme-x');
const byName = (record: RunRecord, trials?: Map<string, string[]>) =>
  new Map(runSuite(record, link, trials).cases.map((c) => [`${c.group} ${c.name}`, c]));

describe('runSuite', () => {
  it('a SCORED run: a case per gate decision, probe and task; a task fails on any failed first try', async () => {
    const record = await fixture('v2-scored');
    const suite = runSuite(record, link, new Map([['t9', ['agent:40', 'agent:52', 'agent:61']]]));
    expect(suite.verdict).toBe('ok');
    expect(suite.headline).toBe(outcomeLine(record));
    expect(suite.cases.map((c) => `${c.group} ${c.name}`).slice(0, 10)).toEqual([
      'gate structural',
      'gate answer_leak',
      'gate suite_size',
      'gate plan_power',
      'gate null_baseline (ceiling)',
      'gate construct',
      'gate null_baseline (reference)',
      'gate null_baseline (first_try)',
      'probe spec-currency',
      'probe origin-check',
    ]);
    expect(suite.cases.filter((c) => c.group === 'task')).toHaveLength(record.score?.tasks ?? -1);
    expect(
      suite.cases.filter((c) => c.status === 'failed').map((c) => [c.name, c.reason, c.evidence]),
    ).toEqual([
      ['t3', 'first try succeeded on 2 of 3 trials (eventually on 3)', []],
      [
        't9',
        'first try succeeded on 0 of 3 trials (eventually on 0)',
        ['runs/acme-x/agent.jsonl#L40', 'runs/acme-x/agent.jsonl#L52', 'runs/acme-x/agent.jsonl#L61'],
      ],
    ]);
    const cases = byName(record);
    expect(cases.get('probe spec-currency')).toMatchObject({
      status: 'passed',
      evidence: ['runs/acme-x/wire.jsonl#L1'],
    });
    expect(cases.get('probe origin-check')).toMatchObject({
      status: 'skipped',
      reason: 'could not check: stdio target: does not apply',
    });
    // The record's numbers, as stored.
    const first = record.score?.firstTry;
    expect(suite.properties).toContainEqual(['first try', `${first?.k}/${first?.n}`]);
    expect(suite.properties).toContainEqual([
      'first try lower 95%',
      String((first?.clustered ?? first)?.wilson.lower),
    ]);
  });

  it('a refusal fails its gate with the outcome, the reason and the gate’s own sentence', async () => {
    const record = await fixture('v2-gate-failed-construct');
    const suite = runSuite(record, link);
    const construct = record.gates.find((g) => g.gate === 'construct');
    expect(construct?.gate === 'construct' && construct.wire?.tapeRefs).toEqual(['wire:210', 'wire:388']);
    expect(suite.verdict).toBe('finding');
    expect(suite.cases.filter((c) => c.status !== 'passed' && c.group === 'gate')).toEqual([
      {
        group: 'gate',
        name: 'construct',
        status: 'failed',
        reason: `GATE_FAILED ${construct?.reason}: ${construct?.explain}`,
        // This record predates `wire.refs`: its sampled lines are cited.
        evidence: ['runs/acme-x/wire.jsonl#L210', 'runs/acme-x/wire.jsonl#L388'],
      },
    ]);
    expect(suite.properties).toContainEqual(['refusal', `construct ${construct?.reason}`]);
  });

  it('a VOID run is an error case with its reason; the gates it completed are still cases', async () => {
    const record = await fixture('v2-void');
    const suite = runSuite(record, link);
    expect(suite.verdict).toBe('error');
    expect(suite.cases[0]).toEqual({
      group: 'run',
      name: 'completion',
      status: 'error',
      reason: `VOID ${record.void?.reason}: ${record.void?.detail}`,
      evidence: [],
    });
    expect(suite.cases.filter((c) => c.group === 'gate')).toHaveLength(record.gates.length);
  });

  it('cites the failed calls of a construct gate and the findings’ lines, five at most', async () => {
    const record = await fixture('v2-gate-failed-construct');
    const refs = Array.from({ length: 8 }, (_, i) => `wire:${i + 10}`);
    const gates = record.gates.map((g) =>
      g.gate === 'construct'
        ? {
            ...g,
            wire: {
              toolCalls: 8,
              errorResults: 8,
              pending: 0,
              tapeRefs: refs,
              refs: { pending: [], errorResults: refs, protocolErrors: [], calls: refs },
            },
          }
        : g,
    );
    const finding = {
      id: 'error-text:get_x',
      kind: 'error-text' as const,
      tool: 'get_x',
      count: 2,
      summary: 'says nothing',
      evidence: ['wire:5', 'agent:9'],
    };
    const findings = {
      version: 'findings/1' as const,
      drive: { trials: 1, toolCalls: 1 },
      findings: [finding],
      annotationFindings: 0,
      declaredDestructiveCalls: 0,
      latency: { factor: 3, floorMs: 0, minSamples: 1 },
      proposals: [],
    };
    const suite = runSuite({ ...record, gates, findings }, link);
    expect(suite.cases.find((c) => c.name === 'construct')?.evidence).toEqual(
      refs.slice(0, 5).map((r) => `runs/acme-x/wire.jsonl#L${r.slice(5)}`),
    );
    expect(suite.notes).toEqual([
      {
        title: 'error-text get_x',
        message: 'says nothing',
        evidence: ['runs/acme-x/wire.jsonl#L5', 'runs/acme-x/agent.jsonl#L9'],
      },
    ]);
  });
});

describe('evidence links', () => {
  it('a run’s tape reference is its file under the run directory, at the line', () => {
    expect(link('wire:123')).toBe('runs/acme-x/wire.jsonl#L123');
    expect(link('judge:4')).toBe('runs/acme-x/judge.jsonl#L4');
    expect(link('nonsense')).toBeUndefined();
  });

  it('a probe’s is the --tape file, and nothing without one', () => {
    expect(tapeEvidence('probe.jsonl')('wire:7')).toBe('probe.jsonl#L7');
    expect(tapeEvidence(undefined)('wire:7')).toBeUndefined();
  });
});
