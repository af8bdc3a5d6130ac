import { describe, expect, it } from 'vitest';
import { parseTape } from '../tape/reader.js';
import { oracleErrored, parseTrialCorrId, tapeTrials } from './tape-facts.js';

const tasks = new Set(['x001', 'x002']);

describe('parseTrialCorrId', () => {
  it('reads the phase and task of every trial corr id', () => {
    expect(parseTrialCorrId('x001::construct#2', tasks)).toEqual({ taskId: 'x001', phase: 'construct' });
    expect(parseTrialCorrId('x001::null-random-args', tasks)).toEqual({
      taskId: 'x001',
      phase: 'null-random-args',
    });
    expect(parseTrialCorrId('x009::screen', tasks)).toEqual({ taskId: 'x009', phase: 'screen' });
    expect(parseTrialCorrId('x002#3', tasks)).toEqual({ taskId: 'x002', phase: 'drive' });
    expect(parseTrialCorrId('x002', tasks)).toEqual({ taskId: 'x002', phase: 'drive' });
    expect(parseTrialCorrId('x001::construct#1::verify', tasks)).toEqual({
      taskId: 'x001',
      phase: 'construct',
    });
  });

  it('is not fooled by the harness corr ids that are not trials', () => {
    for (const id of ['connect', 'generate', 'admit', 'surface', 'health', 'x001::probe', 'x003#1'])
      expect(parseTrialCorrId(id, tasks), id).toBeUndefined();
  });
});

function line(value: Record<string, unknown>): string {
  return JSON.stringify({ t: '2026-11-30T10:00:00.000Z', ...value });
}

describe('tapeTrials', () => {
  it('takes the answer from the last assistant turn, sums its usage, and counts a pending call as an oracle error', () => {
    const agent = parseTape(
      [
        JSON.stringify({ v: 1, type: 'meta', startedAt: 't', label: 'a', command: 'c', kind: 'llm' }),
        line({ type: 'turn', role: 'user', blocks: [{ type: 'text', text: 'task' }], corr_id: 'x001#1' }),
        line({
          type: 'turn',
          role: 'assistant',
          blocks: [{ type: 'tool_use', id: 'c1', name: 'get', input: {} }],
          usage: { input_tokens: 10, output_tokens: 2 },
          corr_id: 'x001#1',
        }),
        line({
          type: 'turn',
          role: 'assistant',
          blocks: [{ type: 'text', text: 'the answer' }],
          usage: { input_tokens: 30, output_tokens: 3 },
          corr_id: 'x001#1',
        }),
        '',
      ].join('\n'),
    );
    const wire = parseTape(
      [
        JSON.stringify({ v: 1, type: 'meta', startedAt: 't', label: 'w', command: 'c', kind: 'mcp' }),
        line({
          dir: 'in',
          raw: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get' } },
          corr_id: 'x001#1',
        }),
        line({
          dir: 'in',
          raw: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get' } },
          corr_id: 'generate',
        }),
        '',
      ].join('\n'),
    );
    const trials = [...tapeTrials(agent, wire, tasks).values()];
    expect(trials).toHaveLength(1);
    const [trial] = trials;
    expect(trial).toMatchObject({
      corrId: 'x001#1',
      phase: 'drive',
      answer: 'the answer',
      inputTokens: 40,
      outputTokens: 5,
    });
    expect(trial?.calls.map((c) => c.outcome)).toEqual(['pending']);
    expect(trial && oracleErrored(trial)).toBe(true);
  });
});
