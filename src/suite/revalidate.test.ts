import { describe, expect, it } from 'vitest';
import { good } from '../../test/support/suite/admission.js';
import { library, librarySurface } from '../../test/support/suite/library.js';
import { admitCandidates } from './admission/admit.js';
import { surfaceSafety } from './destructive.js';
import { revalidateTasks } from './revalidate.js';
import { admittedTasks } from './suite-file.js';

async function admitted() {
  const surface = librarySurface();
  const safety = surfaceSafety(surface);
  const entries = await admitCandidates([good], {
    surface,
    safety,
    allowDestructive: false,
    caller: library().caller,
  });
  return { tasks: admittedTasks(entries), options: { surface, safety, allowDestructive: false } };
}

describe('revalidateTasks', () => {
  it('accepts what admission admitted, from its rendered JSON', async () => {
    const { tasks, options } = await admitted();
    expect(tasks).toHaveLength(1);
    expect(revalidateTasks(JSON.parse(JSON.stringify(tasks)), options)).toEqual([]);
  });

  it('names tasks edited after admission: leaked key, a check that no longer accepts the key, bad shape', async () => {
    const { tasks, options } = await admitted();
    const task = tasks[0];
    if (task === undefined) throw new Error('fixture');
    const invalid = revalidateTasks(
      [
        { ...task, id: 'leak', prompt: 'Was it Parveen Ashdown who wrote 4103?' },
        { ...task, id: 'check', check: { kind: 'contains', value: 'Ilse Marwood' } },
        { ...task, id: 'shape', answerKey: undefined },
        { ...task, id: 'check' },
      ],
      options,
    );
    expect(invalid).toEqual([
      { taskId: 'leak', detail: expect.stringMatching(/^answer-leak: /) },
      { taskId: 'check', detail: expect.stringMatching(/^check-invalid: the stored check rejects/) },
      { taskId: '#2', detail: expect.stringMatching(/answerKey/) },
      { taskId: 'check', detail: 'duplicate id check' },
    ]);
  });

  it('applies the key rules admission applies without a server: decoys, timestamps, uninformative and given keys', async () => {
    const { tasks, options } = await admitted();
    const task = tasks[0];
    if (task === undefined) throw new Error('fixture');
    const invalid = revalidateTasks(
      [
        { ...task, id: 'decoy', check: { kind: 'contains', value: 'Parveen Ashdown', decoys: ['Ashdown'] } },
        {
          ...task,
          id: 'time',
          answerKey: '2026-12-01T10:00:00Z',
          check: { kind: 'contains', value: '2026-12-01T10:00:00Z' },
        },
        { ...task, id: 'ordinal', prompt: 'In the catalogue, who wrote the 3rd entry?' },
        { ...task, id: 'prompt', check: { kind: 'matches', pattern: 'catalogue|Parveen' } },
      ],
      options,
    );
    expect(revalidateTasks([task], { ...options, given: ['Parveen Ashdown'] })).toEqual([
      { taskId: 'c1', detail: expect.stringMatching(/^key-uninformative: the key is given context/) },
    ]);
    expect(invalid).toEqual([
      {
        taskId: 'decoy',
        detail: expect.stringMatching(/^check-invalid: the stored check rejects the stored key/),
      },
      { taskId: 'time', detail: expect.stringMatching(/^key-unstable: the key is a timestamp/) },
      {
        taskId: 'ordinal',
        detail: expect.stringMatching(/^key-uninformative: the prompt picks the value by position/),
      },
      { taskId: 'prompt', detail: expect.stringMatching(/^check-matches-prompt: /) },
    ]);
  });
});
