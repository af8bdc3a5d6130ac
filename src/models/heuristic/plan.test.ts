import { describe, expect, it } from 'vitest';
import { findPlan, resolvePointer, resolveRefs, UnresolvedReference } from './plan.js';

describe('plan blocks', () => {
  it('finds a plan block and defaults missing arguments to {}', () => {
    expect(findPlan('do it\n```plan\n[{"tool": "a"}]\n```')).toEqual({
      kind: 'plan',
      steps: [{ tool: 'a', arguments: {} }],
    });
    expect(findPlan('no plan here')).toEqual({ kind: 'none' });
    expect(findPlan('```plan\n[{"tool": \n```').kind).toBe('invalid');
    expect(findPlan('```plan\n[]\n```').kind).toBe('invalid');
  });

  it('resolves RFC 6901 pointers, escapes included', () => {
    const doc = { 'a/b': { 'c~d': [10, 20] }, list: [{ id: 'x' }] };
    expect(resolvePointer(doc, '/a~1b/c~0d/1')).toBe(20);
    expect(resolvePointer(doc, '/list/0/id')).toBe('x');
    expect(resolvePointer(doc, '')).toBe(doc);
    expect(resolvePointer(doc, '/list/01')).toBeUndefined();
    expect(resolvePointer(doc, '/missing')).toBeUndefined();
    expect(resolvePointer(doc, 'list')).toBeUndefined();
  });

  it('replaces nested $from references and rejects unresolvable ones', () => {
    const data = [{ users: [{ id: 7 }] }];
    const args = { ids: [{ $from: { step: 0, pointer: '/users/0/id' } }], keep: { $from: 'not a ref' } };
    expect(resolveRefs(args, data)).toEqual({ ids: [7], keep: { $from: 'not a ref' } });
    expect(() => resolveRefs({ $from: { step: 1, pointer: '/x' } }, data)).toThrow(UnresolvedReference);
  });
});
