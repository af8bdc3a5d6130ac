import { describe, expect, it } from 'vitest';
import {
  bindCheck,
  evaluateCheck,
  numbersIn,
  permissiveProblem,
  referenceAnswer,
  regexLiteralLength,
  staticCheckProblem,
} from './checks.js';
import { containsNormalised, normaliseText } from './normalise.js';
import { Check } from './schema.js';

const check = (raw: unknown): Check => Check.parse(raw);

describe('normalisation', () => {
  it('folds case, marks, punctuation and full-width forms', () => {
    expect(normaliseText('  **José**  Widget-Deluxe! ')).toBe('jose widget deluxe');
    expect(normaliseText('Ｗｉｄｇｅｔ')).toBe('widget');
  });

  it('matches on token boundaries only', () => {
    expect(containsNormalised('The code is 4217.', '4217')).toBe(true);
    expect(containsNormalised('The code is 42170.', '4217')).toBe(false);
    expect(containsNormalised('concatenate', 'cat')).toBe(false);
    expect(containsNormalised('anything', '   ')).toBe(false);
  });
});

describe('evaluateCheck', () => {
  it('contains: passes on the normalised key, fails without it', () => {
    const c = check({ kind: 'contains', value: 'Widget Deluxe' });
    expect(evaluateCheck(c, { answer: 'It is the "widget-deluxe".' }).pass).toBe(true);
    expect(evaluateCheck(c, { answer: 'It is the widget.' }).pass).toBe(false);
    expect(evaluateCheck(check({ kind: 'contains' }), { answer: 'x' })).toEqual({
      pass: false,
      detail: 'check is not bound to a key',
    });
  });

  it('matches: ECMAScript regex over the raw answer', () => {
    const c = check({ kind: 'matches', pattern: 'ORD-\\d{4}', flags: 'i' });
    expect(evaluateCheck(c, { answer: 'order ord-1234 shipped' }).pass).toBe(true);
    expect(evaluateCheck(c, { answer: 'order 1234 shipped' }).pass).toBe(false);
  });

  it('matches: a model pattern runs in linear time, never on the backtracking RegExp', () => {
    // ^(a+)+$ against 39 a's and a b blocks JavaScript's RegExp for minutes; RE2 answers at once.
    const c = check({ kind: 'matches', pattern: '^(a+)+$' });
    const started = performance.now();
    expect(evaluateCheck(c, { answer: `${'a'.repeat(39)}b` }).pass).toBe(false);
    expect(evaluateCheck(c, { answer: 'a'.repeat(39) }).pass).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('number: any number in the answer within tolerance, thousands separators accepted', () => {
    const c = check({ kind: 'number', value: 1234.5, tolerance: 0.5 });
    expect(evaluateCheck(c, { answer: 'about 1,234 units' }).pass).toBe(true);
    expect(evaluateCheck(c, { answer: 'about 1,233 units' }).pass).toBe(false);
    expect(evaluateCheck(check({ kind: 'number', value: 0.3 }), { answer: '0.30000000000000004' }).pass).toBe(
      true,
    );
    expect(numbersIn('a -3.5e2 b 1,000,000 c .5')).toEqual([-350, 1000000, 0.5]);
  });

  it('json: pointer into JSON found anywhere in the answer equals the value', () => {
    const c = check({ kind: 'json', pointer: '/user/id', value: 4217 });
    expect(evaluateCheck(c, { answer: 'Here: ```json\n{"user": {"id": 4217, "x": "}"}}\n```' }).pass).toBe(
      true,
    );
    expect(evaluateCheck(c, { answer: '{"user": {"id": "4217"}}' }).pass).toBe(false);
    expect(evaluateCheck(c, { answer: 'no json here' }).detail).toBe('no JSON in the answer');
  });

  it('state: extracts from the verification result and applies the sub-check', () => {
    const c = check({
      kind: 'state',
      call: { tool: 'get_note', arguments: { id: 'n1' } },
      extract: { kind: 'pointer', pointer: '/title' },
      expect: { kind: 'contains', value: 'Quarterly plan' },
    });
    const ok = {
      kind: 'result' as const,
      result: { content: [], structuredContent: { title: 'Quarterly Plan' } },
    };
    const other = { kind: 'result' as const, result: { content: [], structuredContent: { title: 'Other' } } };
    expect(evaluateCheck(c, { answer: '', verification: ok }).pass).toBe(true);
    expect(evaluateCheck(c, { answer: '', verification: other }).pass).toBe(false);
    expect(evaluateCheck(c, { answer: 'Quarterly plan' }).pass).toBe(false);
    expect(evaluateCheck(c, { answer: '', verification: { kind: 'error', message: 'gone' } }).detail).toMatch(
      /gone/,
    );
    const isError = {
      kind: 'result' as const,
      result: { content: [{ type: 'text', text: 'no' }], isError: true },
    };
    expect(evaluateCheck(c, { answer: '', verification: isError }).pass).toBe(false);
  });
});

describe('static problems, binding and permissiveness', () => {
  it('rejects regexes that do not compile and stateful flags', () => {
    expect(staticCheckProblem(check({ kind: 'matches', pattern: '(' }))).toMatch(/does not compile/);
    expect(staticCheckProblem(check({ kind: 'matches', pattern: 'abcd', flags: 'g' }))).toMatch(
      /not allowed/,
    );
    expect(staticCheckProblem(check({ kind: 'matches', pattern: 'abcd', flags: 'i' }))).toBeUndefined();
    // What RE2 cannot match, or reads differently, is refused with the reason.
    expect(staticCheckProblem(check({ kind: 'matches', pattern: 'ab(?=cd)' }))).toMatch(
      /linear-time engine \(RE2\).*no lookaround/,
    );
    expect(staticCheckProblem(check({ kind: 'matches', pattern: '(ab)cd\\1' }))).toMatch(/RE2/);
    expect(staticCheckProblem(check({ kind: 'matches', pattern: '\\Aabcd' }))).toMatch(
      /uses \\A, which the linear-time engine \(RE2\) reads differently/,
    );
    expect(staticCheckProblem(check({ kind: 'matches', pattern: 'abcd', flags: 'v' }))).toMatch(
      /not allowed/,
    );
    expect(staticCheckProblem(check({ kind: 'matches', pattern: 'a'.repeat(5000) }))).toMatch(/longer than/);
    expect(
      staticCheckProblem(check({ kind: 'matches', pattern: '(?<id>ORD-\\d+)\\u0041', flags: 'u' })),
    ).toBeUndefined();
    expect(staticCheckProblem(check({ kind: 'number', tolerance: -1 }))).toMatch(/tolerance/);
  });

  it('binds missing literals to the key and keeps given ones', () => {
    expect(bindCheck(check({ kind: 'contains' }), 'Widget')).toEqual({
      ok: true,
      check: { kind: 'contains', value: 'Widget' },
    });
    expect(bindCheck(check({ kind: 'number' }), '12.5')).toMatchObject({ ok: true, check: { value: 12.5 } });
    expect(bindCheck(check({ kind: 'number' }), 'twelve')).toMatchObject({ ok: false });
    expect(bindCheck(check({ kind: 'contains' }), { a: 1 })).toMatchObject({ ok: false });
    expect(bindCheck(check({ kind: 'contains', value: 'given' }), 'Widget')).toMatchObject({
      check: { value: 'given' },
    });
  });

  it('a reference answer built from the key passes its own bound check', () => {
    const bound = bindCheck(check({ kind: 'json', pointer: '/a/b' }), { deep: [1, 2] });
    expect(bound.ok).toBe(true);
    if (!bound.ok) return;
    if (bound.check.kind === 'state')
      throw new Error('a json check binds to a json check, not a state check');
    const answer = referenceAnswer(bound.check, { deep: [1, 2] });
    expect(evaluateCheck(bound.check, { answer }).pass).toBe(true);
  });

  it('flags literals under 4 significant characters and empty-matching patterns', () => {
    expect(permissiveProblem(check({ kind: 'contains', value: 'a-b-c' }))).toMatch(/3 significant/);
    expect(permissiveProblem(check({ kind: 'contains', value: 'abcd' }))).toBeUndefined();
    expect(permissiveProblem(check({ kind: 'number', value: 42 }))).toMatch(/2 significant/);
    expect(permissiveProblem(check({ kind: 'number', value: 4217 }))).toBeUndefined();
    expect(permissiveProblem(check({ kind: 'matches', pattern: '.*' }))).toMatch(/empty string/);
    expect(permissiveProblem(check({ kind: 'matches', pattern: '\\d+ab' }))).toMatch(/2 literal/);
    expect(permissiveProblem(check({ kind: 'matches', pattern: 'ORDER-\\d{4}' }))).toBeUndefined();
    expect(permissiveProblem(check({ kind: 'json', pointer: '/ok', value: true }))).toMatch(/guessable/);
    expect(regexLiteralLength('[abc]\\w{2,5}x\\u0041')).toBe(2);
  });
});
