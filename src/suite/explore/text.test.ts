import { describe, expect, it } from 'vitest';
import { absolutePaths, isErrorText, joinListing, listingEntries, refusesInput } from './text.js';

describe('values in text results', () => {
  it('never reads markup as a path: closing tags and self-closing tags name no file', () => {
    const html = '<h2>Files</h2><table><tr><th>Path</th></tr><tr><td>/srv/share/a.txt</td></tr></table><br/>';
    expect(absolutePaths(html)).toEqual(['/srv/share/a.txt']);
  });

  it('finds absolute paths and [FILE]/[DIR] listing lines, joined to the listed directory', () => {
    expect(absolutePaths('Allowed directories:\n/srv/share\n/tmp/x/notes.md: Error - ENOENT')).toEqual([
      '/srv/share',
      '/tmp/x/notes.md',
    ]);
    const listing =
      '[DIR] notes\n[FILE] README.md                   72 B\n[FILE] tides.csv\n\nTotal: 2 files';
    expect(listingEntries(listing)).toEqual([
      { kind: 'dir', name: 'notes' },
      { kind: 'file', name: 'README.md' },
      { kind: 'file', name: 'tides.csv' },
    ]);
    expect(joinListing('/srv/share/', 'notes')).toBe('/srv/share/notes');
  });

  it('knows a failure reported as plain text, and keeps documents that merely mention one', () => {
    for (const text of [
      'ENOENT: no such file or directory, open /x',
      'EISDIR: illegal operation on a directory, read',
      'Error: table not found',
      'No matches found',
      '❌ Unable to check for updates. Please ensure you have internet connectivity.',
      'Could not open the workbook',
      'Failed to create source file: ENOTDIR',
    ])
      expect(isErrorText(text), text).toBe(true);
    // Saying so later in the line, or in a sentence about something else, is data.
    expect(isErrorText('The crew could not sail on 3 May (storm)')).toBe(false);
    expect(isErrorText('Cannonball Run: 1981')).toBe(false);
    expect(
      isErrorText(
        `# Storm policy\n\n${'Cancellation threshold: Beaufort 8\n'.repeat(10)}If a page is not found, ask.`,
      ),
    ).toBe(false);
    expect(isErrorText('Owner: Ines Marlow')).toBe(false);
  });

  it('knows an answer that says a value we sent is not of the kind the tool takes', () => {
    expect(refusesInput('Type "Genre" is not an object type with fields', { typeName: 'Genre' })).toBe(true);
    expect(refusesInput('/srv/notes/a.md is not a directory', { path: '/srv/notes/a.md' })).toBe(true);
    // About something we did not send, or data that merely says "is not": kept.
    expect(refusesInput('Bergen is not a port of call', { typeName: 'Genre' })).toBe(false);
    expect(refusesInput('Genre: fiction\nShelf: 4 is not a shelf', { typeName: 'Genre' })).toBe(false);
  });
});
