// Seed of backlog (docs/corpus.md): a Backlog.md project, the Markdown task board its CLI and MCP
// server keep under `backlog/` (written here in the files' own form, as `backlog init --no-git` and
// `backlog task create` write them): the volunteer team of a town's lantern festival preparing the
// 2026 edition. Fourteen tasks with statuses, priorities, assignees, labels, dependencies, milestones,
// descriptions, acceptance criteria (some ticked), plans and notes; two milestones, three documents
// and two decisions. A filesystem-only project (no Git), so nothing is committed or fetched. The server
// runs as its README gives (`backlog mcp start`) with `BACKLOG_CWD` pinning it to the data folder.
// Fixed text: the same bytes everywhere; no network.
import { target, writeTree } from './lib/common.js';

const dir = target();

const yamlList = (xs) => (xs.length ? `\n${xs.map((x) => `  - ${x}`).join('\n')}` : ' []');
const slug = (title) => title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

const TASKS = [
  // [title, status, priority, assignees, labels, deps, milestone, created, description, ac [[text, done]], plan, notes]
  [
    'Confirm the riverside route with the council',
    'Done',
    'high',
    ['@marta'],
    ['permits'],
    [],
    'm-0',
    '2026-06-02 09:15',
    'The parade route runs from Mill Bridge to the boathouse; the council needs the final map and the marshal plan.',
    [
      ['Route map sent to the events office', true],
      ['Road closure approved for 19:00-22:30', true],
    ],
    '',
    'Approved on 2026-07-14, reference EV-2026-118.',
  ],
  [
    'Order 600 paper lanterns',
    'Done',
    'medium',
    ['@joe'],
    ['supplies'],
    [],
    'm-0',
    '2026-06-05 18:40',
    'Lanterns for the workshops: 450 round, 150 fish-shaped. Supplier: Brightfold (quote BF-3391, €1,284).',
    [
      ['Order placed', true],
      ['Delivery checked against the packing list', true],
    ],
    '',
    '12 fish lanterns arrived torn; replacements came on 2026-08-03.',
  ],
  [
    'Book the lantern-making workshops',
    'In Progress',
    'medium',
    ['@amara', '@joe'],
    ['workshops', 'schools'],
    ['TASK-2'],
    'm-0',
    '2026-06-09 10:05',
    'Six workshops in the three primary schools and the library, two weeks before the festival.',
    [
      ['Dates agreed with each school', true],
      ['Library room booked', false],
      ['Volunteers assigned to every workshop', false],
    ],
    '1. Email the head teachers\n2. Book the library community room\n3. Share the volunteer rota',
    '',
  ],
  [
    'Write the sponsor page',
    'To Do',
    'high',
    ['@lena'],
    ['web', 'sponsors'],
    [],
    'm-1',
    '2026-06-11 14:22',
    'Logos, tiers (gold €1,000, silver €500, friend €150) and a thank-you line for each of the nine sponsors.',
    [
      ['All nine sponsors shown with their tier', false],
      ['Logos have alt text', false],
    ],
    '',
    '',
  ],
  [
    'Sign the sound engineer',
    'In Progress',
    'high',
    ['@marta'],
    ['stage'],
    ['TASK-1'],
    'm-0',
    '2026-06-12 08:30',
    'Stage at the boathouse: PA for the choir and the brass band, 19:30-22:00.',
    [
      ['Three quotes compared', true],
      ['Contract signed', false],
    ],
    '1. Call Riverbeat, Clearline and Nolan Audio\n2. Compare quotes\n3. Sign',
    'Clearline quoted €1,450, Riverbeat €1,720, Nolan Audio did not answer.',
  ],
  [
    'Recruit 40 marshals',
    'In Progress',
    'high',
    ['@priya'],
    ['volunteers', 'safety'],
    ['TASK-1'],
    'm-0',
    '2026-06-15 19:02',
    'One marshal every 50 m of the route, plus eight at the boathouse.',
    [
      ['Sign-up form live', true],
      ['40 marshals confirmed', false],
      ['Briefing date set', false],
    ],
    '',
    '31 confirmed on 2026-08-20.',
  ],
  [
    'First-aid cover',
    'To Do',
    'high',
    [],
    ['safety'],
    ['TASK-1'],
    'm-0',
    '2026-06-15 19:10',
    'Two first-aid posts (Mill Bridge and the boathouse) for the whole evening.',
    [['Provider booked', false]],
    '',
    '',
  ],
  [
    'Print the programme leaflet',
    'To Do',
    'medium',
    ['@lena'],
    ['print', 'sponsors'],
    ['TASK-4', 'TASK-5'],
    'm-1',
    '2026-06-20 11:45',
    'A5 folded, 3,000 copies: the route map, the stage times and the sponsors.',
    [
      ['Proof approved by two committee members', false],
      ['Delivered by 2026-09-01', false],
    ],
    '',
    '',
  ],
  [
    'Festival website: route map page',
    'Done',
    'low',
    ['@lena'],
    ['web'],
    ['TASK-1'],
    'm-1',
    '2026-07-15 16:20',
    'An accessible map of the route with the step-free viewing spots.',
    [['Map has a text alternative', true]],
    '',
    '',
  ],
  [
    'Insurance renewal',
    'Done',
    'high',
    ['@marta'],
    ['permits'],
    [],
    'm-0',
    '2026-05-28 12:00',
    'Public liability cover of €5m, required by the council.',
    [['Certificate sent to the council', true]],
    '',
    'Renewed with Harbourline Mutual, policy HM-77120, €612.',
  ],
  [
    'Food stalls: allocate pitches',
    'To Do',
    'medium',
    ['@sam'],
    ['stalls'],
    ['TASK-1'],
    'm-0',
    '2026-07-01 09:00',
    'Fourteen applications for ten pitches on the green; hot food needs a distance from the lantern tables.',
    [
      ['Ten stallholders told', false],
      ['Pitch map shared with the marshals', false],
    ],
    '',
    '',
  ],
  [
    'Lost-children point',
    'To Do',
    'medium',
    ['@priya'],
    ['safety', 'volunteers'],
    ['TASK-6'],
    'm-0',
    '2026-07-03 20:15',
    'A staffed point at the boathouse with two DBS-checked volunteers.',
    [],
    '',
    '',
  ],
  [
    'Photo consent signs',
    'To Do',
    'low',
    [],
    ['print'],
    [],
    'm-1',
    '2026-07-10 13:30',
    'Signs at both ends of the route about photography.',
    [],
    '',
    '',
  ],
  [
    'Thank-you evening for volunteers',
    'To Do',
    'low',
    ['@amara'],
    ['volunteers'],
    [],
    '',
    '2026-07-22 17:50',
    'After the festival: a supper at the boathouse for everyone who helped.',
    [],
    '',
    '',
  ],
];

