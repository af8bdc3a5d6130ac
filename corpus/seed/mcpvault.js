// Seed of mcpvault (docs/corpus.md): the Obsidian vault its MCP server is started on, the shared
// notebook of a community orchard, Hollin Lane Community Orchard (42 trees on a former allotment
// site, run by volunteers): a home note, one note per tree of the two front rows with YAML front
// matter (variety, species, rootstock, planting date, row and position, pollination group,
// condition, tags) and wiki links to the work days and people, four work-day notes with who came
// and what was done, the 2026 harvest log (a table of kilograms per tree, generated from a fixed
// PRNG), the grafting workshop project with open tasks, four volunteers' notes, a tree template,
// two inbox notes with inline tags, a `.canvas` board of the orchard's layout and a `.base` view
// of the tree notes, and the `.obsidian/` settings folder the server leaves out of its listings.
// Fixed text and a seeded PRNG: the same bytes everywhere; no network.
import { rng, target, writeTree } from './lib/common.js';

const dir = target();

const TREES = [
  {
    slug: 'A1 Bramley',
    variety: "Bramley's Seedling",
    species: 'apple',
    rootstock: 'MM106',
    planted: '2019-02-16',
    row: 'A',
    position: 1,
    group: 3,
    condition: 'good',
    tags: ['cooker', 'triploid'],
    note: 'Triploid: needs two pollinators nearby (A2 and A4 serve). Heavy cropper in alternate years; 2025 was the light year.',
  },
  {
    slug: 'A2 Discovery',
    variety: 'Discovery',
    species: 'apple',
    rootstock: 'M26',
    planted: '2019-02-16',
    row: 'A',
    position: 2,
    group: 3,
    condition: 'good',
    tags: ['dessert', 'early'],
    note: 'First apple of the season, picked mid-August. Does not keep: eat or juice within a week.',
  },
  {
    slug: 'A3 Egremont Russet',
    variety: 'Egremont Russet',
    species: 'apple',
    rootstock: 'M26',
    planted: '2019-11-30',
    row: 'A',
    position: 3,
    group: 2,
    condition: 'canker',
    tags: ['dessert', 'russet', 'watch'],
    note: 'Canker on the north-facing scaffold branch found at the pruning day; cut back to clean wood and painted. Check again in spring.',
  },
  {
    slug: 'A4 Katy',
    variety: 'Katy',
    species: 'apple',
    rootstock: 'MM106',
    planted: '2020-01-25',
    row: 'A',
    position: 4,
    group: 3,
    condition: 'good',
    tags: ['cider', 'dessert'],
    note: 'Bright red, sharp; most of the crop goes to the October pressing.',
  },
  {
    slug: 'B1 Conference',
    variety: 'Conference',
    species: 'pear',
    rootstock: 'Quince A',
    planted: '2019-02-16',
    row: 'B',
    position: 1,
    group: 3,
    condition: 'good',
    tags: ['dessert', 'self-fertile'],
    note: 'Self-fertile but crops better with B2 flowering at the same time. Pick hard in late September and ripen indoors.',
  },
  {
    slug: 'B2 Doyenne du Comice',
    variety: 'Doyenné du Comice',
    species: 'pear',
    rootstock: 'Quince A',
    planted: '2020-01-25',
    row: 'B',
    position: 2,
    group: 4,
    condition: 'scab',
    tags: ['dessert', 'watch'],
    note: 'Pear scab on the fruit in 2025 and 2026; clear fallen leaves in November and thin the crown.',
  },
  {
    slug: 'B3 Victoria',
    variety: 'Victoria',
    species: 'plum',
    rootstock: 'St Julien A',
    planted: '2021-03-06',
    row: 'B',
    position: 3,
    group: 3,
    condition: 'good',
    tags: ['dessert', 'self-fertile', 'summer-prune'],
    note: 'Prune in summer only (silver leaf). Props needed under the two low branches in a heavy year.',
  },
  {
    slug: 'B4 Morello',
    variety: 'Morello',
    species: 'cherry',
    rootstock: 'Colt',
    planted: '2021-03-06',
    row: 'B',
    position: 4,
    group: 5,
    condition: 'young',
    tags: ['cooker', 'netting', 'summer-prune'],
    note: 'Fan-trained on the south fence. Net in June or the blackbirds take everything.',
  },
];

const PEOPLE = {
  'Wiebke Jansen': {
    role: 'coordinator',
    since: 2019,
    note: 'Keeps the tree register and the key to the tool shed.',
  },
  'Tunde Bakare': {
    role: 'grafting lead',
    since: 2020,
    note: 'Runs the grafting workshop; trained at the county orchard group.',
  },
  'Rosa Jiménez': {
    role: 'harvest and pressing',
    since: 2021,
    note: 'Books the press for October and keeps the harvest log.',
  },
  'Nils Ekström': {
    role: 'volunteer',
    since: 2024,
    note: 'Came through the Saturday litter-pick; now on every work day.',
  },
};

