import { describe, expect, it } from 'vitest';
import { ScreenCounts as RecordedScreenCounts } from '../record/identity.js';
import { Task } from './schema.js';
import { applyScreen, ScreenCounts } from './screen.js';
import { SuiteFileV2 } from './suite-file.js';

/** The screen's counts are one schema: what applyScreen returns is what suite.json's screen validates. */
function task(id: string, kind: 'contains' | 'state' = 'contains'): Task {
  const check =
    kind === 'contains'
      ? { kind: 'contains', value: `answer ${id}` }
      : {
          kind: 'state',
          call: { tool: 'get_book', arguments: { id: 1 } },
          extract: { kind: 'pointer', pointer: '/title' },
          expect: { kind: 'contains', value: 'x' },
        };
  return Task.parse({
    id,
    prompt: `Find ${id}.`,
    expectedTools: ['get_book'],
    plan: [{ tool: 'get_book', arguments: { id: 1 } }],
    extract: { kind: 'pointer', pointer: '/title' },
    check,
    answerKey: `answer ${id}`,
    destructive: false,
    boundArguments: [{ id: 1 }],
    serverRequiredBecause: 'the catalogue holds it',
  });
}

describe('screen counts', () => {
  const tasks = [task('a'), task('b'), task('c'), task('d', 'state')];
  const answers = [
    { id: 'a', answer: 'it is answer a', usage: { inputTokens: 10, outputTokens: 2 } },
    { id: 'b', answer: 'no idea', usage: { inputTokens: 11, outputTokens: 3 } },
    { id: 'c', error: 'timeout', usage: { inputTokens: 1, outputTokens: 0 } },
  ];

  it('are what applyScreen counts, and parse with the schema they are typed by', () => {
    const { counts } = applyScreen(tasks, answers);
    expect(counts).toEqual({
      screened: 3,
      deleted: 1,
      kept: 1,
      errors: 1,
      notApplicable: 1,
      tokens: { input: 22, output: 5 },
    });
    expect(ScreenCounts.parse(counts)).toEqual(counts);
    const partial = applyScreen(tasks, answers.slice(0, 2)).counts;
    expect(partial.tokensMissingReason).toBe('1 screen call(s) reported no usage');
    expect(ScreenCounts.safeParse(partial).success).toBe(true);
  });

  it('share the record’s fields: the same screened, deleted and errors, under the same rules', () => {
    const { counts } = applyScreen(tasks, answers);
    const { screened, deleted, errors } = counts;
    expect(RecordedScreenCounts.safeParse({ screened, deleted, errors, tokens: 27 }).success).toBe(true);
    for (const bad of [{ screened: -1 }, { deleted: 1.5 }, { errors: undefined }])
      expect(ScreenCounts.safeParse({ ...counts, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });

  it('are suite.json’s screen block, with kept left out only when the screen was disabled', () => {
    const screen = SuiteFileV2.shape.screen;
    expect(screen.safeParse({ enabled: true, ...applyScreen(tasks, answers).counts }).success).toBe(true);
    expect(
      screen.safeParse({ enabled: false, screened: 0, deleted: 0, errors: 0, notApplicable: 0 }).success,
    ).toBe(true);
    expect(screen.safeParse({ enabled: true, screened: 0, deleted: 0, notApplicable: 0 }).success).toBe(
      false,
    );
  });
});
