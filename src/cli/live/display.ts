import { PRICE_TABLE } from '../../models/prices.js';
import { buildCost } from '../../record/build-cost.js';
import type { CostBlock } from '../../record/cost.js';
import type { UsageRow } from '../../record/pricing.js';
import type { RunEvent } from '../../run/events.js';
import { Stage } from '../../tape/phases.js';

/** The phase of trials under way: its registered size and how its ended trials came out. */
export interface PhaseProgress {
  name: string;
  registered: number;
  done: number;
  passed: number;
  failed: number;
  errors: number;
  startedAt: number;
  curtailedAt?: number;
}

/** What the live display shows, reduced from a run's events (pure data; times in ms). */
export interface Display {
  startedAt: number;
  /** What the run is doing when no phase of trials is under way. */
  activity: string;
  /** The furthest stage completed, in the pipeline's order. */
  stage?: Stage;
  phase?: PhaseProgress;
  rows: readonly UsageRow[];
  cost: CostBlock;
  /** Set once the run is stopping: what is being written and why. */
  stopping?: string;
}

/** What comes after a completed stage, when it is not a phase of trials. */
const NEXT: Readonly<Record<Stage, string>> = {
  connect: 'probes',
  probes: 'reading the tool surface',
  surface: 'policy',
  policy: 'generating candidates',
  generate: 'admitting candidates',
  admit: 'screening candidates',
  screen: 'registering the suite',
  register: 'pre-registering',
  prereg: 'free gates',
  nulls: 'null gate',
  construct: 'construct gate',
  drive: 'findings',
  findings: 'finishing',
};

/** A stage that ran beside later ones (the probes, beside generation) ends behind the furthest. */
function behind(stage: Stage, furthest: Stage | undefined): boolean {
  return furthest !== undefined && Stage.options.indexOf(furthest) > Stage.options.indexOf(stage);
}

export function initialDisplay(now: number): Display {
  return { startedAt: now, activity: 'connecting', rows: [], cost: buildCost([], PRICE_TABLE) };
}

function countTrial(p: PhaseProgress, mark: 'pass' | 'fail' | 'error'): PhaseProgress {
  return {
    ...p,
    done: p.done + 1,
    passed: p.passed + (mark === 'pass' ? 1 : 0),
    failed: p.failed + (mark === 'fail' ? 1 : 0),
    errors: p.errors + (mark === 'error' ? 1 : 0),
  };
}

/** The display after one event (pure: `now` is when the event arrived). */
export function reduceDisplay(d: Display, e: RunEvent, now: number): Display {
  switch (e.type) {
    case 'stage': {
      // Its end does not move the display back to what came after it.
      if (behind(e.stage, d.stage)) return d;
      const { phase: _done, ...rest } = d;
      return { ...rest, stage: e.stage, activity: NEXT[e.stage] };
    }
    case 'phase':
      return {
        ...d,
        phase: {
          name: e.phase,
          registered: e.registered,
          done: 0,
          passed: 0,
          failed: 0,
          errors: 0,
          startedAt: now,
        },
      };
    case 'trial':
      return d.phase?.name === e.phase ? { ...d, phase: countTrial(d.phase, e.mark) } : d;
    case 'curtailed':
      return d.phase?.name === e.phase ? { ...d, phase: { ...d.phase, curtailedAt: e.at } } : d;
    case 'usage': {
      const rows = [...d.rows, ...e.rows];
      return { ...d, rows, cost: buildCost(rows, PRICE_TABLE) };
    }
    case 'stopping':
      return d.stopping === undefined ? { ...d, stopping: `finishing the record (VOID ${e.reason})` } : d;
    case 'finishing':
      return d.stopping === undefined ? { ...d, activity: 'writing the record' } : d;
  }
}

/** `45s`, `3m07s`, `1h02m`. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** The phase's remaining time at the pace of its trials so far (none before the first ends). */
function eta(p: PhaseProgress, now: number): string {
  const left = (p.curtailedAt ?? p.registered) - p.done;
  if (left <= 0) return 'ETA 0s';
  if (p.done === 0) return 'ETA after the first trial';
  return `ETA ${clock(((now - p.startedAt) / p.done) * left)}`;
}

const usd = (n: number) => `$${n.toFixed(n > 0 && n < 0.01 ? 4 : 2)}`;

/** Spend as the record's cost block prices it: measured, a floor with its first reason, or unknown. */
export function spendText(cost: CostBlock): string {
  if (cost.kind === 'total') return `spend ${usd(cost.usd)}`;
  if (cost.kind === 'none') return `spend unknown (${cost.why})`;
  const more = cost.reasons.length > 1 ? ` and ${cost.reasons.length - 1} more` : '';
  return `spend at least ${usd(cost.usd)} (${cost.reasons[0]?.detail ?? 'a floor'}${more})`;
}

/** The status block's lines at `now`. */
export function displayLines(d: Display, now: number): string[] {
  const elapsed = `elapsed ${clock(now - d.startedAt)}`;
  const p = d.phase;
  const head = d.stopping
    ? `stopping: ${d.stopping}…`
    : p === undefined
      ? `${d.activity}…`
      : [
          `${p.name}: ${p.done}/${p.registered} trials`,
          `${p.passed} passed, ${p.failed} failed${p.errors > 0 ? `, ${p.errors} errors` : ''}`,
          ...(p.curtailedAt === undefined ? [] : [`curtailed at ${p.curtailedAt}`]),
          eta(p, now),
        ].join(' · ');
  return [head, `${elapsed} · model calls ${d.rows.length} · ${spendText(d.cost)}`];
}
