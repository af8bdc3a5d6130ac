import { describe, expect, it } from 'vitest';
import { facts, readersOf, text } from '../../../test/support/suite/facts.js';

describe('unified diffs', () => {
  const show = [
    'commit 38469e33a044c8b69bddbda4194cbe73961eeb5c',
    'Author: Chen Wei <chen@tidetables.example>',
    'Date:   Fri Mar 29 10:00:00 2024 +0000',
    '',
    '    Document the release process',
    '',
    'diff --git a/RELEASING.md b/RELEASING.md',
    'new file mode 100644',
    'index 0000000..9f11d22',
    '--- /dev/null',
    '+++ b/RELEASING.md',
    '@@ -0,0 +1,2 @@',
    '+# Releasing',
    '+',
    'diff --git a/data/constants.csv b/data/constants.csv',
    'index fe77ec7..3414ce2 100644',
    '--- a/data/constants.csv',
    '+++ b/data/constants.csv',
    '@@ -2,2 +2,2 @@',
    ' Porto,12',
    '-Cork,9',
    '+Bergen,37',
  ].join('\n');

  it('a commit: its head read as labels, its diff as the files it changes with their lines', () => {
    expect(readersOf(text(show))).toEqual(['diff']);
    expect(facts(text(show))).toEqual({
      Author: 'Chen Wei <chen@tidetables.example>',
      Date: 'Fri Mar 29 10:00:00 2024 +0000',
      files: [
        { file: 'RELEASING.md', 'added line': ['# Releasing'], 'removed line': [] },
        { file: 'data/constants.csv', 'added line': ['Bergen,37'], 'removed line': ['Cork,9'] },
      ],
    });
  });

  it('a bare diff is its files; a text that only quotes "---" is no diff', () => {
    const bare = '--- a/x.txt\n+++ b/x.txt\n@@ -1 +1 @@\n-old line\n+new line\n';
    expect(facts(text(bare))).toEqual([
      { file: 'x.txt', 'added line': ['new line'], 'removed line': ['old line'] },
    ]);
    expect(readersOf(text('Notes\n--- \nAuthor: Ines Marlow'))).not.toContain('diff');
  });
});
