// Seed of mcp-debugger (docs/corpus.md): the working directory its MCP server is started in, a small
// Node.js project of a community choir, the Larkfield Singers: the autumn term's register (22
// singers in four sections, 12 rehearsals with their dates and who came), the attendance module
// that works out each singer's rate and who may sing in the winter concert (75 % of the
// rehearsals, the last two compulsory), the report script that prints the section summaries and
// the list for the concert, and a README whose open issue describes the bug a user would step
// through: singers who missed only the first rehearsal are left off the concert list, and one
// who missed the last is on it (the rule's "last two rehearsals" are taken with `slice(0, 2)`, the
// first two). The server debugs JavaScript with the js-debug adapter it ships
// (`dist/vendor/js-debug`); nothing is downloaded. Fixed text: the same bytes everywhere.
import { target, writeTree } from './lib/common.js';

const dir = target();

const SECTIONS = {
  soprano: ['Amara Okafor', 'Dagny Lund', 'Hana Sato', 'Ines Carvalho', 'Mireille Dufour', 'Saoirse Byrne'],
  alto: ['Elif Demir', 'Greta Voss', 'Priya Raman', 'Ruth Adebayo', 'Zofia Kowalczyk'],
  tenor: ['Bruno Tavares', 'Chen Wei', 'Kwame Mensah', 'Owen Pryce', 'Tomás Ortega'],
  bass: ['Farid Haddad', 'Declan Forde', 'Jonas Berg', 'Luca Bianchi', 'Piotr Nowak', 'Yusuf Aydin'],
};

const DATES = [
  '2026-09-08',
  '2026-09-15',
  '2026-09-22',
  '2026-09-29',
  '2026-10-06',
  '2026-10-13',
  '2026-10-20',
  '2026-11-03',
  '2026-11-10',
  '2026-11-17',
  '2026-11-24',
  '2026-12-01',
];

// Who missed which rehearsal (index into DATES); everyone else came.
const ABSENT = {
  'Amara Okafor': [4],
  'Dagny Lund': [0],
  'Hana Sato': [2, 3, 7],
  'Ines Carvalho': [],
  'Mireille Dufour': [5, 11],
  'Saoirse Byrne': [1, 6, 8, 9],
  'Elif Demir': [0, 1],
  'Greta Voss': [],
  'Priya Raman': [3],
  'Ruth Adebayo': [7, 8, 9],
  'Zofia Kowalczyk': [10],
  'Bruno Tavares': [2],
  'Chen Wei': [0, 5, 6],
  'Kwame Mensah': [],
  'Owen Pryce': [1, 2, 3, 4],
  'Tomás Ortega': [9],
  'Farid Haddad': [6],
  'Declan Forde': [0],
  'Jonas Berg': [3, 4, 10],
  'Luca Bianchi': [],
  'Piotr Nowak': [2, 8],
  'Yusuf Aydin': [5],
};

const register = {
  choir: 'Larkfield Singers',
  term: 'Autumn 2026',
  conductor: 'Margit Halász',
  venue: 'St Aldhelm’s Church Hall, Tuesdays 19:30–21:30',
  rehearsals: DATES.map((date, i) => ({
    n: i + 1,
    date,
    pieces: [
      ['Rutter: Gloria', 'Holst: In the Bleak Midwinter'],
      ['Britten: A Ceremony of Carols', 'Rutter: Gloria'],
      ['Gjeilo: Northern Lights', 'Britten: A Ceremony of Carols'],
    ][i % 3],
  })),
  singers: Object.entries(SECTIONS).flatMap(([section, names]) =>
    names.map((name) => ({
      name,
      section,
      attended: DATES.map((_, i) => !ABSENT[name].includes(i)),
    })),
  ),
};

writeTree(dir, {
  'README.md': `# choir-attendance

Attendance of the Larkfield Singers (conductor Margit Halász) for the autumn term: \`npm run report\`
prints each section's average and the list of singers who may sing in the winter concert on
12 December 2026.

Rule (committee, 2025): a singer sings in the concert with at least 75 % of the term's rehearsals,
and must attend the last two rehearsals (24 November and 1 December).

- \`data/register-autumn-2026.json\` — the register: 12 rehearsals, 22 singers, who came
- \`src/attendance.js\` — rates and the concert rule
- \`src/report.js\` — the printed report

## Open issue

#7 (Dagny Lund, 2026-12-02): "I missed only the first rehearsal (8 September) but I am not on the
concert list." Declan Forde and Elif Demir, who also missed 8 September, are missing from the list
too, while Mireille Dufour, who missed 1 December, is on it. Nobody has found the cause yet; debug
\`src/report.js\` and step into \`mayPerform\`.
`,
  'package.json': {
    name: 'choir-attendance',
    version: '0.4.1',
    private: true,
    type: 'module',
    scripts: { report: 'node src/report.js' },
  },
  'data/register-autumn-2026.json': register,
  'src/attendance.js': `// Attendance rates and the concert rule of the Larkfield Singers.
export const CONCERT_THRESHOLD = 0.75;
export const COMPULSORY_LAST = 2;

/** The share of the term's rehearsals a singer attended, 0..1. */
export function attendanceRate(singer) {
  let present = 0;
  for (let i = 0; i < singer.attended.length; i++) {
    if (singer.attended[i]) present += 1;
  }
  return present / singer.attended.length;
}

/** May the singer sing in the concert? 75 % overall, and present at the last two rehearsals. */
export function mayPerform(singer) {
  const lastOnes = singer.attended.slice(0, COMPULSORY_LAST);
  return attendanceRate(singer) >= CONCERT_THRESHOLD && lastOnes.every(Boolean);
}

/** Average rate of each section, rounded to a whole percent. */
export function sectionAverages(singers) {
  const sums = new Map();
  for (const s of singers) {
    const [total, count] = sums.get(s.section) ?? [0, 0];
    sums.set(s.section, [total + attendanceRate(s), count + 1]);
  }
  return [...sums].map(([section, [total, count]]) => ({
    section,
    singers: count,
    average: Math.round((total / count) * 100),
  }));
}
`,
  'src/report.js': `import { readFileSync } from 'node:fs';
import { attendanceRate, mayPerform, sectionAverages } from './attendance.js';

const register = JSON.parse(readFileSync(new URL('../data/register-autumn-2026.json', import.meta.url), 'utf8'));

console.log(\`\${register.choir}, \${register.term}: \${register.rehearsals.length} rehearsals\`);
for (const { section, singers, average } of sectionAverages(register.singers)) {
  console.log(\`  \${section.padEnd(8)} \${String(singers).padStart(2)} singers, average \${average} %\`);
}

const performing = register.singers.filter(mayPerform);
console.log(\`Concert list (\${performing.length} of \${register.singers.length}):\`);
for (const s of performing) {
  console.log(\`  \${s.name} (\${s.section}, \${Math.round(attendanceRate(s) * 100)} %)\`);
}
`,
});
