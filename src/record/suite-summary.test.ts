import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from '../core/canonical.js';
import { proportion } from './proportion.js';
import { buildSuiteSummary } from './suite-summary.js';

const rejection = (candidateId: string, rule: 'duplicate' | 'plan-failed') => ({
  candidateId,
  rule,
  detail: 'x',
});

describe('buildSuiteSummary', () => {
  it('counts fates apart and tallies rejections by rule', () => {
    const s = buildSuiteSummary({
      hash: sha256Hex('s'),
      candidates: 40,
      rejections: [
        rejection('c1', 'duplicate'),
        rejection('c2', 'plan-failed'),
        rejection('c3', 'plan-failed'),
      ],
      deletedByScreen: 5,
      registered: 16,
      reserve: 12,
      surplus: 4,
    });
    expect(s.rejected).toMatchObject({ total: 3, byRule: { duplicate: 1, 'plan-failed': 2 } });
    expect(s.admissionRate).toBe(37 / 40);
  });

  it('counts registered tasks by key basis, and refuses a count that is not the registered one', () => {
    const base = {
      hash: sha256Hex('s'),
      candidates: 3,
      rejections: [],
      deletedByScreen: 0,
      registered: 3,
      reserve: 0,
      surplus: 0,
    };
    const s = buildSuiteSummary({ ...base, keyBases: ['discriminating', 'singleton', 'discriminating'] });
    expect(s.keyBasis).toEqual({ discriminating: 2, singleton: 1 });
    expect(() => buildSuiteSummary({ ...base, keyBases: ['singleton'] })).toThrow(/keyBasis/);
  });

  it('throws when the fates do not add up to the candidates', () => {
    expect(() =>
      buildSuiteSummary({
        hash: sha256Hex('s'),
        candidates: 40,
        rejections: [],
        deletedByScreen: 0,
        registered: 16,
        reserve: 12,
        surplus: 0,
      }),
    ).toThrow(
      'buildSuiteSummary: candidates: expected rejected + deleted + registered + reserve + surplus = 28, got 40',
    );
  });

  it('leaves the admission rate absent with no candidates', () => {
    const s = buildSuiteSummary({
      hash: sha256Hex('s'),
      candidates: 0,
      rejections: [],
      deletedByScreen: 0,
      registered: 0,
      reserve: 0,
      surplus: 0,
    });
    expect(s.admissionRate).toBeUndefined();
  });
});

describe('proportion and canonical JSON', () => {
  it('divides counts and refuses bad ones', () => {
    expect(proportion(1, 4)).toBe(0.25);
    expect(proportion(0, 0)).toBeUndefined();
    expect(() => proportion(5, 4)).toThrow('part 5 exceeds whole 4');
    expect(() => proportion(-1, 4)).toThrow('part must be a non-negative integer, got -1');
  });

  it('sorts keys, drops undefined, and refuses non-finite numbers', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: 'x' }], a: true, u: undefined })).toBe(
      '{"a":true,"b":[1,{"c":"x","d":2}]}',
    );
    expect(() => canonicalJson({ a: Number.NaN })).toThrow('cannot canonicalize NaN at /a');
  });
});