const files = {
  'backlog/config.yml': `project_name: "Millbrook Lantern Festival 2026"
default_status: "To Do"
statuses: ["To Do", "In Progress", "Done"]
labels: []
date_format: yyyy-mm-dd
max_column_width: 20
auto_open_browser: false
default_port: 6420
remote_operations: false
auto_commit: false
filesystem_only: true
bypass_git_hooks: false
check_active_branches: false
active_branch_days: 30
task_prefix: "task"
`,
  'backlog/milestones/m-0 - festival-night.md':
    '---\nid: m-0\ntitle: "Festival night"\n---\n\n## Description\n\nMilestone: Festival night (Saturday 2026-09-19)\n',
  'backlog/milestones/m-1 - print-and-web.md':
    '---\nid: m-1\ntitle: "Print and web"\n---\n\n## Description\n\nMilestone: Print and web (everything public by 2026-09-01)\n',
  'backlog/docs/doc-1 - Route-and-timings.md': `---
id: doc-1
title: Route and timings
type: other
created_date: '2026-06-02 09:40'
---

# Route and timings

- 18:30 lanterns lit at Mill Bridge
- 19:00 road closed from Mill Bridge to the boathouse (1.4 km)
- 19:15 parade leaves, led by the Millbrook Brass Band
- 20:00 choir on the boathouse stage
- 21:45 last lanterns floated (LED only, no flames on the water)
- 22:30 road reopens
`,
  'backlog/docs/doc-2 - Budget.md': `---
id: doc-2
title: Budget
type: other
created_date: '2026-06-04 21:10'
---

| line | budget (€) | spent (€) |
| --- | --- | --- |
| lanterns | 1,300 | 1,284 |
| sound | 1,600 | 0 |
| insurance | 650 | 612 |
| print | 420 | 0 |
| first aid | 300 | 0 |
| total | 4,270 | 1,896 |

Income: sponsors €4,150 pledged, €2,650 received.
`,
  'backlog/docs/doc-3 - Volunteer-contacts.md': `---
id: doc-3
title: Volunteer contacts
type: other
created_date: '2026-06-15 19:30'
---

- Marta Lindqvist: chair, permits and stage
- Joe Adeyemi: supplies and workshops
- Lena Fischer: web and print
- Priya Raman: volunteers and safety
- Sam Okoro: stalls
- Amara Okafor: schools
`,
  'backlog/decisions/decision-1 - LED-lanterns-only-on-the-water.md': `---
id: decision-1
title: LED lanterns only on the water
date: '2026-06-10 20:00'
status: accepted
---
## Context

The river trust asked for no open flames on the water after the 2025 edition.

## Decision

Floating lanterns carry LED tea lights; paper lanterns on poles may keep candles.

## Consequences

300 LED tea lights to buy (€186); the workshop instructions change.
`,
  'backlog/decisions/decision-2 - Cashless-stalls.md': `---
id: decision-2
title: Cashless stalls
date: '2026-07-02 19:30'
status: proposed
---
## Context

Two stallholders asked for card readers; the green has no power.

## Decision

Proposed: card payments only, with readers lent by the committee.

## Consequences

Needs six readers and a float for the ones that fail.
`,
};

