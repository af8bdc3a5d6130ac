import { describe, expect, it } from 'vitest';
import { applyExtract } from '../extract.js';
import {
  absolutePaths,
  isErrorText,
  joinListing,
  labelLines,
  labelPattern,
  listingEntries,
  rowPattern,
  textTables,
} from './text.js';

const result = (text: string) => ({ content: [{ type: 'text', text }] });

describe('values in text results', () => {
  it('reads plain and markdown "Label: value" lines, and the label pattern reads each back', () => {
    const text = [
      '# Tobias Quill',
      '',
      '**Role:** Engineer',
      '**Home port**: Saltmere',
      '- Certificate: STCW III/2',
      'Owner: Ines Marlow',
      'See https://example.org/x for more',
    ].join('\n');
    expect(labelLines(text)).toEqual([
      { label: 'Role', value: 'Engineer' },
      { label: 'Home port', value: 'Saltmere' },
      { label: 'Certificate', value: 'STCW III/2' },
      { label: 'Owner', value: 'Ines Marlow' },
    ]);
    for (const { label, value } of labelLines(text)) {
      const read = applyExtract(
        { kind: 'regex', pattern: labelPattern(label), flags: 'm', group: 1 },
        result(text),
      );
      expect(read, label).toEqual({ ok: true, value });
    }
  });

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

  it('reads markdown and CSV tables, and a row pattern reads one cell of one row back', () => {
    const md =
      '| id | title | author |\n| --- | --- | --- |\n| n-101 | Tide tables | Maud Ferris |\n| n-102 | Fender piles | Tobias Quill |';
    const [table] = textTables(md);
    expect(table).toEqual({
      format: 'markdown',
      columns: ['id', 'title', 'author'],
      rows: [
        ['n-101', 'Tide tables', 'Maud Ferris'],
        ['n-102', 'Fender piles', 'Tobias Quill'],
      ],
    });
    if (table === undefined) throw new Error('no table');
    const read = applyExtract(
      { kind: 'regex', pattern: rowPattern(table, 0, 'n-102', 2), flags: 'm', group: 1 },
      result(md),
    );
    expect(read).toEqual({ ok: true, value: 'Tobias Quill' });
    const [csv] = textTables('date,high,low\n2026-11-30,06:42,12:58\n2026-12-01,07:31,13:47\n');
    if (csv === undefined) throw new Error('no csv');
    const cell = applyExtract(
      { kind: 'regex', pattern: rowPattern(csv, 0, '2026-12-01', 1), flags: 'm', group: 1 },
      result('date,high,low\n2026-11-30,06:42,12:58\n2026-12-01,07:31,13:47\n'),
    );
    expect(cell).toEqual({ ok: true, value: '07:31' });
  });

  it('knows a failure reported as plain text, and keeps documents that merely mention one', () => {
    for (const text of [
      'ENOENT: no such file or directory, open /x',
      'EISDIR: illegal operation on a directory, read',
      'Error: table not found',
      'No matches found',
    ])
      expect(isErrorText(text), text).toBe(true);
    expect(
      isErrorText(
        `# Storm policy\n\n${'Cancellation threshold: Beaufort 8\n'.repeat(10)}If a page is not found, ask.`,
      ),
    ).toBe(false);
    expect(isErrorText('Owner: Ines Marlow')).toBe(false);
  });
});
