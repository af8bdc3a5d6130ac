import { describe, expect, it } from 'vitest';
import { canonicalDigest, canonicalJson, sameCanonical } from './canonical.js';
import { FitnessError } from './errors.js';

function fromBits(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describe('canonicalJson (RFC 8785)', () => {
  it('matches the RFC 3.2.2 example', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        '"string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",' +
        '"literals": [null, true, false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts keys by UTF-16 code units (RFC 3.2.3)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    // Values are read back in written order: JSON.parse would move the integer-like key "1" first.
    const values = [...canonicalJson(input).matchAll(/:"([^"]*)"/g)].map((m) => m[1]);
    expect(values).toEqual([
      'Carriage Return',
      'One',
      'Control',
      'Latin Small Letter O With Diaeresis',
      'Euro Sign',
      'Emoji: Grinning Face',
      'Hebrew Letter Dalet With Dagesh',
    ]);
  });

  it.each([
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ])('formats IEEE bits %s as %s (RFC appendix B)', (bits, expected) => {
    expect(canonicalJson(fromBits(bits))).toBe(expected);
  });

  it('rejects values JSON cannot carry with a typed error', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(FitnessError);
    expect(() => canonicalJson({ a: [Number.POSITIVE_INFINITY] })).toThrow(/Infinity at \/a\/0/);
    expect(() => canonicalJson('\ud800')).toThrow(/lone surrogate/);
    expect(() => canonicalJson([undefined])).toThrow(FitnessError);
    expect(() => canonicalJson(10n)).toThrow(FitnessError);
  });

  it('has no whitespace, omits undefined members, and nests', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: 'x y' }], a: undefined, e: {} })).toBe(
      '{"b":[1,{"c":"x y","d":2}],"e":{}}',
    );
  });

  it('digests equal documents equally regardless of key order', () => {
    expect(canonicalDigest({ a: 1, b: 2 })).toBe(canonicalDigest({ b: 2, a: 1 }));
    expect(canonicalDigest({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
    expect(canonicalDigest({ a: 1 })).not.toBe(canonicalDigest({ a: 2 }));
  });
});

describe('sameCanonical', () => {
  it('ignores key order and the sign of zero, and tells different values apart', () => {
    expect(sameCanonical({ a: 1, b: [0, { c: 'x' }] }, { b: [-0, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameCanonical({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameCanonical({ a: 1 }, { a: 1.5 })).toBe(false);
    expect(sameCanonical([1, 2], [2, 1])).toBe(false);
  });
});
