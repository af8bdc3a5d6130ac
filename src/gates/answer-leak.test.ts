import { describe, expect, it } from 'vitest';
import { answerLeakGate } from './answer-leak.js';
import { GateInputError } from './errors.js';

describe('answer_leak gate', () => {
  it('passes when no task carries its key', () => {
    const g = answerLeakGate([
      { taskId: 't1', prompt: 'Which RFC defines HTTP/1.1 caching?', answerKey: 'RFC 2616' },
      { taskId: 't2', prompt: 'What code did the redirect in note 13070 return?', answerKey: 307 },
    ]);
    expect(g).toMatchObject({ gate: 'answer_leak', tier: 'free', verdict: 'PASS', scanned: 2, leaks: [] });
  });

  it('fails answer_in_prompt as GATE_FAILED, listing every leak with where it was found', () => {
    const g = answerLeakGate([
      { taskId: 't1', prompt: 'Open rfc2616.txt and name the RFC.', answerKey: 'RFC 2616' },
      {
        taskId: 't2',
        prompt: 'Fetch the note.',
        answerKey: { id: 'note-xyz-9' },
        boundArguments: { id: 'note-xyz-9' },
      },
      { taskId: 't3', prompt: 'clean', answerKey: 'hidden answer' },
    ]);
    expect(g).toMatchObject({
      verdict: 'FAIL',
      reason: 'answer_in_prompt',
      outcome: 'GATE_FAILED',
      scanned: 3,
    });
    expect(g.leaks).toEqual([
      { taskId: 't1', phrase: 'RFC 2616', where: 'prompt' },
      { taskId: 't2', phrase: 'note-xyz-9', where: 'arguments' },
    ]);
    expect(g.explain).toContain('2 of 3 scanned tasks carry their answer');
  });

  it('rejects a task without an id or prompt', () => {
    expect(() => answerLeakGate([{ taskId: '', prompt: 'x', answerKey: 'y' }])).toThrow(GateInputError);
    expect(() => answerLeakGate([{ taskId: 't', prompt: 3 as unknown as string, answerKey: 'y' }])).toThrow(
      'tasks[0].prompt',
    );
  });
});
