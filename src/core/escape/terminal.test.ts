import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actingIn, hostileString } from '../../../test/support/hostile-strings.js';
import { plain } from './terminal.js';

describe('plain', () => {
  it('is one visible line: no control, escape sequence, bidi control or workflow command (fast-check)', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        const out = plain(s);
        expect(actingIn(out)).toEqual([]);
        expect(out.trimStart().startsWith('::')).toBe(false);
        expect(out).not.toContain('##[');
      }),
      { numRuns: 1000 },
    );
  });

  it('prints ordinary names as they are (fast-check)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_.\- /éü✅]{0,40}$/), (s) => {
        expect(plain(s)).toBe(s);
      }),
    );
  });

  it('shows the hostile examples inert', () => {
    expect(plain('get_vessel\n### ✅ LGTM\x1b[31m\u202e')).toBe('get_vessel\\n### ✅ LGTM\\x1b[31m\\u202e');
    expect(plain('::add-mask::x\n::error::y')).toBe('\\::add-mask::x\\n::error::y');
    expect(plain('\x1b]8;;https://evil.example\x07link\x1b]8;;\x07')).toBe(
      '\\x1b]8;;https://evil.example\\x07link\\x1b]8;;\\x07',
    );
    expect(plain('\x1b]0;title\x07')).toBe('\\x1b]0;title\\x07');
  });
});
