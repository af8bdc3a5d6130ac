import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actingIn, hostileString } from '../../../test/support/hostile-strings.js';
import { jsonText } from './json.js';

const value = fc.oneof(
  hostileString,
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
  fc.array(fc.record({ name: hostileString, n: fc.integer() }), { maxLength: 3 }),
);

describe('jsonText', () => {
  it('parses to the same value, with no acting character and no ##[ (fast-check)', () => {
    fc.assert(
      fc.property(value, fc.constantFrom(0, 2), (v, indent) => {
        const text = jsonText(v, indent);
        // Lone surrogates: JSON.stringify writes them as \ud800, which parses back to the same unit.
        expect(JSON.parse(text)).toEqual(v);
        for (const line of text.split('\n')) {
          expect(actingIn(line)).toEqual([]);
          expect(line.trimStart().startsWith('::')).toBe(false);
          expect(line).not.toContain('##[');
        }
      }),
      { numRuns: 500 },
    );
  });

  it('escapes what JSON.stringify leaves raw', () => {
    expect(jsonText({ a: 'x\u202ey\x9b\u2028##[error]' }, 0)).toBe(
      '{"a":"x\\u202ey\\u009b\\u2028#\\u0023[error]"}',
    );
  });
});
