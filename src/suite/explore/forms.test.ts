import { describe, expect, it } from 'vitest';
import {
  asksFile,
  decoratedName,
  fileUrl,
  fileUrlPath,
  foldersWithFiles,
  formFits,
  formsOf,
  looksRelativePath,
  relativeTo,
  wants,
} from './forms.js';
import type { ParamSpec } from './params.js';

const param = (name: string, pathLike = false): ParamSpec => ({
  name,
  required: true,
  pathLike,
  topic: false,
});

describe('the forms of one value', () => {
  it('a file:// URL and a path are two forms of one handle', () => {
    expect(fileUrlPath('file:///srv/pdfs/tide%20report.pdf')).toBe('/srv/pdfs/tide report.pdf');
    expect(fileUrl('/srv/pdfs/tide report.pdf')).toBe('file:///srv/pdfs/tide%20report.pdf');
    expect(fileUrlPath('https://example.org/a.pdf')).toBeUndefined();
    expect(formsOf('file:///srv/pdfs/a.pdf', [])).toEqual([
      { value: 'file:///srv/pdfs/a.pdf', form: 'given' },
      { value: '/srv/pdfs/a.pdf', form: 'path' },
    ]);
  });

  it('a path known absolutely is also offered relative to each root it lies under, as given first', () => {
    expect(formsOf('/vault/Projects/Plan.md', ['/vault', '/other'])).toEqual([
      { value: '/vault/Projects/Plan.md', form: 'given' },
      { value: 'file:///vault/Projects/Plan.md', form: 'file-url' },
      { value: 'Projects/Plan.md', form: 'relative' },
    ]);
    // A root is not inside itself: it has no relative form.
    expect(formsOf('/vault', ['/vault']).map((f) => f.form)).toEqual(['given', 'file-url']);
    expect(relativeTo('/vault/', '/vault/a.md')).toBe('a.md');
    expect(relativeTo('/vault', '/vaulted/a.md')).toBeUndefined();
  });

  it('a relative listed name is joined to the folder it was listed under, else to each root', () => {
    expect(formsOf('Projects/Plan.md', ['/vault'])).toEqual([
      { value: 'Projects/Plan.md', form: 'given' },
      { value: '/vault/Projects/Plan.md', form: 'joined' },
    ]);
    expect(formsOf('a.md', ['/vault'], '/vault/notes').map((f) => f.value)).toEqual([
      'a.md',
      '/vault/notes/a.md',
      'notes/a.md',
    ]);
    // In a tree listing, inside the entries it is nested in.
    expect(formsOf('a.md', ['/vault'], '/vault', ['notes', '2024']).map((f) => f.value)).toEqual([
      'a.md',
      '/vault/notes/2024/a.md',
      'notes/2024/a.md',
    ]);
  });

  it('only names that read as a file path are relative paths', () => {
    for (const yes of ['Projects/Tide Gauge Upgrade.md', 'ledger.xlsx', 'a/b/c.drawio.svg'])
      expect(looksRelativePath(yes), yes).toBe(true);
    for (const no of [
      'herbarium',
      '05/01/2024',
      'Dr. Smith',
      '../etc/passwd',
      '/abs.md',
      'https://x.org/a.md',
      '[FILE] a.md',
      '*.pyc',
      '',
    ])
      expect(looksRelativePath(no), no).toBe(false);
    expect(formsOf('herbarium', ['/vault'])).toEqual([{ value: 'herbarium', form: 'given' }]);
  });
});

describe('which form fits which parameter', () => {
  it('reads what a parameter asks from its name, and from its tool for a bare path', () => {
    expect(wants(param('url'))).toBe('url');
    expect(wants(param('resourceUri'))).toBe('url');
    expect(wants(param('file_path', true))).toBe('file');
    expect(wants(param('folder', true))).toBe('dir');
    expect(wants(param('path', true))).toBe('path');
    expect(wants(param('query'))).toBeUndefined();
    expect(asksFile('get_diagram_info', param('file_path', true))).toBe(true);
    expect(asksFile('read_pdf_bytes', param('url'))).toBe(true);
    expect(asksFile('list_directory', param('path', true))).toBe(false);
    expect(asksFile('read_file', param('directory', true))).toBe(false);
  });

  it('a URL parameter takes file:// URLs; a path parameter takes paths, absolute or relative', () => {
    expect(formFits('url', { value: 'file:///srv/a.pdf', form: 'given' })).toBe(true);
    expect(formFits('url', { value: '/srv/a.pdf', form: 'given' })).toBe(false);
    expect(formFits('url', { value: 'https://example.org/a.pdf', form: 'given' })).toBe(false);
    expect(formFits('file', { value: '/srv/a.pdf', form: 'path' })).toBe(true);
    expect(formFits('path', { value: 'Projects/Plan.md', form: 'relative' })).toBe(true);
    expect(formFits('path', { value: 'file:///srv/a.pdf', form: 'given' })).toBe(false);
    expect(formFits(undefined, { value: '/srv/a.pdf', form: 'given' })).toBe(false);
  });
});

describe('a folder is never offered where a file is asked when a file under it is known', () => {
  it('marks the folders that hold a known file, however deep', () => {
    const full = foldersWithFiles([
      { path: '/data', dir: true },
      { path: '/data/reports/a.md', dir: false },
      { path: '/data/empty', dir: true },
    ]);
    expect(full.has('/data')).toBe(true);
    expect(full.has('/')).toBe(true);
    expect(full.has('/data/reports')).toBe(true);
    expect(full.has('/data/empty')).toBe(false);
  });

  it('a path with a known path under it is a folder, not a file', () => {
    const full = foldersWithFiles([
      { path: '/data/reports', dir: false },
      { path: '/data/reports/2024', dir: true },
    ]);
    expect(full.size).toBe(0);
  });
});

describe('the name a decorated list item holds', () => {
  it.each([
    ['[function] addDays — 1 connections (/src/util/dates.ts)', 'addDays'],
    ['[FILE] notes.md', 'notes.md'],
    ['notes.md (3 KB)', 'notes.md'],
    ['Member – interface', 'Member'],
    ['(dir) reports', 'reports'],
  ])('%s → %s', (item, name) => expect(decoratedName(item)).toBe(name));
  it.each([
    'addDays',
    'Sensor network upkeep',
    '[todo] Call the supplier about T-204',
    'Fix: the DST bug',
    '(42)',
    // semiotic's suggestChart: a label and its note, sent as a chart intent and a component name.
    'Fields:  (0 numeric, 0 categorical, 0 date)',
  ])('%s holds no one name', (item) => expect(decoratedName(item)).toBeUndefined());
});
