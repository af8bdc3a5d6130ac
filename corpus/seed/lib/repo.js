// A software project's history for the git servers (docs/corpus.md): commits by four authors on
// fixed dates, a feature branch, tags.
import { gitRepo } from './git.js';

const A = [
  ['Amara Okafor', 'amara@tidetables.example'],
  ['Chen Wei', 'chen@tidetables.example'],
  ['Dagny Lund', 'dagny@tidetables.example'],
  ['Luca Ferri', 'luca@tidetables.example'],
];

export function tideRepo(dir) {
  gitRepo(dir, [
    {
      author: A[0],
      date: '2024-01-08',
      message: 'Initial harmonic model for Lisbon',
      files: {
        'README.md': '# tide-tables\n\nWeekly tide predictions.\n',
        'src/model.js': 'export const constituents = ["M2", "S2", "N2", "K1", "O1"];\n',
      },
    },
    {
      author: A[1],
      date: '2024-01-15',
      message: 'Add Porto and Cork constants',
      files: { 'data/constants.csv': 'port,M2,S2\nLisbon,1.21,0.42\nPorto,1.18,0.40\nCork,1.64,0.51\n' },
    },
    {
      author: A[2],
      date: '2024-02-02',
      message: 'Fix daylight-saving offset in predictions (#112)',
      files: { 'src/offset.js': 'export const offsetHours = (dst) => (dst ? 1 : 0);\n' },
      tag: 'v0.1.0',
    },
    {
      author: A[3],
      date: '2024-02-20',
      message: 'Render weekly table as Markdown',
      files: { 'src/render.js': 'export const row = (d, h) => [d, h].join(" | ");\n' },
    },
    {
      author: A[0],
      date: '2024-03-11',
      message: 'Add Bergen with 37 constituents',
      files: {
        'data/constants.csv':
          'port,M2,S2\nLisbon,1.21,0.42\nPorto,1.18,0.40\nCork,1.64,0.51\nBergen,0.49,0.18\n',
      },
    },
    {
      author: A[1],
      date: '2024-03-29',
      message: 'Document the release process',
      files: { 'RELEASING.md': '# Releasing\n\n1. Update CHANGELOG.md\n2. Tag vX.Y.Z\n' },
      tag: 'v0.2.0',
    },
    {
      author: A[2],
      date: '2024-04-16',
      message: 'Spring-neap cycle chart (work in progress)',
      files: { 'src/chart.js': 'export const cycleDays = 14.77;\n' },
      branch: 'feature/spring-neap',
    },
    {
      author: A[3],
      date: '2024-04-18',
      message: 'Tidy chart labels',
      files: { 'src/chart.js': 'export const cycleDays = 14.77;\nexport const label = "spring-neap";\n' },
      branch: 'feature/spring-neap',
    },
  ]);
}
