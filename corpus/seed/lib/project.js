// A small TypeScript project for a server that indexes a codebase (docs/corpus.md): a community
// greenhouse's plot booking code, with interfaces, classes, functions with doc comments, imports
// between modules, an entry point and one test. Fixed text: the same bytes everywhere.
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { writeTree } from './common.js';

export const GREENHOUSE_FILES = {
  'package.json': {
    name: 'greenhouse-plots',
    version: '1.3.0',
    type: 'module',
    scripts: { build: 'tsc', test: 'node --test dist/test' },
  },
  'tsconfig.json': {
    compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, outDir: 'dist' },
    include: ['src'],
  },
  'README.md': `# greenhouse-plots

Booking of the community greenhouse's raised beds: members, plots, watering rota and harvest log.
`,
  'src/members.ts': `/** A member of the greenhouse association. */
export interface Member {
  id: string;
  name: string;
  joined: string;
  /** Members on the committee may release any plot. */
  committee: boolean;
}

export const MEMBERS: Member[] = [
  { id: 'm-101', name: 'Amara Okafor', joined: '2021-03-14', committee: true },
  { id: 'm-102', name: 'Jonas Berg', joined: '2022-05-02', committee: false },
  { id: 'm-103', name: 'Kavya Rao', joined: '2023-02-20', committee: false },
  { id: 'm-104', name: 'Luca Ferri', joined: '2024-09-09', committee: true },
];

/** Finds a member by id, or undefined. */
export function findMember(id: string): Member | undefined {
  return MEMBERS.find((m) => m.id === id);
}
`,
  'src/plots.ts': `import { findMember, type Member } from './members.js';
import { isoWeek } from './util/dates.js';

export type Bed = 'north' | 'south' | 'glasshouse';

/** A raised bed that members book by the season. */
export interface Plot {
  number: number;
  bed: Bed;
  areaM2: number;
  holder?: string;
}

export class PlotRegistry {
  private readonly plots = new Map<number, Plot>();

  constructor(plots: Plot[]) {
    for (const p of plots) this.plots.set(p.number, p);
  }

  /** Books a free plot for a member; throws when it is taken. */
  book(plotNumber: number, memberId: string): Plot {
    const plot = this.plots.get(plotNumber);
    if (!plot) throw new Error(\`no plot \${plotNumber}\`);
    if (plot.holder) throw new Error(\`plot \${plotNumber} is held by \${plot.holder}\`);
    if (!findMember(memberId)) throw new Error(\`unknown member \${memberId}\`);
    plot.holder = memberId;
    return plot;
  }

  /** Releases a plot; only its holder or a committee member may. */
  release(plotNumber: number, by: Member): void {
    const plot = this.plots.get(plotNumber);
    if (!plot || (plot.holder !== by.id && !by.committee)) throw new Error('not allowed');
    plot.holder = undefined;
  }

  freePlots(bed?: Bed): Plot[] {
    return [...this.plots.values()].filter((p) => !p.holder && (!bed || p.bed === bed));
  }

  /** Total booked area in square metres. */
  bookedArea(): number {
    return [...this.plots.values()].filter((p) => p.holder).reduce((sum, p) => sum + p.areaM2, 0);
  }

  weekOfSeasonStart(): number {
    return isoWeek(new Date('2026-03-01'));
  }
}
`,
  'src/watering.ts': `import { MEMBERS } from './members.js';
import { addDays } from './util/dates.js';

/** One slot of the watering rota. */
export interface RotaSlot {
  date: string;
  memberId: string;
}

/** Builds a rota that cycles through the members, one per day, from a start date. */
export function buildRota(start: string, days: number): RotaSlot[] {
  return Array.from({ length: days }, (_, i) => ({
    date: addDays(start, i),
    memberId: MEMBERS[i % MEMBERS.length].id,
  }));
}

/** Litres a bed needs per day at a given temperature (a rule of thumb from the committee). */
export function litresPerDay(areaM2: number, celsius: number): number {
  const base = areaM2 * 4;
  return celsius > 25 ? base * 1.5 : celsius < 12 ? base * 0.6 : base;
}
`,
  'src/harvest.ts': `import type { Plot } from './plots.js';

export interface HarvestEntry {
  plot: number;
  crop: string;
  kg: number;
  date: string;
}

/** Sums the harvest per crop, heaviest first. */
export function totalsByCrop(entries: HarvestEntry[]): Array<[string, number]> {
  const totals = new Map<string, number>();
  for (const e of entries) totals.set(e.crop, (totals.get(e.crop) ?? 0) + e.kg);
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

/** Yield of a plot in kilograms per square metre. */
export function yieldPerM2(plot: Plot, entries: HarvestEntry[]): number {
  const kg = entries.filter((e) => e.plot === plot.number).reduce((s, e) => s + e.kg, 0);
  return Math.round((kg / plot.areaM2) * 100) / 100;
}
`,
  'src/util/dates.ts': `/** Adds days to an ISO date (YYYY-MM-DD). */
export function addDays(iso: string, days: number): string {
  const d = new Date(\`\${iso}T00:00:00Z\`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** ISO week number of a date. */
export function isoWeek(date: Date): number {
  const d = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  return Math.ceil(((d.getTime() - yearStart.getTime()) / 86400000 + 1) / 7);
}
`,
  'src/index.ts': `import { PlotRegistry } from './plots.js';
import { buildRota } from './watering.js';

export const registry = new PlotRegistry([
  { number: 1, bed: 'north', areaM2: 6 },
  { number: 2, bed: 'north', areaM2: 6 },
  { number: 3, bed: 'south', areaM2: 8 },
  { number: 4, bed: 'glasshouse', areaM2: 4 },
]);

export function main(): void {
  registry.book(3, 'm-102');
  console.log(buildRota('2026-05-01', 7));
}
`,
  'src/plots.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PlotRegistry } from './plots.js';

test('a booked plot is not free', () => {
  const r = new PlotRegistry([{ number: 9, bed: 'south', areaM2: 5 }]);
  r.book(9, 'm-101');
  assert.equal(r.freePlots().length, 0);
});
`,
};

/** Writes the project under dir/name, every file dated 2026-04-02 12:00 UTC (indexers read mtimes). */
export function writeGreenhouse(dir, name) {
  const root = join(dir, name);
  writeTree(root, GREENHOUSE_FILES);
  const when = new Date('2026-04-02T12:00:00Z');
  for (const rel of Object.keys(GREENHOUSE_FILES)) utimesSync(join(root, rel), when, when);
  return root;
}
