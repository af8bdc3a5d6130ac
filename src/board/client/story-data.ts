import type { GroupStory, Handshake, PhaseStory, Span, Story, ToolStory, TrialStory } from './story.js';

/**
 * Reads a story from the run data file by hand (no schema library in the browser): anything of the
 * wrong shape makes the whole story unreadable, and the viewer then tells it from the tapes itself.
 */
type Obj = Record<string, unknown>;

const obj = (v: unknown): Obj | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const text = (v: unknown): v is string => typeof v === 'string';

class Bad extends Error {}

function need<T>(ok: boolean, value: T): T {
  if (!ok) throw new Bad();
  return value;
}

function n(o: Obj, k: string): number {
  return need(num(o[k]), o[k] as number);
}

function s(o: Obj, k: string): string {
  return need(text(o[k]), o[k] as string);
}

function optS(o: Obj, k: string): { [key: string]: string } {
  const v = o[k];
  if (v === undefined) return {};
  return { [k]: need(text(v), v as string) };
}

function optN(o: Obj, k: string): { [key: string]: number } {
  const v = o[k];
  if (v === undefined) return {};
  return { [k]: need(num(v), v as number) };
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

function list<T>(v: unknown, read: (o: Obj) => T): T[] {
  return need(Array.isArray(v), v as unknown[]).map((x) => read(need(obj(x) !== undefined, obj(x) as Obj)));
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
  if (o.passed !== undefined) t.passed = need(typeof o.passed === 'boolean', o.passed === true);
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

const refs = (v: unknown) => need(Array.isArray(v) && (v as unknown[]).every(text), v as string[]);

export function parseStory(value: unknown): Story | undefined {
  const o = obj(value);
  if (o === undefined) return undefined;
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
    const h = obj(o.handshake);
    if (h !== undefined) story.handshake = handshake(h);
    return story;
  } catch (err) {
    if (err instanceof Bad) return undefined;
    throw err;
  }
}
