// Seed of repomix (docs/corpus.md): the small TypeScript project of seed/lib/project.js
// (greenhouse-plots/, the one codegraph and typescript-mcp read), with the `repomix.config.json`
// its README describes at the project root (Markdown output, comments kept, line numbers, a header
// text) and a `.repomixignore` leaving out the build folder and the test fixtures. The server packs
// a folder into one file in the system's temporary directory and reads that file back. Files are
// dated 2026-04-02 as in the other seeds of this project.
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { target, writeTree } from './lib/common.js';
import { writeGreenhouse } from './lib/project.js';

const root = writeGreenhouse(target(), 'greenhouse-plots');
const extra = {
  'repomix.config.json': {
    output: {
      filePath: 'greenhouse-plots-pack.md',
      style: 'markdown',
      headerText:
        'Greenhouse plots: allotment registry, watering rota and harvest totals (community garden, 2026).',
      showLineNumbers: true,
      removeComments: false,
      topFilesLength: 5,
    },
    include: ['src/**/*', 'package.json', 'README.md', 'tsconfig.json'],
    ignore: { useGitignore: true, useDefaultPatterns: true, customPatterns: ['dist/**'] },
    security: { enableSecurityCheck: true },
  },
  '.repomixignore': '# build output and recorded fixtures stay out of the pack\ndist/\ntest/fixtures/\n',
};
writeTree(root, extra);
const when = new Date('2026-04-02T12:00:00Z');
for (const rel of Object.keys(extra)) utimesSync(join(root, rel), when, when);
