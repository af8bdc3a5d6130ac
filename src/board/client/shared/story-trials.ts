import { addCount, noCounts, type TrialCount, trialCount } from '../../../record/trial-count.js';
import { Phase } from '../../../tape/phases.js';
import { asObject, type Entry, type Json, type JsonObject } from './entries.js';
import { isSessionEvent, newSpan, parsed } from './story-span.js';
import type { PhaseStory, TrialStory } from './viewer-run.js';

// The trials of the story: each one's time split (model, tools, harness), grouped by phase.

/** What a trial's steps took, summed while its lines are read. */
interface TrialWork {
  stepMs: number;
  stepToolMs: number;
}

export function newTrial(e: Entry, corr: string, taskId: string, rep: number | undefined): TrialStory {
  return {
    ...newSpan(e),
    corr,
    taskId,
    ...(rep === undefined ? {} : { rep }),
    durationMs: 0,
    toolCalls: 0,
    toolErrors: 0,
    modelMs: 0,
    toolMs: 0,
    harnessMs: 0,
    sessionEvents: 0,
  };
}

export function noteTrial(t: TrialStory, w: TrialWork, e: Entry, entries: readonly Entry[]): void {
  if (isSessionEvent(e)) t.sessionEvents += 1;
  if (e.kind === 'request' && e.method === 'tools/call') {
    t.toolCalls += 1;
    const paired = e.pair === undefined ? undefined : entries[e.pair];
    if (paired) {
      const ms = Math.max(0, paired.ms - e.ms);
      t.toolMs += ms;
      // The agent's own calls run inside its model steps; verification calls come after them.
      if (e.corr === t.corr) w.stepToolMs += ms;
      if (paired.error) t.toolErrors += 1;
    }
  }
  // A step's recorded time covers its generation and the tool calls it made.
  if (e.kind === 'turn' && e.text.includes('"assistant"')) {
    const latency = asObject(parsed(e)?.timing)?.latencyMs;
    if (typeof latency === 'number' && Number.isFinite(latency)) w.stepMs += latency;
  }
  if (e.kind === 'event' && e.event === 'fitness.trial') {
    const raw = asObject(parsed(e)?.raw);
    if (typeof raw?.checkPassed === 'boolean') t.count = countOf(raw, raw.checkPassed);
    if (typeof raw?.steps === 'number') t.steps = raw.steps;
    if (typeof raw?.exhausted === 'string') t.exhausted = raw.exhausted;
    if (typeof raw?.durationMs === 'number') t.durationMs = raw.durationMs;
  }
}

/** How the trial counts, by the record's own rule over the facts its tape event carries. */
function countOf(raw: JsonObject, checkPassed: boolean): TrialCount {
  const bool = (v: Json | undefined) => (typeof v === 'boolean' ? v : undefined);
  return trialCount({
    phase: typeof raw.phase === 'string' ? raw.phase : '',
    checkPassed,
    constructPassed: bool(raw.constructPassed),
    nullApplicable: bool(raw.nullApplicable),
    firstTry: bool(raw.firstTry),
    ...(typeof raw.oracleError === 'string' ? { oracleError: raw.oracleError } : {}),
  });
}

function finishTrial(t: TrialStory, w: TrialWork): void {
  if (t.durationMs === 0) t.durationMs = Math.max(0, t.endMs - t.startMs);
  t.modelMs = Math.max(0, w.stepMs - w.stepToolMs);
  t.harnessMs = Math.max(0, t.durationMs - t.modelMs - t.toolMs);
}

/** A trial being read, with its phase. */
export interface Slot {
  phase: string;
  trial: TrialStory;
  work: TrialWork;
}

export function phases(slots: readonly Slot[]): PhaseStory[] {
  const out: PhaseStory[] = [];
  for (const slot of slots) finishTrial(slot.trial, slot.work);
  for (const phase of Phase.options) {
    const trials = slots.filter((s) => s.phase === phase).map((s) => s.trial);
    const first = trials[0];
    if (first === undefined) continue;
    trials.sort((a, b) => a.startMs - b.startMs);
    const p: PhaseStory = {
      phase,
      ref: first.ref,
      startMs: Math.min(...trials.map((t) => t.startMs)),
      endMs: Math.max(...trials.map((t) => t.endMs)),
      lines: 0,
      errors: 0,
      pending: 0,
      tasks: new Set(trials.map((t) => t.taskId)).size,
      trials,
      counts: trials.reduce((c, t) => (t.count ? addCount(c, t.count) : c), noCounts()),
      untold: trials.filter((t) => t.count === undefined).length,
    };
    for (const t of trials) {
      p.lines += t.lines;
      p.errors += t.errors;
      p.pending += t.pending;
    }
    out.push(p);
  }
  return out;
}
