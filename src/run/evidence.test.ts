import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TrialResult } from '../agents/types.js';
import { REFS_PER_KIND } from '../record/probe.js';
import { WireEvidence } from '../record/wire-evidence.js';
import { TapeWriter } from '../tape/writer.js';
import { failedCallRefs, passingAnswerRefs, trialCalls, wireEvidence } from './evidence.js';

function trial(corrId: string, extra: Partial<TrialResult> = {}): TrialResult {
  return {
    taskId: corrId.split('::')[0] ?? corrId,
    phase: 'construct',
    rep: 1,
    corrId,
    answer: '',
    checkPassed: false,
    checkDetail: '',
    firstTry: false,
    toolCalls: [],
    usage: [],
    steps: 1,
    durationMs: 1,
    ...extra,
  };
}

const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } });

/** A wire tape with every outcome a tools/call can have, across two sessions that reuse ids. */
function writeTape() {
  const wire = TapeWriter.open({
    path: join(mkdtempSync(join(tmpdir(), 'evidence-')), 'wire.jsonl'),
    meta: { label: 't', command: ['t'], kind: 'mcp' },
  });
  const a = wire.newSession();
  const b = wire.newSession();
  const lines: Record<string, number> = {};
  const on = (session: string, corrId: string) => ({ session, corrId });
  lines.okReq = wire.message('in', call(1, 'get_route'), on(a, 'x1::construct'));
  lines.ok = wire.message('out', { jsonrpc: '2.0', id: 1, result: { content: [] } }, on(a, 'x1::construct'));
  lines.errReq = wire.message('in', call(2, 'get_route'), on(a, 'x1::construct'));
  lines.isError = wire.message(
    'out',
    { jsonrpc: '2.0', id: 2, result: { isError: true, content: [] } },
    on(a, 'x1::construct'),
  );
  lines.rpcReq = wire.message('in', call(1, 'get_vessel'), on(b, 'x2::construct'));
  lines.rpc = wire.message(
    'out',
    { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } },
    on(b, 'x2::construct'),
  );
  lines.pending = wire.message('in', call(2, 'get_vessel'), on(b, 'x2::construct'));
  // The harness's own verification call and another phase's call are not the reference agent's.
  wire.message('in', call(3, 'get_vessel'), on(b, 'x2::construct::verify'));
  wire.message('in', call(4, 'get_vessel'), on(b, 'x2'));
  wire.event('fitness.connect', { phase: 'closed' }, on(b, 'x2::construct'));
  return { wire, lines };
}

describe('wire evidence from the tape', () => {
  it('counts and cites each kind of call the trials made, paired by the writer mid-run', async () => {
    const { wire, lines } = writeTape();
    const calls = trialCalls(wire, [trial('x1::construct'), trial('x2::construct')]);
    expect(calls).toHaveLength(4);
    const evidence = wireEvidence(calls);
    expect(evidence).toEqual({
      toolCalls: 4,
      errorResults: 1,
      pending: 1,
      protocolErrors: 1,
      tapeRefs: [`wire:${lines.ok}`, `wire:${lines.isError}`, `wire:${lines.rpc}`, `wire:${lines.pending}`],
      refs: {
        pending: [`wire:${lines.pending}`],
        errorResults: [`wire:${lines.isError}`],
        protocolErrors: [`wire:${lines.rpc}`],
        // Every call, the one that succeeded too: a count of clean calls still opens on its lines.
        calls: [`wire:${lines.ok}`, `wire:${lines.isError}`, `wire:${lines.rpc}`, `wire:${lines.pending}`],
      },
    });
    expect(WireEvidence.safeParse(evidence).success).toBe(true);
    expect(failedCallRefs(calls)).toEqual(
      new Map([
        ['get_route', [`wire:${lines.isError}`]],
        ['get_vessel', [`wire:${lines.rpc}`, `wire:${lines.pending}`]],
      ]),
    );
    await wire.close('test');
  });

  it('keeps only the first refs of a kind, in tape order, while counting every call', () => {
    const many = Array.from({ length: REFS_PER_KIND + 5 }, (_, i) => ({
      method: 'tools/call',
      id: i,
      tool: 't',
      requestLine: 100 - i,
      requestMs: 0,
      outcome: 'pending' as const,
      reusedId: false,
    }));
    const evidence = wireEvidence(many);
    expect(evidence.pending).toBe(REFS_PER_KIND + 5);
    expect(evidence.refs?.pending).toHaveLength(REFS_PER_KIND);
    expect(evidence.refs?.pending[0]).toBe(`wire:${100 - REFS_PER_KIND - 4}`);
    expect(evidence.refs?.calls).toEqual(evidence.refs?.pending);
    expect(evidence.tapeRefs).toEqual(evidence.refs?.pending);
  });

  it('the schema refuses refs that disagree with the counts', () => {
    const bad = {
      toolCalls: 2,
      errorResults: 0,
      pending: 2,
      protocolErrors: 0,
      tapeRefs: ['wire:3'],
      refs: { pending: ['wire:3'], errorResults: [], protocolErrors: [] },
    };
    expect(WireEvidence.safeParse(bad).success).toBe(false);
    const badCalls = { ...bad, pending: 1, refs: { ...bad.refs, calls: ['wire:3'] } };
    expect(WireEvidence.safeParse(badCalls).success).toBe(false);
    expect(
      WireEvidence.safeParse({ ...badCalls, refs: { ...badCalls.refs, calls: ['wire:3', 'wire:5'] } })
        .success,
    ).toBe(true);
    // Records from before the refs were kept carry counts and tapeRefs only.
    expect(WireEvidence.safeParse({ toolCalls: 2, errorResults: 0, pending: 2, tapeRefs: [] }).success).toBe(
      true,
    );
  });

  it('a null rate cites the agent-plane lines of its passing answers only', () => {
    const refs = passingAnswerRefs([
      trial('a::null-no-tools', { checkPassed: true, answerLine: 40 }),
      trial('b::null-no-tools', { checkPassed: false, answerLine: 12 }),
      trial('c::null-no-tools', { checkPassed: true, answerLine: 7 }),
      trial('d::null-no-tools', { checkPassed: true }),
    ]);
    expect(refs).toEqual(['agent:7', 'agent:40']);
  });
});
