// Seed of responsible-vibe (docs/corpus.md): the working directory the server takes as its project
// (it names a conversation by the project's path and git branch, creates
// `.vibe/conversation-state.sqlite` there at start and writes its plan file under `.vibe/` once a
// workflow is started; HOME is the data folder too): a small Node service of a community seed library, lending seed packets to
// its members; a README with the open feature request, the package file, the sources (members,
// packets, loans, a due-date rule), two tests and a notes file of decisions so far. Fixed text: the
// same bytes everywhere; no network.
import { target, writeTree } from './lib/common.js';

const dir = target();

writeTree(dir, {
  'README.md': `# Seedshare

The lending service of the Millbrook Community Seed Library: members borrow seed packets in spring
and return saved seed from their harvest in autumn.

## Running

    npm install
    npm start        # http://localhost:4310

## Open request (from the committee, 2026-02-11)

Members who return saved seed should earn credit: one packet returned with at least 20 seeds gives
one extra loan above the limit of five. Returned seed must be recorded with its variety, the year
grown and a germination test result before it goes back on the shelf.
`,
  'package.json': `${JSON.stringify(
    {
      name: 'seedshare',
      version: '0.4.2',
      private: true,
      type: 'module',
      scripts: { start: 'node src/server.js', test: 'node --test test/' },
      dependencies: {},
    },
    null,
    2,
  )}\n`,
  'src/members.js': `// Members of the library: id, name, joined, loans allowed.
export const MEMBERS = [
  { id: 'M-014', name: 'Ada Brennan', joined: '2023-03-04', limit: 5 },
  { id: 'M-027', name: 'Tomás Ruiz', joined: '2024-04-19', limit: 5 },
  { id: 'M-031', name: 'Priya Nair', joined: '2024-09-02', limit: 5 },
  { id: 'M-045', name: 'Gus Whitfield', joined: '2025-02-28', limit: 3 },
];
`,
  'src/packets.js': `// The shelf: packets by variety, with how many are left.
export const PACKETS = [
  { sku: 'TOM-BRANDY', variety: 'Brandywine tomato', family: 'Solanaceae', left: 12, grown: 2025 },
  { sku: 'BEAN-CHER', variety: 'Cherokee Trail of Tears bean', family: 'Fabaceae', left: 7, grown: 2024 },
  { sku: 'PEA-LINC', variety: 'Lincoln pea', family: 'Fabaceae', left: 0, grown: 2025 },
  { sku: 'SQU-WALT', variety: 'Waltham butternut squash', family: 'Cucurbitaceae', left: 4, grown: 2023 },
  { sku: 'LET-MERV', variety: 'Merveille des Quatre Saisons lettuce', family: 'Asteraceae', left: 19, grown: 2025 },
];
`,
  'src/loans.js': `import { MEMBERS } from './members.js';
import { PACKETS } from './packets.js';

// A loan is due back (as saved seed, or as a note that the crop failed) by 31 October of its year.
export function dueDate(lentOn) {
  return \`\${lentOn.slice(0, 4)}-10-31\`;
}

export function lend(loans, memberId, sku, lentOn) {
  const member = MEMBERS.find((m) => m.id === memberId);
  if (!member) throw new Error(\`no member \${memberId}\`);
  const open = loans.filter((l) => l.memberId === memberId && !l.returnedOn);
  if (open.length >= member.limit) throw new Error(\`\${member.name} already has \${open.length} packets\`);
  const packet = PACKETS.find((p) => p.sku === sku);
  if (!packet || packet.left === 0) throw new Error(\`\${sku} is not on the shelf\`);
  packet.left -= 1;
  return [...loans, { memberId, sku, lentOn, due: dueDate(lentOn) }];
}
`,
  'src/server.js': `import { createServer } from 'node:http';
import { PACKETS } from './packets.js';

createServer((req, res) => {
  if (req.url === '/packets') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(PACKETS));
    return;
  }
  res.statusCode = 404;
  res.end();
}).listen(4310);
`,
  'test/loans.test.js': `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dueDate, lend } from '../src/loans.js';

test('a spring loan is due on 31 October', () => {
  assert.equal(dueDate('2026-03-21'), '2026-10-31');
});

test('a packet with none left cannot be lent', () => {
  assert.throws(() => lend([], 'M-014', 'PEA-LINC', '2026-03-21'), /not on the shelf/);
});
`,
  'NOTES.md': `# Decisions so far

- 2025-11-03: loans are kept in memory until the volunteer laptop gets a database (Ada).
- 2026-01-15: Gus is a junior member (under 16), limit 3 packets (committee vote 6-1).
- 2026-02-11: the committee asked for credit for returned seed (see README).
- Germination test: 10 seeds on damp paper for 7 days; below 60% the batch is composted.
`,
});