const WORKDAYS = [
  {
    date: '2026-01-17',
    title: 'Winter pruning',
    people: ['Wiebke Jansen', 'Tunde Bakare', 'Nils Ekström'],
    trees: ['A1 Bramley', 'A3 Egremont Russet', 'A4 Katy'],
    done: [
      'Formative pruning of the row A apples; about a fifth of the old wood out of A1.',
      'Found canker on [[A3 Egremont Russet]]: cut back and painted.',
      'Collected scion wood for the workshop (Katy, Egremont Russet) and heeled it into damp sand.',
    ],
    hours: 11,
  },
  {
    date: '2026-03-14',
    title: 'Mulching and grafting workshop',
    people: ['Tunde Bakare', 'Rosa Jiménez', 'Nils Ekström', 'Wiebke Jansen'],
    trees: ['B1 Conference', 'B2 Doyenne du Comice'],
    done: [
      'Woodchip mulch round row B (two trailer loads from the council depot).',
      'Grafting workshop: 14 whip-and-tongue grafts onto M26, see [[Grafting workshop]].',
    ],
    hours: 16,
  },
  {
    date: '2026-06-20',
    title: 'Summer pruning and netting',
    people: ['Wiebke Jansen', 'Rosa Jiménez'],
    trees: ['B3 Victoria', 'B4 Morello'],
    done: [
      'Summer pruning of [[B3 Victoria]] and tying in the fan of [[B4 Morello]].',
      "Netting over the Morello; two holes in last year's net mended.",
      'Thinned the Discovery fruitlets to one per cluster.',
    ],
    hours: 7,
  },
  {
    date: '2026-10-03',
    title: 'Harvest and pressing day',
    people: ['Rosa Jiménez', 'Nils Ekström', 'Tunde Bakare', 'Wiebke Jansen'],
    trees: ['A1 Bramley', 'A4 Katy', 'B1 Conference'],
    done: [
      'Picked the Bramleys and the Katy; pears already in the shed since 26 September.',
      'Pressed 96 litres of juice with the hired press; 40 bottles pasteurised.',
      'Weights entered in [[Harvest log 2026]].',
    ],
    hours: 22,
  },
];

const yamlList = (xs) => `[${xs.join(', ')}]`;

function treeNote(t) {
  const visits = WORKDAYS.filter((w) => w.trees.includes(t.slug)).map((w) => `- [[${w.date} ${w.title}]]`);
  return `---
variety: ${t.variety}
species: ${t.species}
rootstock: ${t.rootstock}
planted: ${t.planted}
row: ${t.row}
position: ${t.position}
pollination_group: ${t.group}
condition: ${t.condition}
tags: ${yamlList(t.tags)}
---
# ${t.slug}

${t.note}

## Work days

${visits.length ? visits.join('\n') : '- none recorded this year'}

See also [[Orchard map]] and [[Harvest log 2026]].
`;
}

function workdayNote(w) {
  return `---
date: ${w.date}
type: work-day
volunteer_hours: ${w.hours}
tags: [work-day]
---
# ${w.date} ${w.title}

Present: ${w.people.map((p) => `[[${p}]]`).join(', ')}

Trees: ${w.trees.map((t) => `[[${t}]]`).join(', ')}

## Done

${w.done.map((d) => `- ${d}`).join('\n')}
`;
}

function personNote(name, p) {
  const days = WORKDAYS.filter((w) => w.people.includes(name)).map((w) => `- [[${w.date} ${w.title}]]`);
  return `---
role: ${p.role}
volunteer_since: ${p.since}
tags: [volunteer]
---
# ${name}

${p.note}

## Work days 2026

${days.join('\n')}
`;
}

function harvestLog() {
  const r = rng(2026);
  const rows = TREES.map((t) => {
    const base = { apple: 38, pear: 26, plum: 30, cherry: 6 }[t.species];
    const kg = base + r.int(-8, 14) + (t.condition === 'young' ? -3 : 0);
    const picked =
      t.species === 'plum'
        ? '2026-08-22'
        : t.species === 'cherry'
          ? '2026-07-18'
          : t.slug.includes('Discovery')
            ? '2026-08-15'
            : '2026-10-03';
    return { t, kg, picked };
  });
  const total = rows.reduce((s, x) => s + x.kg, 0);
  return `---
year: 2026
total_kg: ${total}
tags: [harvest]
---
# Harvest log 2026

| tree | variety | picked | kg | notes |
| --- | --- | --- | --- | --- |
${rows.map(({ t, kg, picked }) => `| [[${t.slug}]] | ${t.variety} | ${picked} | ${kg} | ${t.condition === 'good' ? '' : t.condition} |`).join('\n')}

Total: ${total} kg from the eight trees of rows A and B. Juice: 96 litres pressed on 2026-10-03.
`;
}

