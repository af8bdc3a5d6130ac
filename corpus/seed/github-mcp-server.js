// Seed of github-mcp-server (docs/corpus.md): a git repository (herbarium/) with seven commits by three
// authors, a tag and a feature branch; the server runs git in its working directory.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { target } from './lib/common.js';
import { gitRepo } from './lib/git.js';

const KAVYA = ['Kavya Rao', 'kavya@herbarium.example'];
const LUCA = ['Luca Ferri', 'luca@herbarium.example'];
const ROSA = ['Rosa Jiménez', 'rosa@herbarium.example'];
const CSV =
  'sheet,taxon,collector,date\nAZ-0141,Erica azorica,Kavya Rao,2026-06-02\nAZ-0142,Laurus azorica,Luca Ferri,2026-06-03\n';

const repo = join(target(), 'herbarium');
mkdirSync(repo);
gitRepo(
  repo,
  [
    {
      author: KAVYA,
      date: '2026-03-02',
      message: 'Catalogue schema: specimen, taxon, collector',
      files: {
        'README.md': '# herbarium\n\nCatalogue of the island herbarium: specimens, taxa and collectors.\n',
        'schema.sql':
          'CREATE TABLE specimen (sheet_id TEXT PRIMARY KEY, taxon TEXT, collector TEXT, year INTEGER);\n',
      },
    },
    {
      author: LUCA,
      date: '2026-03-19',
      message: 'Import script for specimen sheets (CSV)',
      files: {
        'scripts/import.py': 'import csv\n\ndef rows(path):\n    return list(csv.DictReader(open(path)))\n',
      },
    },
    {
      author: ROSA,
      date: '2026-04-07',
      message: 'Label template for the Zebra ZD421 printer',
      files: {
        'labels/template.html':
          '<div class="taxon">{{ taxon }}</div>\n<div class="sheet">{{ sheet }}</div>\n',
        'labels/template.css': '.taxon { white-space: nowrap; font-size: 11pt; }\n',
      },
      tag: 'v1.0.0',
    },
    {
      author: KAVYA,
      date: '2026-06-20',
      message: 'Azores 2026 field sheet (212 specimens)',
      files: { 'imports/azores-2026.csv': CSV },
    },
    {
      author: LUCA,
      date: '2026-07-01',
      message: 'Skip sheets already catalogued on import (#41)',
      files: {
        'scripts/import.py':
          'import csv\n\ndef rows(path, existing=()):\n    return [r for r in csv.DictReader(open(path)) if r["sheet"] not in existing]\n',
      },
    },
    {
      author: ROSA,
      date: '2026-11-25',
      message: 'Wrap long taxon names at 38 characters',
      files: {
        'labels/template.css': '.taxon { max-width: 38ch; overflow-wrap: anywhere; font-size: 11pt; }\n',
      },
      branch: 'feature/label-wrap',
    },
    {
      author: KAVYA,
      date: '2026-11-26',
      message: 'Print preview for the Azores batch',
      files: { 'labels/preview.md': '# Preview\n\nAZ-0141 Erica azorica\nAZ-0142 Laurus azorica\n' },
      branch: 'feature/label-wrap',
    },
  ],
  { branches: ['archive/2025'] },
);
