// Seed of vitest-mcp (docs/corpus.md): a small JavaScript project of a town's swimming pool, the
// project its tools are pointed at (`set_project_root`): lane bookings with the timetable's rules,
// prices by ticket type with a concession and a peak surcharge, memberships with renewal dates,
// three Vitest test files (one test fails, the bug the README's open issue describes) and the
// Vitest config (globals, so the tests import nothing). Its tools run `npx vitest` in the project;
// npx runs the project's own `node_modules/.bin/vitest` when there is one and otherwise fetches
// vitest from the registry, so the seed writes that bin as a two-line shim that starts the corpus's
// own vitest (pinned in `corpus/package.json`, 4.1.12), as a project with vitest installed would
// have. The shim names the corpus's absolute path; every other file is fixed text. No network.
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { target, writeTree } from './lib/common.js';

const dir = target();
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

writeTree(dir, {
  'README.md': `# poolside-bookings

Lane bookings, prices and memberships of Millbrook Leisure Pool (25 m, 6 lanes), used by the
front desk's booking screen and the online shop. Maintained by Ines Carvalho and Kwame Mensah.

- \`src/lanes.js\` — the timetable (public swim, lane swim, club hire, lessons) and lane bookings
- \`src/pricing.js\` — ticket prices, the concession rate and the evening peak surcharge
- \`src/members.js\` — memberships: tiers, renewal dates, the freeze rule
- \`test/\` — Vitest tests (\`npm test\`)

## Open issue

#41 (reported 2026-11-28 by the front desk): a concession swim booked at 17:30 on a weekday is
charged the peak surcharge on the full price, not the concession price. \`pricing.test.js\` has the
failing test.
`,
  'package.json': {
    name: 'poolside-bookings',
    version: '1.3.0',
    private: true,
    type: 'module',
    scripts: { test: 'vitest run' },
    devDependencies: { vitest: '4.1.12' },
    engines: { node: '>=20' },
  },
  'vitest.config.js': `// Globals on: the tests use describe, it and expect without importing them.
export default {
  test: {
    globals: true,
    include: ['test/**/*.test.js'],
    environment: 'node',
  },
};
`,
  'src/pricing.js': `// Prices in pence. Concession: 40% off for under-16s, over-65s and Leisure Card holders.
export const PRICES = {
  adultSwim: 560,
  childSwim: 340,
  laneSwim: 620,
  aquaFit: 780,
  familySwim: 1450,
};

export const CONCESSION_RATE = 0.4;
export const PEAK_SURCHARGE = 120; // weekdays 17:00-19:59

export function isPeak(day, time) {
  const weekday = !['Sat', 'Sun'].includes(day);
  const hour = Number(time.slice(0, 2));
  return weekday && hour >= 17 && hour < 20;
}

export function priceOf(ticket, { concession = false, day = 'Mon', time = '10:00' } = {}) {
  const base = PRICES[ticket];
  if (base === undefined) throw new Error(\`unknown ticket: \${ticket}\`);
  let price = concession ? Math.round(base * (1 - CONCESSION_RATE)) : base;
  // Bug #41: the surcharge is applied to the full price for concessions too.
  if (isPeak(day, time)) price = concession ? base + PEAK_SURCHARGE : price + PEAK_SURCHARGE;
  return price;
}
`,
  'src/lanes.js': `export const LANES = 6;

// The weekday timetable: which lanes each session uses.
export const TIMETABLE = [
  { start: '06:30', end: '08:30', session: 'lane swim', lanes: [1, 2, 3, 4, 5, 6] },
  { start: '09:00', end: '12:00', session: 'public swim', lanes: [3, 4, 5, 6] },
  { start: '09:00', end: '12:00', session: 'lessons', lanes: [1, 2] },
  { start: '12:00', end: '13:30', session: 'lane swim', lanes: [1, 2, 3, 4] },
  { start: '16:00', end: '18:00', session: 'lessons', lanes: [1, 2, 3] },
  { start: '18:00', end: '20:00', session: 'club hire', lanes: [1, 2, 3, 4, 5, 6] },
];

export function sessionAt(time) {
  return TIMETABLE.filter((s) => s.start <= time && time < s.end);
}

export function bookLane(bookings, { lane, date, start, name }) {
  if (lane < 1 || lane > LANES) throw new Error(\`no lane \${lane}\`);
  const open = sessionAt(start).some((s) => s.session === 'lane swim' && s.lanes.includes(lane));
  if (!open) throw new Error(\`lane \${lane} is not open for lane swim at \${start}\`);
  const taken = bookings.filter((b) => b.lane === lane && b.date === date && b.start === start);
  if (taken.length >= 4) throw new Error(\`lane \${lane} is full at \${start} on \${date}\`);
  return [...bookings, { lane, date, start, name }];
}
`,
  'src/members.js': `export const TIERS = {
  swim: { monthlyPence: 2850, guestPasses: 0 },
  swimPlus: { monthlyPence: 3900, guestPasses: 2 },
  family: { monthlyPence: 6200, guestPasses: 4 },
};

export function renewalDate(joined, months = 12) {
  const d = new Date(\`\${joined}T00:00:00Z\`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

// A membership may be frozen for 1 to 3 months once a year; the renewal date moves with it.
export function freeze(member, months) {
  if (months < 1 || months > 3) throw new Error('a freeze is 1 to 3 months');
  if (member.frozenThisYear) throw new Error(\`\${member.name} has already frozen this year\`);
  return { ...member, frozenThisYear: true, renews: renewalDate(member.renews, months) };
}
`,
  'test/pricing.test.js': `import { isPeak, priceOf } from '../src/pricing.js';

describe('isPeak', () => {
  it('is peak on a weekday evening', () => {
    expect(isPeak('Tue', '17:30')).toBe(true);
  });
  it('is not peak at weekends', () => {
    expect(isPeak('Sat', '18:00')).toBe(false);
  });
  it('ends at 20:00', () => {
    expect(isPeak('Wed', '20:00')).toBe(false);
  });
});

describe('priceOf', () => {
  it('prices an adult swim off peak', () => {
    expect(priceOf('adultSwim')).toBe(560);
  });
  it('gives the concession rate', () => {
    expect(priceOf('laneSwim', { concession: true })).toBe(372);
  });
  it('adds the surcharge at peak', () => {
    expect(priceOf('aquaFit', { day: 'Thu', time: '18:15' })).toBe(900);
  });
  it('adds the surcharge to the concession price at peak (#41)', () => {
    expect(priceOf('adultSwim', { concession: true, day: 'Mon', time: '17:30' })).toBe(456);
  });
  it('refuses an unknown ticket', () => {
    expect(() => priceOf('saunaSession')).toThrow('unknown ticket');
  });
});
`,
  'test/lanes.test.js': `import { bookLane, sessionAt } from '../src/lanes.js';

describe('sessionAt', () => {
  it('finds the morning sessions', () => {
    expect(sessionAt('10:15').map((s) => s.session)).toEqual(['public swim', 'lessons']);
  });
});

describe('bookLane', () => {
  it('books an open lane', () => {
    const after = bookLane([], { lane: 2, date: '2026-12-09', start: '07:00', name: 'Priya Nair' });
    expect(after).toHaveLength(1);
  });
  it('refuses a lane used for lessons', () => {
    expect(() => bookLane([], { lane: 1, date: '2026-12-09', start: '10:00', name: 'Owen Price' })).toThrow('not open');
  });
  it('refuses a fifth swimmer in a lane', () => {
    const four = ['Ana', 'Ben', 'Cai', 'Dee'].map((name) => ({ lane: 3, date: '2026-12-10', start: '12:00', name }));
    expect(() => bookLane(four, { lane: 3, date: '2026-12-10', start: '12:00', name: 'Eve' })).toThrow('full');
  });
});
`,
  'test/members.test.js': `import { freeze, renewalDate, TIERS } from '../src/members.js';

describe('memberships', () => {
  it('renews a year after joining', () => {
    expect(renewalDate('2026-03-14')).toBe('2027-03-14');
  });
  it('moves the renewal date by the freeze', () => {
    const m = { name: 'Halina Nowak', tier: 'swimPlus', renews: '2027-01-31', frozenThisYear: false };
    expect(freeze(m, 2).renews).toBe('2027-03-31');
  });
  it('allows one freeze a year', () => {
    const m = { name: 'Tom Becker', tier: 'family', renews: '2027-06-01', frozenThisYear: true };
    expect(() => freeze(m, 1)).toThrow('already frozen');
  });
  it('prices the family tier', () => {
    expect(TIERS.family.monthlyPence).toBe(6200);
  });
});
`,
  'node_modules/.bin/vitest': `#!/bin/sh
exec node "${VITEST}" "$@"
`,
});
chmodSync(join(dir, 'node_modules/.bin/vitest'), 0o755);
