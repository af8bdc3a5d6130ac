import { parseCorrId, TRIAL_PHASES } from '../../tape/corr-id.js';
import { asObject, type Entry, type Json, type JsonObject, str } from './tape.js';

/**
 * The story of a run, told from its merged tapes: the handshake, the probes and harness stages,
 * then each phase with its tasks and trials (pass/fail, duration, tool calls, where the time went).
 * Plain JSON: the site build computes it once (a 1,000,000-line tape's first screen must not wait
 * for the tape), and the viewer computes it itself for a tape opened by URL or from disk.
 */
export interface Span {
  /** `<plane>:<line>` of the first line. */
  ref: string;
  startMs: number;
  endMs: number;
  lines: number;
  errors: number;
  pending: number;
}

export interface Handshake extends Span {
  protocolVersion?: string;
  era?: string;
  server?: string;
  failed?: string;
}

export interface GroupStory extends Span {
  corr: string;
  label: string;
}

export interface TrialStory extends Span {
  corr: string;
  taskId: string;
  rep?: number;
  /** The trial's check passed; absent when the tape does not say. */
  passed?: boolean;
  steps?: number;
  exhausted?: string;
  durationMs: number;
  toolCalls: number;
  toolErrors: number;
  /** Time in model generations, in tool calls, and the rest (harness, session setup). */
  modelMs: number;
  toolMs: number;
  harnessMs: number;
  /** Session open/close and process events, folded by default. */
  sessionEvents: number;
}

/** While a trial is being read: its model steps' total time and its tool time inside them. */
interface TrialWork {
  stepMs: number;
  stepToolMs: number;
}

export interface PhaseStory extends Span {
  phase: string;
  tasks: number;
  trials: TrialStory[];
  passed: number;
  failed: number;
}

export interface ToolStory {
  name: string;
  calls: number;
  errors: number;
  pending: number;
}

export interface Story {
  lines: number;
  errors: number;
  pending: number;
  startMs?: number;
  endMs?: number;
  handshake?: Handshake;
  probes: GroupStory[];
  stages: GroupStory[];
  phases: PhaseStory[];
  tools: ToolStory[];
  /** The first error and pending lines, one click away. */
  errorRefs: string[];
  pendingRefs: string[];
  /** Lines that are not JSON (a cut-off last line, a crashed writer): shown as such, never parsed. */
  unreadable: number;
  unreadableRefs: string[];
}

const SESSION_EVENTS = new Set(['fitness.connect', 'fitness.process']);
const MAX_REFS = 50;

export function isSessionEvent(e: Entry): boolean {
  return e.kind === 'event' && e.event !== undefined && SESSION_EVENTS.has(e.event);
}

export function refOf(e: Entry): string {
  return `${e.plane}:${e.line}`;
}

function parsed(e: Entry): JsonObject | undefined {
  try {
    return asObject(JSON.parse(e.text) as Json);
  } catch {
    return undefined;
  }
}

function newSpan(e: Entry): Span {
  return { ref: refOf(e), startMs: e.ms, endMs: e.ms, lines: 0, errors: 0, pending: 0 };
}

function count(s: Span, e: Entry): void {
  s.lines += 1;
  if (e.error) s.errors += 1;
  if (e.pending) s.pending += 1;
  s.startMs = Math.min(s.startMs, e.ms);
  s.endMs = Math.max(s.endMs, e.ms);
}

function noteHandshake(h: Handshake, e: Entry, entries: readonly Entry[]): void {
  if (e.kind === 'event' && e.event === 'fitness.connect') {
    const raw = asObject(parsed(e)?.raw);
    if (raw?.phase === 'connected') {
      h.protocolVersion ??= str(raw.protocolVersion);
      h.era ??= str(raw.era);
      const info = asObject(raw.serverInfo);
      if (info && h.server === undefined)
        h.server = `${str(info.name) ?? '?'} ${str(info.version) ?? ''}`.trim();
    }
    if (raw?.phase === 'failed') h.failed = str(raw.message) ?? 'the handshake failed';
  }
  // Another producer's tape: the initialize exchange says the same.
  if (e.kind === 'request' && e.method === 'initialize' && e.pair !== undefined) {
    const paired = entries[e.pair];
    const result = paired ? asObject(asObject(parsed(paired)?.raw)?.result) : undefined;
    if (result && paired) {
      h.endMs = Math.max(h.endMs, paired.ms);
      h.protocolVersion ??= str(result.protocolVersion);
      const info = asObject(result.serverInfo);
      if (info && h.server === undefined)
        h.server = `${str(info.name) ?? '?'} ${str(info.version) ?? ''}`.trim();
    }
  }
}

