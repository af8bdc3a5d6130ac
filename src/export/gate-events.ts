import type { RunRecord } from '../record/index.js';
import { NullPhase, Phase } from '../tape/phases.js';
import { EVENT_EVALUATION_RESULT, GEN_AI } from './conventions.js';
import type { Attributes, SpanEvent, SpanNode } from './span-tree.js';

type Gate = RunRecord['gates'][number];

/** The end of the latest phase span among `phases`, if any ran. */
function phaseEnd(root: SpanNode, phases: readonly string[]): number | undefined {
  const ends = root.children
    .filter((c) => phases.includes(String(c.attributes['fitness.phase'])))
    .map((c) => c.endMs);
  return ends.length === 0 ? undefined : Math.max(...ends);
}

function phaseStart(root: SpanNode, phases: readonly string[]): number | undefined {
  const starts = root.children
    .filter((c) => phases.includes(String(c.attributes['fitness.phase'])))
    .map((c) => c.startMs);
  return starts.length === 0 ? undefined : Math.min(...starts);
}

/** The phases of gate trials: every trial phase after the screen. */
const TRIALS = Phase.options.filter((p) => p !== 'screen');

/**
 * When a gate was decided, from the tapes: the free gates before the first gate trial, the null
 * baseline after the null phases (re-decided after the drive when one ran), construct after its
 * phase. The record stores no decision times, so the run's end stands in when no phase tells.
 */
function decidedAt(gate: Gate, root: SpanNode): number {
  if (gate.tier === 'free') return phaseStart(root, TRIALS) ?? root.endMs;
  if (gate.gate === 'null_baseline')
    return phaseEnd(root, ['drive']) ?? phaseEnd(root, NullPhase.options) ?? root.endMs;
  if (gate.gate === 'construct') return phaseEnd(root, ['construct']) ?? root.endMs;
  return root.endMs;
}

function scoreOf(gate: Gate): number | undefined {
  const g: Record<string, unknown> = { ...gate };
  for (const key of ['rate', 'tNull', 'admissionRate', 'achievedPower']) {
    const v = g[key];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return undefined;
}

/** One `gen_ai.evaluation.result` event per gate decision, in decision order, plus the score. */
export function gateEvents(record: RunRecord, root: SpanNode): SpanEvent[] {
  const events: SpanEvent[] = record.gates.map((gate) => {
    const attributes: Attributes = {
      [GEN_AI.evaluationName]: gate.gate,
      [GEN_AI.evaluationScoreLabel]: gate.verdict,
      [GEN_AI.evaluationExplanation]: gate.explain,
      'fitness.gate.tier': gate.tier,
    };
    const score = scoreOf(gate);
    if (score !== undefined) attributes[GEN_AI.evaluationScoreValue] = score;
    if (gate.outcome !== undefined) attributes['fitness.outcome'] = gate.outcome;
    return { name: EVENT_EVALUATION_RESULT, timeMs: decidedAt(gate, root), attributes };
  });
  const first = record.score?.firstTry;
  if (first !== undefined) {
    events.push({
      name: EVENT_EVALUATION_RESULT,
      timeMs: root.endMs,
      attributes: {
        [GEN_AI.evaluationName]: 'first_try',
        [GEN_AI.evaluationScoreLabel]: record.outcome,
        [GEN_AI.evaluationScoreValue]: first.wilson.point,
        [GEN_AI.evaluationExplanation]: `first try ${first.k} of ${first.n} trials (${first.clustered ? `95% ${first.clustered.wilson.lower.toFixed(3)}–${first.clustered.wilson.upper.toFixed(3)} clustered by task, n_eff ${first.clustered.nEff.toFixed(1)}; ` : ''}plain Wilson 95% ${first.wilson.lower.toFixed(3)}–${first.wilson.upper.toFixed(3)})`,
      },
    });
  }
  return events;
}
