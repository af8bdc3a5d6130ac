import { isRecord } from '../../core/json.js';
import type { GroupStory, Handshake, PhaseStory, Span, Story, ToolStory, TrialStory } from './story.js';

/**
 * Reads a story from the run data file by hand, with type guards: anything of the
 * wrong shape makes the whole story unreadable, and the viewer then tells it from the tapes itself.
 */
type Obj = Record<string, unknown>;

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const text = (v: unknown): v is string => typeof v === 'string';

class Bad extends Error {}

/** `v` when the guard holds; otherwise the whole story is unreadable. */
function need<T>(v: unknown, guard: (v: unknown) => v is T): T {
  if (!guard(v)) throw new Bad();
  return v;
}

function n(o: Obj, k: string): number {
  return need(o[k], num);
}

function s(o: Obj, k: string): string {
  return need(o[k], text);
}

function optS(o: Obj, k: string): { [key: string]: string } {
  const v = o[k];
  return v === undefined ? {} : { [k]: need(v, text) };
}

function optN(o: Obj, k: string): { [key: string]: number } {
  const v = o[k];
  return v === undefined ? {} : { [k]: need(v, num) };
}

function span(o: Obj): Span {
  return {
    ref: s(o, 'ref'),
    startMs: n(o, 'startMs'),
    endMs: n(o, 'endMs'),
    lines: n(o, 'lines'),
    errors: n(o, 'errors'),
    pending: n(o, 'pending'),
  };
}

const isList = (v: unknown): v is unknown[] => Array.isArray(v);

function list<T>(v: unknown, read: (o: Obj) => T): T[] {
  return need(v, isList).map((x) => read(need(x, isRecord)));
}

function group(o: Obj): GroupStory {
  return { ...span(o), corr: s(o, 'corr'), label: s(o, 'label') };
}

function trial(o: Obj): TrialStory {
  const t: TrialStory = {
    ...span(o),
    corr: s(o, 'corr'),
    taskId: s(o, 'taskId'),
    ...optN(o, 'rep'),
    ...optN(o, 'steps'),
    ...optS(o, 'exhausted'),
    durationMs: n(o, 'durationMs'),
    toolCalls: n(o, 'toolCalls'),
    toolErrors: n(o, 'toolErrors'),
    modelMs: n(o, 'modelMs'),
    toolMs: n(o, 'toolMs'),
    harnessMs: n(o, 'harnessMs'),
    sessionEvents: n(o, 'sessionEvents'),
  };
  if (o.passed !== undefined) t.passed = need(o.passed, (v): v is boolean => typeof v === 'boolean');
  return t;
}

function phase(o: Obj): PhaseStory {
  return {
    ...span(o),
    phase: s(o, 'phase'),
    tasks: n(o, 'tasks'),
    trials: list(o.trials, trial),
    passed: n(o, 'passed'),
    failed: n(o, 'failed'),
  };
}

function tool(o: Obj): ToolStory {
  return { name: s(o, 'name'), calls: n(o, 'calls'), errors: n(o, 'errors'), pending: n(o, 'pending') };
}

function handshake(o: Obj): Handshake {
  return {
    ...span(o),
    ...optS(o, 'protocolVersion'),
    ...optS(o, 'era'),
    ...optS(o, 'server'),
    ...optS(o, 'failed'),
  };
}

const isRefs = (v: unknown): v is string[] => Array.isArray(v) && v.every(text);
const refs = (v: unknown) => need(v, isRefs);

export function parseStory(value: unknown): Story | undefined {
  if (!isRecord(value)) return undefined;
  const o = value;
  try {
    const story: Story = {
      lines: n(o, 'lines'),
      errors: n(o, 'errors'),
      pending: n(o, 'pending'),
      ...optN(o, 'startMs'),
      ...optN(o, 'endMs'),
      probes: list(o.probes, group),
      stages: list(o.stages, group),
      phases: list(o.phases, phase),
      tools: list(o.tools, tool),
      errorRefs: refs(o.errorRefs),
      pendingRefs: refs(o.pendingRefs),
      unreadable: n(o, 'unreadable'),
      unreadableRefs: refs(o.unreadableRefs),
    };
    if (isRecord(o.handshake)) story.handshake = handshake(o.handshake);
    return story;
  } catch (err) {
    if (err instanceof Bad) return undefined;
    throw err;
  }
}
