import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileString } from '../../../test/support/hostile-strings.js';
import { noCommand } from './workflow.js';

describe('noCommand', () => {
  it('never starts with : after blanks and never holds ##[ (fast-check)', () => {
    fc.assert(
      fc.property(hostileString, fc.constantFrom('', ' ', '  ', ':'), (s, before) => {
        const out = noCommand(s);
        expect(out.trimStart().startsWith(':')).toBe(false);
        expect(out).not.toContain('##[');
        // The report's own text before it never makes a command of it either ("x" + value).
        expect(`${before}${out}`.trimStart().startsWith('::')).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('changes nothing else (fast-check)', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        fc.pre(!/^\s*:/.test(s) && !s.includes('##['));
        expect(noCommand(s)).toBe(s);
      }),
    );
  });

  it('breaks the workflow commands', () => {
    expect(noCommand('::add-mask::x')).toBe('\\::add-mask::x');
    expect(noCommand('  ::set-output name=a::b')).toBe('\\  ::set-output name=a::b');
    expect(noCommand(':')).toBe('\\:');
    expect(noCommand('a ##[error]x')).toBe('a #\\#[error]x');
    expect(noCommand('get_vessel: a::b')).toBe('get_vessel: a::b');
  });
});
