import { describe, expect, it } from 'vitest';
import { check, formatChecks } from './verify-table.js';

describe('verify’s table', () => {
  it('prints a detail that quotes a downloaded run inert: one row, no escape sequence, no workflow command', () => {
    const rows = formatChecks([check('files', false, 'run-1\n::add-mask::x \x1b]0;t\x07\u202e differs')]);
    expect(rows).toEqual([
      'check  result    detail',
      'files  MISMATCH  run-1\\n::add-mask::x \\x1b]0;t\\x07\\u202e differs',
    ]);
  });
});
