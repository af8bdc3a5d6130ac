import { asRecord } from '../core/json.js';
import type { RunRecord } from '../record/index.js';
import { parseCorrId } from '../tape/corr-id.js';
import { pairExchanges } from '../tape/pairing.js';
import { Phase } from '../tape/phases.js';
import type { Tape, TapeRecord } from '../tape/reader.js';
import { EventKind } from '../tape/schema.js';
import { PRODUCER } from '../version.js';
import { GEN_AI, GEN_AI_OPERATION } from './conventions.js';
import { gateEvents } from './gate-events.js';
import { mcpSpan, wireFacts } from './mcp-spans.js';
import { chatSpan } from './model-spans.js';
import { contentText, cover, ms, type SpanNode, span } from './span-tree.js';

export interface RunTapes {
  wire: Tape;
  agent: Tape;
  judge?: Tape;
}

/** Where a line belongs in the tree: a trial, a probe, a harness stage, or the run itself. */
type Group =
  | { kind: 'trial'; key: string; taskId: string; phase: string; rep?: number }
  | { kind: 'probe'; key: string; probe: string }
  | { kind: 'stage'; key: string; stage: string }
  | { kind: 'run'; key: 'run' };

function groupOf(corr: string | undefined): Group {
  if (corr === undefined) return { kind: 'run', key: 'run' };
  const c = parseCorrId(corr);
  if (c.kind === 'trial')
    return {
      kind: 'trial',
      key: `trial:${c.trial}`,
      taskId: c.taskId,
      phase: c.phase,
      ...(c.rep === undefined ? {} : { rep: c.rep }),
    };
  if (c.kind === 'probe') return { kind: 'probe', key: `probe:${c.probe}`, probe: c.probe };
  if (c.kind === 'stage') return { kind: 'stage', key: `stage:${c.stage}`, stage: c.stage };
  return { kind: 'run', key: 'run' };
}

function corrOf(r: TapeRecord): string | undefined {
  return r.type === 'message' || r.type === 'event' || r.type === 'turn' ? r.value.corr_id : undefined;
}

function timeOf(r: TapeRecord): number | undefined {
  return r.type === 'meta' || r.type === 'unknown' ? undefined : ms(r.value.t);
}

interface Slot {
  group: Group;
  node: SpanNode;
}

function groupSpan(g: Group, t: number, record: RunRecord): SpanNode {
  if (g.kind === 'trial') {
    const node = span(`${GEN_AI_OPERATION.invokeAgent} ${g.phase}`, t, t, {
      [GEN_AI.operationName]: GEN_AI_OPERATION.invokeAgent,
      [GEN_AI.agentName]: g.phase,
      [GEN_AI.requestModel]: record.identity.runner,
      'fitness.trial.corr_id': g.key.slice('trial:'.length),
      'fitness.task.id': g.taskId,
      'fitness.phase': g.phase,
    });
    if (g.rep !== undefined) node.attributes['fitness.trial.rep'] = g.rep;
    return node;
  }
  if (g.kind === 'probe') return span(`probe ${g.probe}`, t, t, { 'fitness.probe': g.probe });
  if (g.kind === 'stage') return span(`stage ${g.stage}`, t, t, { 'fitness.stage': g.stage });
  return span('run', t, t);
}

/** How the trial ended, from its `fitness.trial` event on the agent plane. */
function noteTrialEnd(node: SpanNode, raw: unknown): void {
  const o = asRecord(raw);
  if (o === undefined) return;
  if (typeof o.checkPassed === 'boolean') node.attributes['fitness.trial.passed'] = o.checkPassed;
  if (typeof o.steps === 'number') node.attributes['fitness.trial.steps'] = o.steps;
  if (typeof o.exhausted === 'string') node.attributes['fitness.trial.exhausted'] = o.exhausted;
  if (typeof o.modelError === 'string') node.error = `model error ${o.modelError}`;
}

/**
 * The run as a span tree, timed by its tapes: the run span; under it a span per harness stage, the
 * probes, and a span per phase holding one `invoke_agent {phase}` span per trial; under those a
 * `chat {model}` span per generation and a client span per MCP request. Every gate decision is a
 * `gen_ai.evaluation.result` event on the run span. Content (arguments, results, model output) only
 * when asked, from the tapes given (callers pass redacted copies).
 */
