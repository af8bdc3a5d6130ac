// Seed of slope (docs/corpus.md): a project that keeps SLOPE's sprint records (the server's working
// directory): .slope/config.json, six sprint scorecards under docs/retros/ (built with the package's
// own buildScorecard, so they hold its computed score and stats), the recurring issues and the
// session log. SLOPE scores a sprint like a round of golf: each ticket a shot (its club the approach,
// its result where it landed, its hazards what went wrong).
import { target, writeTree } from './lib/common.js';

const core = await import(new URL('../node_modules/@slope-dev/core/dist/index.js', import.meta.url).href);

const shot = (ticket_key, title, club, result, hazards = [], notes) => ({
  ticket_key,
  title,
  club,
  result,
  hazards,
  ...(notes ? { notes } : {}),
});
const hazard = (type, severity, description) => ({ type, severity, description });

const SPRINTS = [
  {
    sprint_number: 1,
    theme: 'Tide table import',
    par: 4,
    slope: 2,
    date: '2026-09-07',
    shots: [
      shot('TT-1', 'Parse the harbour CSV', 'short_iron', 'in_the_hole'),
      shot('TT-2', 'Store readings in SQLite', 'long_iron', 'green'),
      shot('TT-3', 'Daylight saving offsets', 'long_iron', 'missed_long', [
        hazard('bunker', 'moderate', 'October readings were an hour off'),
      ]),
      shot('TT-4', 'Import command', 'wedge', 'in_the_hole'),
    ],
  },
  {
    sprint_number: 2,
    theme: 'Chart rendering',
    par: 5,
    slope: 3,
    date: '2026-09-21',
    shots: [
      shot('TT-5', 'SVG axis and grid', 'short_iron', 'green'),
      shot('TT-6', 'High and low water markers', 'short_iron', 'in_the_hole'),
      shot('TT-7', 'Moon phase overlay', 'driver', 'missed_right', [
        hazard('water', 'major', 'phase library returned UTC dates'),
        hazard('rough', 'minor', 'icons too small on mobile'),
      ]),
      shot('TT-8', 'Print stylesheet', 'wedge', 'green'),
      shot('TT-9', 'Chart caching', 'long_iron', 'fairway'),
    ],
  },
  {
    sprint_number: 3,
    theme: 'Harbour master accounts',
    par: 4,
    slope: 4,
    date: '2026-10-05',
    shots: [
      shot('TT-10', 'Login with one-time codes', 'long_iron', 'green'),
      shot('TT-11', 'Roles for pilots and staff', 'short_iron', 'missed_short', [
        hazard('trees', 'moderate', 'role checks missing on two routes'),
      ]),
      shot('TT-12', 'Audit log', 'short_iron', 'in_the_hole'),
      shot('TT-13', 'Session expiry', 'wedge', 'in_the_hole'),
    ],
  },
  {
    sprint_number: 4,
    theme: 'Berth bookings',
    par: 5,
    slope: 3,
    date: '2026-10-19',
    shots: [
      shot('TT-14', 'Berth calendar', 'long_iron', 'green'),
      shot('TT-15', 'Booking conflicts', 'driver', 'missed_left', [
        hazard('ob', 'critical', 'double bookings across midnight'),
      ]),
      shot('TT-16', 'Fees by vessel length', 'short_iron', 'in_the_hole'),
      shot('TT-17', 'Email confirmations', 'wedge', 'green'),
      shot('TT-18', 'Cancellation rules', 'short_iron', 'green'),
    ],
  },
  {
    sprint_number: 5,
    theme: 'Offline mode',
    par: 3,
    slope: 5,
    date: '2026-11-02',
    shots: [
      shot('TT-19', 'Service worker cache', 'driver', 'missed_long', [
        hazard('bunker', 'major', 'stale tide tables served for a week'),
      ]),
      shot('TT-20', 'Sync queue', 'long_iron', 'fairway'),
      shot('TT-21', 'Conflict banner', 'wedge', 'in_the_hole'),
    ],
  },
  {
    sprint_number: 6,
    theme: 'Storm warnings',
    par: 4,
    slope: 2,
    date: '2026-11-16',
    shots: [
      shot('TT-22', 'Met office bulletin parser', 'short_iron', 'in_the_hole'),
      shot('TT-23', 'Warning levels on the chart', 'short_iron', 'in_the_hole'),
      shot('TT-24', 'SMS alerts to berth holders', 'long_iron', 'green'),
      shot('TT-25', 'Alert history page', 'wedge', 'in_the_hole'),
    ],
  },
];

const dir = target();
writeTree(dir, {
  '.slope/config.json': {
    scorecardDir: 'docs/retros',
    scorecardPattern: 'sprint-*.json',
    minSprint: 1,
    commonIssuesPath: '.slope/common-issues.json',
    sessionsPath: '.slope/sessions.json',
    metaphor: 'golf',
  },
  '.slope/common-issues.json': {
    recurring_patterns: [
      {
        id: 1,
        title: 'Time zones at the edges',
        category: 'dates',
        sprints_hit: [1, 2, 4],
        gotcha_refs: ['TT-3', 'TT-7', 'TT-15'],
        description: 'Dates computed in UTC and shown in local time drift across midnight and DST changes.',
        prevention: 'Keep harbour-local dates end to end; test the last Sunday of October.',
      },
      {
        id: 2,
        title: 'Caches that outlive their data',
        category: 'caching',
        sprints_hit: [2, 5],
        gotcha_refs: ['TT-9', 'TT-19'],
        description: 'Cached charts and tables were served after the readings changed.',
        prevention: 'Key every cache by the import run that produced it.',
      },
    ],
  },
  '.slope/sessions.json': [
    {
      id: 1,
      date: '2026-11-16',
      sprint: 'S6',
      summary: 'Storm warnings shipped; SMS alerts reach berth holders.',
      where_left_off: 'Alert history page needs paging past 200 entries.',
    },
  ],
  'README.md':
    '# tide-tables\n\nThe harbour office web app: tide tables, charts, berth bookings and storm warnings.\n',
});
writeTree(
  dir,
  Object.fromEntries(
    SPRINTS.map((s) => [`docs/retros/sprint-${s.sprint_number}.json`, core.buildScorecard(s)]),
  ),
);
