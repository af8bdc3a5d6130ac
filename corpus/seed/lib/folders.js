// Folders of documents for the file, notes and code servers (docs/corpus.md).
import { PEOPLE, rng } from './common.js';

/** An Obsidian-style vault: Markdown notes with front matter, tags, [[links]], tables and lists. */
export function vault() {
  const r = rng(707);
  const files = {};
  const projects = ['Tide Gauge Upgrade', 'Herbarium Digitisation', 'Choir Tour 2025', 'Allotment Plan'];
  projects.forEach((p, i) => {
    const owner = PEOPLE[i * 3];
    files[`Projects/${p}.md`] =
      `---\nstatus: ${r.pick(['active', 'paused', 'done'])}\nowner: ${owner}\ndue: ${r.date(2025, 2025)}\ntags: [project, ${p.split(' ')[0].toLowerCase()}]\n---\n# ${p}\n\nOwner: [[People/${owner}]]\n\n## Milestones\n\n- [x] Kick-off on ${r.date(2024, 2024)}\n- [ ] Budget approved (${r.int(2, 40)}k EUR)\n- [ ] Final report\n\n## Notes\n\nSee [[Meetings/${2024}-0${i + 1}-12 Review]] for the last review. #${p.split(' ')[0].toLowerCase()}\n`;
    files[`Meetings/2024-0${i + 1}-12 Review.md`] =
      `# Review of ${p}\n\nAttendees: ${PEOPLE.slice(i, i + 3).join(', ')}\n\n| Item | Decision | Owner |\n| --- | --- | --- |\n| Scope | ${r.pick(['kept', 'reduced', 'extended'])} | ${PEOPLE[i + 1]} |\n| Date | moved to ${r.date(2025, 2025)} | ${PEOPLE[i + 2]} |\n\nAction: ${PEOPLE[i]} to circulate minutes. #meeting\n`;
  });
  PEOPLE.slice(0, 10).forEach((n, i) => {
    files[`People/${n}.md`] =
      `# ${n}\n\n**Role:** ${r.pick(['archivist', 'engineer', 'conductor', 'gardener', 'analyst'])}\n**Phone:** +351 21 ${r.int(100, 999)} ${r.int(1000, 9999)}\n**Met:** ${r.date(2018, 2024)}\n\nWorks on [[Projects/${projects[i % projects.length]}]]. #person\n`;
  });
  files['Recipes/Caldo Verde.md'] =
    '# Caldo Verde\n\nServes 4. #recipe\n\n1. Slice 500 g potatoes and 1 onion.\n2. Simmer 20 minutes in 1.5 l water.\n3. Blend, add 200 g shredded kale and chouriço.\n';
  files['Recipes/Pastel de Nata.md'] =
    '# Pastel de Nata\n\nMakes 12. #recipe\n\n- 250 g puff pastry\n- 6 egg yolks\n- 200 ml cream\n- 150 g sugar\n\nBake at 250 °C for 12 minutes.\n';
  files['Inbox.md'] =
    '# Inbox\n\n- Call the tide-gauge supplier about sensor T-204\n- Renew the allotment lease (plot 17)\n- Book rehearsal room for 14 March\n';
  files['.obsidian/app.json'] = '{"alwaysUpdateLinks": true}\n';
  return files;
}