const files = {
  '.obsidian/app.json': {
    attachmentFolderPath: 'Attachments',
    newFileLocation: 'folder',
    newFileFolderPath: 'Inbox',
  },
  '.obsidian/core-plugins.json': [
    'file-explorer',
    'global-search',
    'graph',
    'backlink',
    'canvas',
    'bases',
    'templates',
  ],
  'Home.md': `---
tags: [index]
---
# Hollin Lane Community Orchard

42 trees on the old Hollin Lane allotments, planted from 2019 by volunteers. Work days are on the
third Saturday of the month, 10:00 to 13:00; the tool shed key is with [[Wiebke Jansen]].

- Trees: rows A and B are written up so far, see [[Trees.base]] and [[Orchard map]].
- This year: [[Harvest log 2026]], [[Grafting workshop]].
- Work days: [[2026-01-17 Winter pruning]], [[2026-03-14 Mulching and grafting workshop]],
  [[2026-06-20 Summer pruning and netting]], [[2026-10-03 Harvest and pressing day]].
`,
  'Harvest/Harvest log 2026.md': harvestLog(),
  'Projects/Grafting workshop.md': `---
status: in-progress
lead: Tunde Bakare
tags: [project, grafting]
---
# Grafting workshop

Run by [[Tunde Bakare]] on [[2026-03-14 Mulching and grafting workshop]]. 14 whip-and-tongue
grafts onto M26 rootstocks bought from the county orchard group (£2.40 each).

| scion | from tree | grafts | took |
| --- | --- | --- | --- |
| Katy | [[A4 Katy]] | 6 | 5 |
| Egremont Russet | [[A3 Egremont Russet]] | 5 | 3 |
| Ashmead's Kernel | donated by the county group | 3 | 3 |

## Tasks

- [x] Order rootstocks
- [x] Collect scion wood in January
- [ ] Pot on the 11 that took into 10-litre pots #todo
- [ ] Find a home for the spare trees (school garden asked for two) #todo
- [ ] Label the Ashmead's Kernel grafts properly #todo
`,
  'Templates/Tree.md': `---
variety:
species:
rootstock:
planted:
row:
position:
pollination_group:
condition:
tags: []
---
# {{title}}

## Work days
`,
  'Inbox/Quick note 2026-11-02.md': `Saw fieldfares in the Bramley eating the windfalls. Leave some on the ground? #idea

Ask [[Rosa Jiménez]] whether the press is free for a second date next year. #todo
`,
  'Inbox/Council meeting.md': `---
date: 2026-11-12
tags: [meeting]
---
# Council meeting

The parks team agreed to a water butt and a second bench by row C. The lease runs to 2031.
Next: ask for the woodchip again in February. #todo
`,
  'Attachments/press-booking.txt': `Press hire, Greenhill Village Hall: Saturday 3 October 2026, 09:00-16:00, deposit £20 paid by Rosa.\n`,
  'Trees.base': `filters:
  and:
    - file.inFolder("Trees")
properties:
  note.variety:
    displayName: Variety
  note.rootstock:
    displayName: Rootstock
  note.condition:
    displayName: Condition
views:
  - type: table
    name: All trees
    order:
      - file.name
      - variety
      - species
      - rootstock
      - planted
      - condition
  - type: table
    name: To watch
    filters:
      and:
        - condition != "good"
`,
  'Orchard map.canvas': {
    nodes: [
      ...TREES.map((t, i) => ({
        id: `tree-${i + 1}`,
        type: 'file',
        file: `Trees/${t.slug}.md`,
        x: (t.position - 1) * 320,
        y: t.row === 'A' ? 0 : 260,
        width: 280,
        height: 200,
      })),
      {
        id: 'shed',
        type: 'text',
        text: '## Tool shed\nKey with Wiebke. Press stored here from September.',
        x: 1300,
        y: 0,
        width: 260,
        height: 160,
      },
      {
        id: 'row-c',
        type: 'text',
        text: '## Row C\n14 trees, not written up yet.',
        x: 0,
        y: 520,
        width: 600,
        height: 120,
      },
    ],
    edges: [
      {
        id: 'e1',
        fromNode: 'tree-1',
        fromSide: 'right',
        toNode: 'tree-2',
        toSide: 'left',
        label: 'pollinates',
      },
      {
        id: 'e2',
        fromNode: 'tree-4',
        fromSide: 'bottom',
        toNode: 'tree-1',
        toSide: 'bottom',
        label: 'pollinates',
      },
      {
        id: 'e3',
        fromNode: 'tree-5',
        fromSide: 'right',
        toNode: 'tree-6',
        toSide: 'left',
        label: 'pollinates',
      },
    ],
  },
};
for (const t of TREES) files[`Trees/${t.slug}.md`] = treeNote(t);
for (const w of WORKDAYS) files[`Work days/${w.date} ${w.title}.md`] = workdayNote(w);
for (const [name, p] of Object.entries(PEOPLE)) files[`People/${name}.md`] = personNote(name, p);

writeTree(dir, files);
