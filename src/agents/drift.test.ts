import { describe, expect, it } from 'vitest';
import type { Task } from '../suite/schema.js';
import { planDrift } from './drift.js';
import type { ToolCallRecord } from './types.js';

/** Two steps: the list gives the id the detail call reads; the detail's title is the key. */
const TASK: Task = {
  id: 'x1',
  prompt: 'What is the title of the first blocked task?',
  expectedTools: ['list_blocked', 'get_task'],
  plan: [
    { tool: 'list_blocked', arguments: {} },
    { tool: 'get_task', arguments: { task_id: { $from: { step: 0, pointer: '/tasks/0/id' } } } },
  ],
  extract: { kind: 'pointer', pointer: '/title', source: 'text-json' },
  check: { kind: 'contains', value: 'Install gauge' },
  answerKey: 'Install gauge',
  boundArguments: [{}, { task_id: 'task-6f9d' }],
  destructive: false,
  serverRequiredBecause: 'the title is stored data',
};

function call(
  tool: string,
  args: Record<string, unknown>,
  body: unknown,
  failure?: 'tool_error',
): ToolCallRecord {
  return {
    tool,
    toolCallId: `c-${tool}`,
    arguments: args,
    result: {
      content: [{ type: 'text', text: JSON.stringify(body) }],
      ...(failure ? { isError: true } : {}),
    },
    ...(failure ? { failure } : {}),
  };
}

describe('planDrift: a replayed plan step must still give what admission read from it', () => {
  it('agrees while every replayed step gives the same handle and key', () => {
    const calls = [
      call('list_blocked', {}, { tasks: [{ id: 'task-6f9d' }, { id: 'task-77aa' }] }),
      call('get_task', { task_id: 'task-6f9d' }, { title: 'Install gauge', status: 'blocked' }),
    ];
    expect(planDrift(TASK, calls)).toBeUndefined();
  });

  it('names the step and the handle when the listing no longer holds the value a later step read', () => {
    const changed = planDrift(TASK, [call('list_blocked', {}, { tasks: [] })]);
    expect(changed).toMatch(
      /^list_blocked \{\}: the value at \/tasks\/0\/id was "task-6f9d" at admission and is now gone$/,
    );
    const other = planDrift(TASK, [call('list_blocked', {}, { tasks: [{ id: 'task-0000' }] })]);
    expect(other).toContain('is now "task-0000"');
  });

  it('a value admission saw change between its own two executions is minted per call: no drift', () => {
    // repomix: attach_packed_output answers a new outputId at every call, read by the next step.
    const minted: Task = { ...TASK, perCall: [1] };
    const calls = [call('list_blocked', {}, { tasks: [{ id: 'task-1c2e' }] })];
    expect(planDrift(minted, calls)).toBeUndefined();
    expect(planDrift(TASK, calls)).toContain('is now "task-1c2e"');
  });

  it('names the last step when its answer no longer carries the key', () => {
    const changed = planDrift(TASK, [call('get_task', { task_id: 'task-6f9d' }, { title: 'Order parts' })]);
    expect(changed).toMatch(
      /^get_task \{"task_id":"task-6f9d"\}: no longer carries the answer key "Install gauge"/,
    );
  });

  it('says nothing of calls with other arguments, failed calls or stubbed answers', () => {
    expect(planDrift(TASK, [call('get_task', { task_id: 'task-77aa' }, { title: 'Other' })])).toBeUndefined();
    expect(planDrift(TASK, [call('list_blocked', {}, { tasks: [] }, 'tool_error')])).toBeUndefined();
    expect(planDrift(TASK, [{ ...call('list_blocked', {}, { tasks: [] }), stubbed: true }])).toBeUndefined();
  });

  it('compares arguments canonically (key order does not matter) and cuts long values', () => {
    const task: Task = {
      ...TASK,
      plan: [{ tool: 'get_task', arguments: { a: 1, task_id: 'x' } }],
      boundArguments: [{ a: 1, task_id: 'x' }],
      answerKey: 'y'.repeat(200),
    };
    const changed = planDrift(task, [call('get_task', { task_id: 'x', a: 1 }, { title: 'z' })]);
    expect(changed).toBeDefined();
    expect(changed!.length).toBeLessThan(200);
  });
});
