import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileString } from '../../../test/support/hostile-strings.js';
import { commandData, commandProperty, noCommand } from './workflow.js';

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

/** What the runner decodes from command data or a property value (its own table, in reverse). */
const decode = (s: string) =>
  s.replace(/%(25|0D|0A|3A|2C)/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

describe('commandData and commandProperty', () => {
  it('one line, decoded back to the value by the runner (fast-check)', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        for (const out of [commandData(s), commandProperty(s)]) {
          expect(out).not.toMatch(/[\r\n]/);
          expect(decode(out)).toBe(s);
        }
        // A property value can end neither itself nor the property list.
        expect(commandProperty(s)).not.toMatch(/[:,]/);
      }),
      { numRuns: 1000 },
    );
  });

  it("escapes by the runner's table", () => {
    expect(commandData('100% a\r\nb::c')).toBe('100%25 a%0D%0Ab::c');
    expect(commandProperty('t: a,b%\n')).toBe('t%3A a%2Cb%25%0A');
  });
});