export function runSpans(record: RunRecord, tapes: RunTapes, content = false): SpanNode {
  const start = ms(record.identity.startedAt) ?? 0;
  const root = span(
    `${PRODUCER} run ${record.identity.serverSlug}`,
    start,
    ms(record.identity.endedAt) ?? start,
    {
      [GEN_AI.operationName]: GEN_AI_OPERATION.invokeWorkflow,
      [GEN_AI.workflowName]: `${PRODUCER} run`,
      'fitness.run.id': record.runId,
      'fitness.server': record.identity.serverSlug,
      'fitness.outcome': record.outcome,
      'fitness.runner': record.identity.runner,
      'fitness.judge': record.identity.judge,
      'fitness.target.kind': record.identity.target.kind,
    },
  );
  if (record.identity.suiteHash) root.attributes['fitness.suite.hash'] = record.identity.suiteHash;
  if (record.void) root.error = `VOID ${record.void.reason}: ${record.void.detail}`;
  const slots = new Map<string, Slot>();
  const slot = (corr: string | undefined, t: number): SpanNode => {
    const group = groupOf(corr);
    if (group.kind === 'run') return root;
    let s = slots.get(group.key);
    if (s === undefined) {
      s = { group, node: groupSpan(group, t, record) };
      slots.set(group.key, s);
    }
    s.node.startMs = Math.min(s.node.startMs, t);
    s.node.endMs = Math.max(s.node.endMs, t);
    return s.node;
  };
  const planes: [string, Tape | undefined][] = [
    ['wire', tapes.wire],
    ['agent', tapes.agent],
    ['judge', tapes.judge],
  ];
  for (const [plane, tape] of planes) {
    for (const r of tape?.records ?? []) {
      const t = timeOf(r);
      if (t === undefined || r.type === 'end') continue;
      const node = slot(corrOf(r), t);
      if (r.type === 'turn') {
        const chat = chatSpan(r.value, r.line, plane, content);
        if (chat) node.children.push(chat);
        if (
          content &&
          r.value.role === 'user' &&
          node !== root &&
          node.attributes[GEN_AI.inputMessages] === undefined
        )
          node.attributes[GEN_AI.inputMessages] = contentText([{ role: 'user', parts: r.value.blocks }]);
      }
      if (r.type === 'event' && r.value.kind === EventKind.trial) noteTrialEnd(node, r.value.raw);
    }
  }
  const facts = wireFacts(tapes.wire, record.identity.target);
  for (const x of pairExchanges(tapes.wire.records).exchanges)
    slot(x.corrId, x.requestMs).children.push(mcpSpan(x, tapes.wire, facts, content));
  for (const s of slots.values()) if (s.group.kind === 'trial') endGenerations(s.node);
  root.children.push(...arrange([...slots.values()], start));
  cover(root);
  root.events.push(...gateEvents(record, root));
  return root;
}

/**
 * A turn's recorded timing covers its whole step: the generation and the tool calls it made. The
 * generation ends where the step's first tool call starts, so chat and tool spans never overlap.
 */
function endGenerations(trial: SpanNode): void {
  const calls = trial.children.filter(
    (c) => c.attributes[GEN_AI.operationName] === GEN_AI_OPERATION.executeTool,
  );
  for (const chat of trial.children) {
    if (chat.attributes[GEN_AI.operationName] !== GEN_AI_OPERATION.chat) continue;
    for (const call of calls)
      if (call.startMs >= chat.startMs && call.startMs < chat.endMs) chat.endMs = call.startMs;
  }
}

/** Stages and probes as they are; trials under one span per phase, in pipeline order. */
function arrange(slots: readonly Slot[], start: number): SpanNode[] {
  const out: SpanNode[] = [];
  const probes = slots.filter((s) => s.group.kind === 'probe').map((s) => s.node);
  if (probes.length > 0) out.push({ ...span('probes', start, start), children: probes });
  for (const s of slots) if (s.group.kind === 'stage') out.push(s.node);
  for (const phase of Phase.options) {
    const trials = slots
      .filter((s) => s.group.kind === 'trial' && s.group.phase === phase)
      .map((s) => s.node);
    if (trials.length === 0) continue;
    const node = span(`phase ${phase}`, start, start, {
      'fitness.phase': phase,
      'fitness.trials': trials.length,
    });
    node.startMs = Math.min(...trials.map((t) => t.startMs));
    node.children = trials;
    const passed = trials.filter((t) => t.attributes['fitness.trial.passed'] === true).length;
    node.attributes['fitness.trials.passed'] = passed;
    out.push(node);
  }
  return out.map((n) =>
    n.name === 'probes' ? { ...n, startMs: Math.min(...n.children.map((c) => c.startMs)) } : n,
  );
}
