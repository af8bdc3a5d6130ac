import { describe, expect, it } from 'vitest';
import { stderrReason } from './errors.js';

describe('the stderr line that says why a server stopped', () => {
  it('is the first error line of a stack print, not its closing brace', () => {
    const tail = [
      'node:internal/modules/esm/resolve:275',
      '    throw new ERR_UNKNOWN_BUILTIN_MODULE(specifier);',
      'Error [ERR_UNKNOWN_BUILTIN_MODULE]: No such built-in module: node:sqlite',
      '    at builtinStrategy (node:internal/modules/esm/translators:443:11)',
      '  code: "ERR_UNKNOWN_BUILTIN_MODULE"',
      '}',
      '',
      'Node.js v20.20.2',
    ].join('\n');
    expect(stderrReason(tail)).toBe(
      'Error [ERR_UNKNOWN_BUILTIN_MODULE]: No such built-in module: node:sqlite',
    );
    expect(stderrReason('x.js:1\n    throw new ERR_X(y);\n}')).toBe('    throw new ERR_X(y);');
  });
  it('names a TypeError, a missing module, or a usage line', () => {
    expect(
      stderrReason('file:///x.js:3\nTypeError: Cannot read properties of undefined\n    at main\n}'),
    ).toBe('TypeError: Cannot read properties of undefined');
    expect(stderrReason('starting\nUsage: server <db-path>\n')).toBe('Usage: server <db-path>');
  });
  it('falls back to the last line with words, and says nothing of an empty stderr', () => {
    expect(stderrReason('listening\nshutting down\n}\n')).toBe('shutting down');
    expect(stderrReason('')).toBeUndefined();
  });
});
