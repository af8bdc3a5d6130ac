import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { memorySink } from '../../test/support/agents.js';
import { libraryTask } from '../../test/support/suite/tasks.js';
import { Task } from '../suite/schema.js';
import { screenCandidates, screenQueue } from './screen.js';

const limits = {
  maxSteps: 4,
  maxOutputTokens: 256,
  tokenBudgetPerTrial: 10_000,
  trialTimeoutMs: 10_000,
  callTimeoutMs: 5_000,
};

function answer(text: string): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'end_turn' },
    usage: {
      inputTokens: { total: 20, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 5, text: 5, reasoning: undefined },
    },
    warnings: [],
  };
}

/** A runner that answers each prompt after `delayMs(prompt)`, counting the calls in flight. */
function slowModel(delayMs: (prompt: string) => number) {
  const seen = { inFlight: 0, most: 0, prompts: [] as string[] };
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      const prompt = JSON.stringify(options.prompt);
      seen.prompts.push(prompt);
      seen.inFlight += 1;
      seen.most = Math.max(seen.most, seen.inFlight);
      await new Promise((r) => setTimeout(r, delayMs(prompt)));
      seen.inFlight -= 1;
      return answer(prompt.includes('t2') ? 'answer for t2' : 'I cannot tell without the catalogue.');
    },
  });
  return { model: { model, id: 'mock:screen', provider: 'mock' }, seen };
}

const stateTask = (id: string): Task =>
  Task.parse({
    ...libraryTask(id),
    check: {
      kind: 'state',
      call: { tool: 'get_book', arguments: { id: 1 } },
      extract: { kind: 'pointer', pointer: '/title' },
      expect: { kind: 'contains', value: 'x' },
    },
  });

describe('the null screen as admission hands tasks over', () => {
  it('answers every added task once, in the order added, never more than concurrency at a time', async () => {
    const tasks = ['t1', 't2', 't3', 't4', 't5'].map((id) => libraryTask(id));
    // Later tasks answer sooner, so the order of answers is not the order of completion.
    const { model, seen } = slowModel((p) => (p.includes('t1') ? 60 : p.includes('t2') ? 40 : 5));
    const sink = memorySink();
    const queue = screenQueue({ model, limits, concurrency: 2, sink });
    for (const task of tasks) {
      queue.add(task);
      await new Promise((r) => setTimeout(r, 2));
    }
    queue.add(stateTask('t6'));
    const calls = await queue.close();
    expect(calls.answers.map((a) => a.id)).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(calls.answers[1]?.answer).toBe('answer for t2');
    expect(seen.prompts).toHaveLength(5);
    expect(seen.most).toBe(2);
    expect(calls.usage).toHaveLength(5);
    expect(new Set(sink.turns.map((t) => t.corr_id))).toEqual(new Set(tasks.map((t) => `${t.id}::screen`)));
  });

  it('gives the answers a screen of the whole list gives', async () => {
    const tasks = ['t1', 't2', 't3'].map((id) => libraryTask(id));
    const whole = await screenCandidates(tasks, { ...slowModel(() => 1), limits, concurrency: 3 });
    const queue = screenQueue({ ...slowModel(() => 1), limits, concurrency: 3 });
    for (const task of tasks) queue.add(task);
    const handed = await queue.close();
    expect(handed.answers).toEqual(whole.answers);
  });

  it('closes at once with nothing added, and starts nothing after it is abandoned', async () => {
    const empty = screenQueue({ ...slowModel(() => 1), limits, concurrency: 2 });
    expect((await empty.close()).answers).toEqual([]);

    const { model, seen } = slowModel(() => 30);
    const queue = screenQueue({ model, limits, concurrency: 1 });
    queue.add(libraryTask('t1'));
    queue.add(libraryTask('t2'));
    queue.abandon();
    const calls = await queue.close();
    // The call already running ends and is kept; the one waiting never starts.
    expect(seen.prompts).toHaveLength(1);
    expect(calls.answers.map((a) => a.id)).toEqual(['t1']);
  });

  it('starts nothing more once the run is stopped', async () => {
    const abort = new AbortController();
    const { model, seen } = slowModel(() => 20);
    const queue = screenQueue({ model, limits, concurrency: 1, runSignal: abort.signal });
    queue.add(libraryTask('t1'));
    abort.abort();
    queue.add(libraryTask('t2'));
    await queue.close();
    expect(seen.prompts).toHaveLength(1);
  });
});
