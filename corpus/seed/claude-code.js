// Seed of claude-code (`claude mcp serve`, docs/corpus.md): the working directory whose files the
// coding agent's tools read, search, edit and run commands in (HOME is the data folder too; the
// server keeps its own `.claude.json` and `.claude/` there): the planning folder of a community
// choir's winter concert, with a CLAUDE.md of house rules, the programme, the singers by part, the
// rehearsal register, a small Node script that counts attendance, and the venue's notes. Fixed
// text: the same bytes everywhere; no network.
import { target, writeTree } from './lib/common.js';

const dir = target();

writeTree(dir, {
  'CLAUDE.md': `# Riverside Community Choir: concert planning

- Dates are written YYYY-MM-DD; times in 24-hour clock.
- \`singers.csv\` is the one list of members; do not copy it elsewhere.
- \`node scripts/attendance.js\` prints each singer's rehearsals attended out of those held.
- A singer who misses more than 2 of the last 6 rehearsals sings in the carols only (committee rule,
  2025-09-10).
`,
  'programme.md': `# Winter concert, St Anne's Church, 2026-12-19, 19:30

| # | piece | composer | minutes | soloist |
| --- | --- | --- | --- | --- |
| 1 | In the Bleak Midwinter | Harold Darke | 6 | Maeve Doyle (soprano) |
| 2 | Lux Aurumque | Eric Whitacre | 4 | |
| 3 | Ave Maria | Franz Biebl | 7 | men's octet |
| 4 | The Lamb | John Tavener | 3 | |
| 5 | Interval | | 20 | |
| 6 | Carol medley (audience joins) | arr. Kit Barnes | 12 | |
| 7 | Hallelujah (Messiah) | G. F. Handel | 4 | |

Running time without interval: 36 minutes. Doors 19:00; retiring collection for the food bank.
`,
  'singers.csv': `id,name,part,joined,phone_ok
S01,Maeve Doyle,soprano,2019-09-04,yes
S02,Priya Chandran,soprano,2023-01-11,yes
S03,Hannah Okafor,alto,2021-09-08,no
S04,Ruth Galloway,alto,2017-02-15,yes
S05,Tomasz Nowak,tenor,2024-09-11,yes
S06,Dev Raman,tenor,2022-03-02,yes
S07,Alan Whitcombe,bass,2015-09-09,no
S08,George Achebe,bass,2025-01-08,yes
`,
  'rehearsals.csv': `date,S01,S02,S03,S04,S05,S06,S07,S08
2026-10-28,1,1,1,1,0,1,1,1
2026-11-04,1,1,0,1,1,1,1,0
2026-11-11,1,0,1,1,1,1,1,1
2026-11-18,1,1,1,0,0,1,1,0
2026-11-25,1,1,1,1,1,0,1,1
2026-12-02,1,1,0,1,0,1,1,0
`,
  'scripts/attendance.js': `// Prints each singer's rehearsals attended out of those held, from rehearsals.csv.
import { readFileSync } from 'node:fs';

const [head, ...rows] = readFileSync(new URL('../rehearsals.csv', import.meta.url), 'utf8').trim().split('\\n');
const ids = head.split(',').slice(1);
for (const [i, id] of ids.entries()) {
  const attended = rows.filter((row) => row.split(',')[i + 1] === '1').length;
  console.log(\`\${id} \${attended}/\${rows.length}\`);
}
`,
  'venue-notes.md': `# St Anne's Church: notes from the site visit (2026-11-21, Ruth and Kit)

- Staging: four risers, 24 places; the piano is the church's Yamaha C3, tuned 2026-12-17.
- Heating goes on at 17:00 if we ask the verger (Mr Pellow) by the Wednesday before.
- Seats 180; last year's audience was 142.
- Hire fee GBP 220, paid from the concert account; the church keeps the interval tea takings.
`,
});