function newTrial(e: Entry, corr: string, taskId: string, rep: number | undefined): TrialStory {
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

function noteTrial(t: TrialStory, w: TrialWork, e: Entry, entries: readonly Entry[]): void {
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
    if (typeof raw?.checkPassed === 'boolean') t.passed = raw.checkPassed;
    if (typeof raw?.steps === 'number') t.steps = raw.steps;
    if (typeof raw?.exhausted === 'string') t.exhausted = raw.exhausted;
    if (typeof raw?.durationMs === 'number') t.durationMs = raw.durationMs;
  }
}

function finishTrial(t: TrialStory, w: TrialWork): void {
  if (t.durationMs === 0) t.durationMs = Math.max(0, t.endMs - t.startMs);
  t.modelMs = Math.max(0, w.stepMs - w.stepToolMs);
  t.harnessMs = Math.max(0, t.durationMs - t.modelMs - t.toolMs);
}

/** Builds the story from merged, paired entries (see `mergePlanes`). */
export function buildStory(entries: readonly Entry[]): Story {
  const story: Story = {
    lines: entries.length,
    errors: 0,
    pending: 0,
    probes: [],
    stages: [],
    phases: [],
    tools: [],
    errorRefs: [],
    pendingRefs: [],
    unreadable: 0,
    unreadableRefs: [],
  };
  const groups = new Map<string, GroupStory>();
  const trials = new Map<string, Slot>();
  const tools = new Map<string, ToolStory>();
  let handshake: Handshake | undefined;
  for (const e of entries) {
    if (e.kind === 'unreadable') {
      story.unreadable += 1;
      if (story.unreadableRefs.length < MAX_REFS) story.unreadableRefs.push(refOf(e));
    }
    if (e.error) {
      story.errors += 1;
      if (story.errorRefs.length < MAX_REFS) story.errorRefs.push(refOf(e));
    }
    if (e.pending) {
      story.pending += 1;
      if (story.pendingRefs.length < MAX_REFS) story.pendingRefs.push(refOf(e));
    }
    if (e.ms > 0) {
      story.startMs = Math.min(story.startMs ?? e.ms, e.ms);
      story.endMs = Math.max(story.endMs ?? e.ms, e.ms);
    }
    if (e.kind === 'request' && e.method === 'tools/call') {
      const name = e.tool ?? '(unknown)';
      const t = tools.get(name) ?? { name, calls: 0, errors: 0, pending: 0 };
      t.calls += 1;
      if (e.pending) t.pending += 1;
      const paired = e.pair === undefined ? undefined : entries[e.pair];
      if (paired?.error) t.errors += 1;
      tools.set(name, t);
    }
    const corr = e.corr;
    const c = corr === undefined ? undefined : parseCorrId(corr);
    const connecting =
      corr === 'connect' ||
      (c === undefined && (e.method === 'initialize' || e.method === 'server/discover'));
    // The handshake is the connect session up to its connected (or failed) event.
    if (connecting && !(handshake?.protocolVersion !== undefined || handshake?.failed !== undefined)) {
      handshake ??= newSpan(e);
      count(handshake, e);
      noteHandshake(handshake, e, entries);
    }
    if (corr === undefined || c === undefined) continue;
    if (c.kind === 'trial') {
      let slot = trials.get(c.trial);
      if (slot === undefined) {
        slot = {
          phase: c.phase,
          trial: newTrial(e, c.trial, c.taskId, c.rep),
          work: { stepMs: 0, stepToolMs: 0 },
        };
        trials.set(c.trial, slot);
      }
      count(slot.trial, e);
      noteTrial(slot.trial, slot.work, e, entries);
    } else if (c.kind === 'probe' || c.kind === 'stage') {
      let g = groups.get(corr);
      if (g === undefined) {
        g = { ...newSpan(e), corr, label: c.kind === 'probe' ? c.probe : c.stage };
        groups.set(corr, g);
        (c.kind === 'probe' ? story.probes : story.stages).push(g);
      }
      count(g, e);
    }
  }
  if (handshake) story.handshake = handshake;
  story.phases = phases([...trials.values()]);
  story.tools = [...tools.values()].sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name));
  return story;
}

interface Slot {
  phase: string;
  trial: TrialStory;
  work: TrialWork;
}

function phases(slots: readonly Slot[]): PhaseStory[] {
  const out: PhaseStory[] = [];
  for (const slot of slots) finishTrial(slot.trial, slot.work);
  for (const phase of TRIAL_PHASES) {
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
      passed: trials.filter((t) => t.passed === true).length,
      failed: trials.filter((t) => t.passed === false).length,
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