/** A mixed documents folder for the filesystem servers: text, CSV, JSON, YAML, Markdown. */
export function documents() {
  const r = rng(808);
  const rows = Array.from(
    { length: 24 },
    () =>
      `${r.date(2024, 2024)},${r.pick(['Lisbon', 'Bergen', 'Cork'])},${r.int(-20, 35) / 1}.${r.int(0, 9)},${r.int(0, 40)}`,
  );
  return {
    'README.md':
      '# Field station archive\n\nData collected by the coastal monitoring team. See `reports/` for the quarterly summaries and `data/` for raw logs.\n',
    'data/temperatures.csv': `date,site,celsius,rain_mm\n${rows.join('\n')}\n`,
    'data/sites.json': {
      sites: [
        { code: 'LIS-01', name: 'Lisbon Quay', lat: 38.7, lon: -9.14, opened: '2011-04-02' },
        { code: 'BGO-02', name: 'Bergen Pier', lat: 60.39, lon: 5.32, opened: '2014-09-18' },
        { code: 'ORK-03', name: 'Cork Harbour', lat: 51.85, lon: -8.29, opened: '2017-06-30' },
      ],
    },
    'config/station.yaml':
      'station: coastal-07\nsampling_minutes: 15\nsensors:\n  - id: T-204\n    kind: thermistor\n  - id: R-118\n    kind: rain gauge\ncontact: Dagny Lund\n',
    'reports/2024-Q1.md': `# Q1 2024\n\n- Mean temperature: ${r.int(8, 14)}.${r.int(0, 9)} °C\n- Rain days: ${r.int(20, 50)}\n- Sensor faults: T-204 (14 Feb), R-118 (3 Mar)\n\nPrepared by Greta Voss.\n`,
    'reports/2024-Q2.md': `# Q2 2024\n\n- Mean temperature: ${r.int(14, 20)}.${r.int(0, 9)} °C\n- Rain days: ${r.int(5, 20)}\n- Sensor faults: none\n\nPrepared by Hiro Tanaka.\n`,
    'notes/maintenance.txt':
      'Maintenance log\n2024-01-09 replaced battery pack B7 at Bergen Pier\n2024-02-14 thermistor T-204 drift of +0.8 C, recalibrated\n2024-03-03 rain gauge R-118 blocked by leaves\n',
    'notes/contacts.txt':
      'Station manager: Dagny Lund, ext. 4471\nData officer: Chen Wei, ext. 4410\nSupplier: Maré Instruments, order ref MI-55821\n',
  };
}

/** A small JavaScript project with lint problems and an ESLint flat config that needs no plugins. */
export function lintProject() {
  return {
    'package.json': { name: 'tide-tables', version: '1.4.0', type: 'module', private: true },
    'eslint.config.js':
      "export default [\n  {\n    files: ['**/*.js'],\n    rules: {\n      'no-unused-vars': 'error',\n      'no-undef': 'error',\n      eqeqeq: 'error',\n      'prefer-const': 'warn',\n      'no-var': 'error',\n    },\n    languageOptions: { globals: { console: 'readonly' } },\n  },\n];\n",
    'src/tides.js':
      'export function highWater(hours, offset) {\n  var unused = 42;\n  let result = hours + offset;\n  if (result == 24) return 0;\n  return result;\n}\n',
    'src/format.js': "export function label(port) {\n  return port.name + ' ' + missingHelper(port);\n}\n",
    'src/clean.js': 'export const metres = (feet) => feet * 0.3048;\n',
  };
}

/** A TypeScript-free project for knip: unused files, exports and dependencies to be found. */
export function knipProject() {
  return {
    'package.json': {
      name: 'harbour-ledger',
      version: '0.3.0',
      type: 'module',
      main: 'src/index.js',
      dependencies: { 'left-pad': '1.3.0' },
      devDependencies: {},
    },
    'src/index.js': "import { total } from './ledger.js';\nconsole.log(total([1, 2, 3]));\n",
    'src/ledger.js':
      'export const total = (xs) => xs.reduce((a, b) => a + b, 0);\nexport const average = (xs) => total(xs) / xs.length;\nexport function median(xs) {\n  return xs[Math.floor(xs.length / 2)];\n}\n',
    'src/orphan.js': "export const forgotten = 'nobody imports me';\n",
  };
}

/** A GraphQL schema of a library catalogue. */
export function graphqlSchema() {
  return `"""A library catalogue."""\ntype Query {\n  "Look a book up by its ISBN."\n  book(isbn: String!): Book\n  "Books by one author."\n  booksByAuthor(authorId: ID!, first: Int = 10): [Book!]!\n  author(id: ID!): Author\n  branches: [Branch!]!\n  loan(id: ID!): Loan\n}\n\ntype Mutation {\n  borrow(isbn: String!, memberId: ID!): Loan\n  giveBack(loanId: ID!): Loan\n}\n\n"""A printed or digital book."""\ntype Book {\n  isbn: String!\n  title: String!\n  author: Author!\n  published: Int\n  genre: Genre\n  copies: [Copy!]!\n}\n\ntype Author {\n  id: ID!\n  name: String!\n  born: Int\n  books: [Book!]!\n}\n\ntype Copy {\n  barcode: String!\n  branch: Branch!\n  condition: Condition\n}\n\ntype Branch {\n  id: ID!\n  name: String!\n  city: String!\n}\n\ntype Loan {\n  id: ID!\n  copy: Copy!\n  memberId: ID!\n  due: String!\n  returned: Boolean!\n}\n\nenum Genre {\n  MYSTERY\n  HISTORY\n  POETRY\n  SCIENCE\n  TRAVEL\n}\n\nenum Condition {\n  NEW\n  GOOD\n  WORN\n  DAMAGED\n}\n`;
}
