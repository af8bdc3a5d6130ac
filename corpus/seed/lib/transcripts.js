// Claude Code session transcripts for the servers that read a user's `~/.claude` folder
// (docs/corpus.md): JSON Lines under `projects/<encoded path>/<session>.jsonl`, one object per
// message, as Claude Code writes them (user prompts, assistant turns with tool calls and token usage,
// tool results), and two plans under `plans/`. Fixed ids and timestamps: the same bytes everywhere.
import { rng, writeTree } from './common.js';

const MODEL = 'claude-sonnet-4-20250514';

/** A UUID-shaped id from the seeded generator. */
function uuid(r) {
  const hex = (n) => Array.from({ length: n }, () => r.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}

// Each session: where it ran, when, and its turns. A turn is a prompt, the tools the assistant
// called (name, input, result) and its closing answer.
const SESSIONS = [
  {
    cwd: '/home/dagny/tide-tables',
    branch: 'main',
    start: '2026-11-03T09:12:00.000Z',
    turns: [
      {
        prompt: 'The Porto predictions are one hour off since the clocks changed. Can you find why?',
        tools: [
          [
            'Read',
            { file_path: '/home/dagny/tide-tables/src/offset.js' },
            'export const offsetHours = (dst) => (dst ? 1 : 0);',
          ],
          [
            'Bash',
            { command: 'npm test -- offset' },
            'FAIL test/offset.test.js\n  Expected: 0\n  Received: 1\nError: daylight-saving offset applied twice for Europe/Lisbon',
          ],
        ],
        answer:
          'The offset is applied twice: once in src/offset.js and again in src/render.js. Removing the second call fixes the Porto table.',
      },
      {
        prompt: 'Fix it and add a regression test for 27 October.',
        tools: [
          [
            'Edit',
            {
              file_path: '/home/dagny/tide-tables/src/render.js',
              old_string: 'offsetHours(dst) +',
              new_string: '',
            },
            'The file was updated.',
          ],
          ['Bash', { command: 'npm test' }, 'Tests: 41 passed, 41 total'],
        ],
        answer:
          'Fixed in src/render.js; test/offset.test.js now covers the change on 2026-10-25. All 41 tests pass.',
      },
    ],
  },
  {
    cwd: '/home/dagny/tide-tables',
    branch: 'feature/spring-neap',
    start: '2026-11-10T14:40:00.000Z',
    turns: [
      {
        prompt: 'Add Bergen to the spring-neap chart with its 37 constituents.',
        tools: [
          [
            'Grep',
            { pattern: 'cycleDays', path: '/home/dagny/tide-tables/src' },
            'src/chart.js:1:export const cycleDays = 14.77;',
          ],
          [
            'Bash',
            { command: 'node scripts/chart.js --port Bergen' },
            "Error: Cannot find module '/home/dagny/tide-tables/data/bergen.csv'",
          ],
          [
            'Write',
            {
              file_path: '/home/dagny/tide-tables/data/bergen.csv',
              content: 'constituent,amplitude\nM2,0.49\nS2,0.18\n',
            },
            'File created.',
          ],
        ],
        answer: 'Bergen is on the chart; its constants are in data/bergen.csv (M2 0.49 m, S2 0.18 m).',
      },
    ],
  },
  {
    cwd: '/home/kavya/herbarium',
    branch: 'main',
    start: '2026-11-18T08:05:00.000Z',
    turns: [
      {
        prompt: 'Import the 2026 Azores specimen sheet into the catalogue database.',
        tools: [
          [
            'Read',
            { file_path: '/home/kavya/herbarium/imports/azores-2026.csv' },
            'sheet,taxon,collector,date\nAZ-0141,Erica azorica,Kavya Rao,2026-06-02\nAZ-0142,Laurus azorica,Luca Ferri,2026-06-03',
          ],
          [
            'Bash',
            { command: 'python manage.py import_specimens imports/azores-2026.csv' },
            'sqlite3.IntegrityError: UNIQUE constraint failed: specimen.sheet_id',
          ],
          [
            'Bash',
            { command: 'python manage.py import_specimens --skip-existing imports/azores-2026.csv' },
            'Imported 212 specimens, skipped 3 existing',
          ],
        ],
        answer:
          'Imported 212 specimens from the Azores sheet; 3 (AZ-0012, AZ-0013, AZ-0098) were already catalogued and were skipped.',
      },
      {
        prompt: 'Which collector has the most specimens this year?',
        tools: [
          [
            'Bash',
            {
              command:
                'sqlite3 catalogue.db "SELECT collector, COUNT(*) FROM specimen WHERE year = 2026 GROUP BY collector ORDER BY 2 DESC LIMIT 1"',
            },
            'Kavya Rao|96',
          ],
        ],
        answer: 'Kavya Rao, with 96 specimens collected in 2026.',
      },
    ],
  },
  {
    cwd: '/home/kavya/herbarium',
    branch: 'main',
    start: '2026-11-25T16:30:00.000Z',
    turns: [
      {
        prompt: 'The label printer template cuts off long taxon names. Make it wrap at 38 characters.',
        tools: [
          [
            'Read',
            { file_path: '/home/kavya/herbarium/labels/template.html' },
            '<div class="taxon">{{ taxon }}</div>',
          ],
          [
            'Edit',
            {
              file_path: '/home/kavya/herbarium/labels/template.css',
              old_string: 'white-space: nowrap;',
              new_string: 'max-width: 38ch; overflow-wrap: anywhere;',
            },
            'The file was updated.',
          ],
        ],
        answer:
          'labels/template.css now wraps taxon names at 38 characters; Laurus azorica subsp. longifolia prints on two lines.',
      },
    ],
  },
];

const PLANS = {
  'spring-neap-chart.md':
    '# Plan: spring-neap chart\n\n1. Read the constituents for each port from data/*.csv\n2. Compute the 14.77-day cycle per port\n3. Render one SVG per port under charts/\n4. Add Bergen (37 constituents) last\n',
  'herbarium-labels.md':
    '# Plan: herbarium label printing\n\n- Template in labels/template.html, styles in labels/template.css\n- Wrap taxon names at 38 characters\n- Print the Azores batch (212 sheets) on the Zebra ZD421\n',
};

/** The `.claude` folder's files, keyed by their path under it. */
export function claudeHome() {
  const r = rng(2611);
  const files = {};
  for (const s of SESSIONS) {
    const sessionId = uuid(r);
    let clock = Date.parse(s.start);
    const at = () => {
      clock += r.int(4, 90) * 1000;
      return new Date(clock).toISOString();
    };
    const base = {
      cwd: s.cwd,
      sessionId,
      version: '2.0.31',
      gitBranch: s.branch,
      userType: 'external',
      isSidechain: false,
    };
    const lines = [];
    let parent = null;
    const push = (o) => {
      const id = uuid(r);
      lines.push({ parentUuid: parent, ...base, ...o, uuid: id, timestamp: at() });
      parent = id;
    };
    const usage = () => ({
      input_tokens: r.int(8, 60),
      cache_creation_input_tokens: r.int(800, 6000),
      cache_read_input_tokens: r.int(9000, 40000),
      output_tokens: r.int(40, 900),
    });
    const assistant = (content) =>
      push({
        type: 'assistant',
        requestId: `req_${uuid(r).replaceAll('-', '').slice(0, 24)}`,
        message: {
          id: `msg_${uuid(r).replaceAll('-', '').slice(0, 24)}`,
          type: 'message',
          role: 'assistant',
          model: MODEL,
          content,
          stop_reason: null,
          usage: usage(),
        },
      });
    for (const t of s.turns) {
      push({ type: 'user', message: { role: 'user', content: t.prompt } });
      for (const [name, input, result] of t.tools) {
        const id = `toolu_${uuid(r).replaceAll('-', '').slice(0, 24)}`;
        assistant([{ type: 'tool_use', id, name, input }]);
        push({
          type: 'user',
          message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: result }] },
        });
      }
      assistant([{ type: 'text', text: t.answer }]);
    }
    const project = s.cwd.replaceAll('/', '-');
    files[`projects/${project}/${sessionId}.jsonl`] = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
  }
  for (const [name, body] of Object.entries(PLANS)) files[`plans/${name}`] = body;
  return files;
}

/** Writes the `.claude` folder under dir. */
export function writeClaudeHome(dir) {
  writeTree(dir, claudeHome());
}
