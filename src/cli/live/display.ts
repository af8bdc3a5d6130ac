import { PRICE_TABLE } from '../../models/prices.js';
import { buildCost } from '../../record/build-cost.js';
import type { CostBlock } from '../../record/cost.js';
import type { UsageRow } from '../../record/pricing.js';
import { addCount, countedTrials, countsText, noCounts, type PhaseCounts } from '../../record/trial-count.js';
import type { RunEvent } from '../../run/events.js';
import { type Phase, Stage } from '../../tape/phases.js';

/**
 * A phase of trials: its registered size and its ended trials counted as the record counts them
 * (`trialCount`). A phase opened again (construct's extension batches, the nulls of a reserve
 * batch) adds to the same counts, as the record pools them.
 */
export interface PhaseProgress {
  name: Phase;
  registered: number;
  counts: PhaseCounts;
  /** When its latest opening started, and the trials done before it (for the pace). */
  startedAt: number;
  doneBefore: number;
  curtailedAt?: number;
}

/** What the live display shows, reduced from a run's events (pure data; times in ms). */
export interface Display {
  startedAt: number;
  /** What the run is doing when no phase of trials is under way. */
  activity: string;
  /** The furthest stage completed, in the pipeline's order. */
  stage?: Stage;
  /** The phase the block shows: the one opened last, until a stage completes. */
  phase?: Phase;
  /** Every phase met so far, counted to its latest trial (phases that share a pool overlap). */
  phases: Partial<Record<Phase, PhaseProgress>>;
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
  return {
    startedAt: now,
    activity: 'connecting',
    phases: {},
    rows: [],
    cost: buildCost([], PRICE_TABLE),
  };
}

function withPhase(d: Display, p: PhaseProgress): Display {
  return { ...d, phases: { ...d.phases, [p.name]: p } };
}

function opened(was: PhaseProgress | undefined, name: Phase, registered: number, now: number): PhaseProgress {
  const counts = was?.counts ?? noCounts();
  return {
    name,
    // A curtailed opening ran only to its curtailment.
    registered: (was?.curtailedAt ?? was?.registered ?? 0) + registered,
    counts,
    startedAt: now,
    doneBefore: countedTrials(counts),
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
      return { ...withPhase(d, opened(d.phases[e.phase], e.phase, e.registered, now)), phase: e.phase };
    case 'trial': {
      const p = d.phases[e.phase];
      return p ? withPhase(d, { ...p, counts: addCount(p.counts, e.count) }) : d;
    }
    case 'curtailed': {
      const p = d.phases[e.phase];
      return p ? withPhase(d, { ...p, curtailedAt: p.doneBefore + e.at }) : d;
    }
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

/** The phase's remaining time at the pace of this opening's trials so far (none before the first ends). */
function eta(p: PhaseProgress, now: number): string {
  const done = countedTrials(p.counts);
  const left = (p.curtailedAt ?? p.registered) - done;
  if (left <= 0) return 'ETA 0s';
  const pace = done - p.doneBefore;
  if (pace <= 0) return 'ETA after the first trial';
  return `ETA ${clock(((now - p.startedAt) / pace) * left)}`;
}

/** A phase as the block's head shows it: trials done of registered, then the record's counts. */
export function phaseLine(p: PhaseProgress): string {
  return [
    `${p.name}: ${countedTrials(p.counts)}/${p.registered} trials`,
    countsText(p.counts),
    ...(p.curtailedAt === undefined ? [] : [`curtailed at ${p.curtailedAt}`]),
  ].join(' · ');
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
  const p = d.phase === undefined ? undefined : d.phases[d.phase];
  const head = d.stopping
    ? `stopping: ${d.stopping}…`
    : p === undefined
      ? `${d.activity}…`
      : `${phaseLine(p)} · ${eta(p, now)}`;
  return [head, `${elapsed} · model calls ${d.rows.length} · ${spendText(d.cost)}`];
}