TASKS.forEach(
  (
    [title, status, priority, assignees, labels, deps, milestone, created, description, ac, plan, notes],
    i,
  ) => {
    const id = i + 1;
    let body = `---\nid: TASK-${id}\ntitle: ${title.includes(':') ? `'${title}'` : title}\nstatus: ${status}\nassignee:${yamlList(assignees.map((a) => `'${a}'`))}\ncreated_date: '${created}'\nlabels:${yamlList(labels)}\n`;
    if (milestone) body += `milestone: ${milestone}\n`;
    body += `dependencies:${yamlList(deps)}\npriority: ${priority}\nordinal: ${id * 1000}\n---\n\n## Description\n\n<!-- SECTION:DESCRIPTION:BEGIN -->\n${description}\n<!-- SECTION:DESCRIPTION:END -->\n`;
    if (ac.length) {
      body += `\n## Acceptance Criteria\n<!-- AC:BEGIN -->\n${ac.map(([text, done], j) => `- [${done ? 'x' : ' '}] #${j + 1} ${text}`).join('\n')}\n<!-- AC:END -->\n`;
    }
    if (plan)
      body += `\n## Implementation Plan\n\n<!-- SECTION:PLAN:BEGIN -->\n${plan}\n<!-- SECTION:PLAN:END -->\n`;
    if (notes)
      body += `\n## Implementation Notes\n\n<!-- SECTION:NOTES:BEGIN -->\n${notes}\n<!-- SECTION:NOTES:END -->\n`;
    files[`backlog/tasks/task-${id} - ${slug(title)}.md`] = body;
  },
);

writeTree(dir, files);
