import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileString } from '../../../test/support/hostile-strings.js';
import { acts, reveal } from './visible.js';

const codePoints = (s: string) => [...s].map((c) => c.codePointAt(0) ?? 0);

describe('reveal', () => {
  it('leaves no character that acts on a display, and nothing else changes (fast-check)', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        const out = reveal(s);
        expect(codePoints(out).filter(acts)).toEqual([]);
        // What showed before shows the same: walking the input, each showing character is copied
        // and each acting one becomes one escape (a backslash in the input is itself copied).
        let at = 0;
        for (const c of s) {
          if (acts(c.codePointAt(0) ?? 0)) {
            const escaped = /^\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|[ntr])/.exec(out.slice(at));
            expect(escaped, `an escape at ${at} of ${JSON.stringify(out)}`).not.toBeNull();
            at += escaped?.[0].length ?? 0;
          } else {
            expect(out.slice(at, at + c.length)).toBe(c);
            at += c.length;
          }
        }
        expect(at).toBe(out.length);
      }),
      { numRuns: 1000 },
    );
  });

  it('writes each one as its escape', () => {
    expect(reveal('a\nb\tc\r')).toBe('a\\nb\\tc\\r');
    expect(reveal('\x1b[31mred\x1b]8;;https://x\x07')).toBe('\\x1b[31mred\\x1b]8;;https://x\\x07');
    expect(reveal('\x7f\x9b\x85')).toBe('\\x7f\\x9b\\x85');
    expect(reveal('abc\u202edef\u2066\u200e\u061c')).toBe('abc\\u202edef\\u2066\\u200e\\u061c');
    expect(reveal('\u2028\u2029\ud800')).toBe('\\u2028\\u2029\\ud800');
    expect(reveal('✅ é 👨‍👩‍👧')).toBe('✅ é 👨‍👩‍👧');
  });
});
