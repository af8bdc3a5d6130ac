import type { NullBaselineGate } from '../record/gate.js';
import type { SignalSource } from '../record/outcome.js';
import { NullPhase } from '../tape/phases.js';
import { plural, rate } from './format.js';

/**
 * What a null_baseline decision says, in words, from the gate record's own numbers: the one wording
 * table every display of the gate reads (its `explain`, written by `nullBaselineGate`; the board's
 * "why" story; the CLI outcome line, which prints `explain`). A pure function of the gate record,
 * so `verify`, re-deciding the gate, re-derives the same words.
 *
 * Principle: **a null that reaches the line shows what the answers did not need, and the weakest
 * null that reached it says what**: with no tools at all, the answers did not need the server; with
 * tools that answer empty, they did not need its real results; with random valid arguments (and the
 * weaker nulls below the line), they did not need the arguments the agent chose: the server ignores
 * them, or its answers to other values hold the same keys; a statement about how the server answers.
 */

/** The nulls run in `NullPhase` order, from the one that uses the least of the server to the one that uses the most. */
/** Each null in words: what the model stood in for the agent with. */
export const NULL_LABELS: Readonly<Record<NullPhase, string>> = {
  'null-no-tools': 'no tools at all',
  'null-stubbed-empty': 'tools that answer empty',
  'null-random-args': 'tools called with random valid arguments',
};

export const SOURCE_TEXT: Readonly<Record<SignalSource, string>> = {
  ceiling: 'the ceiling S = 1 (decided before any paid call)',
  reference: "the reference agent's rate",
  first_try: 'the first-try rate',
};

/** Which reading a decision has: the weakest null at the line (a KILL), or why there is none. */
export type NullReadingKind = NullPhase | 'below-line' | 'no-signal' | 'not-measured';

/** What a reading is a statement about. */
export type NullReadingAbout = 'tasks' | 'server' | 'measurement';

/** The fields of a gate record the words are made from (a sealed record, or one being sealed). */
export type NullGateView = Pick<
  NullBaselineGate,
  | 'verdict'
  | 'reason'
  | 'signalSource'
  | 'nullRates'
  | 'notMeasured'
  | 'cutoff'
  | 'signal'
  | 'tNull'
  | 'ratio'
  | 'percentile'
>;

interface Row {
  about: NullReadingAbout;
  /** What the reading says, from the gate's numbers (after the nulls and their counts, for a kill). */
  says: (gate: NullGateView) => string;
}

/** The wording table: one row per reading. */
export const NULL_READINGS: Readonly<Record<NullReadingKind, Row>> = {
  'null-no-tools': {
    about: 'tasks',
    says: () =>
      'the tasks are answerable without the server, so the suite does not measure it: a finding about the generated tasks, not about the server',
  },
  'null-stubbed-empty': {
    about: 'tasks',
    says: () =>
      "the answers are reachable without the server's real results, so the suite does not measure what the server returns: a finding about the generated tasks and their checks, not about the server",
  },
  'null-random-args': {
    about: 'server',
    says: () =>
      'the keys do not depend on the arguments the agent chose: calls with random valid arguments reach them too (the server ignores those arguments, or its answers to other values show the same keys): a statement about how the server answers, not about the agent',
  },
  'below-line': { about: 'measurement', says: () => 'the nulls stay below the line' },
  'no-signal': {
    about: 'measurement',
    says: (g) =>
      `The signal, ${SOURCE_TEXT[g.signalSource]}, is 0, so no null rate (${ratesText(g)}) can be read against it`,
  },
  'not-measured': {
    about: 'measurement',
    says: (g) => `Not measured: ${missingText(g)}; an indeterminate baseline halts the run like a failed one`,
  },
};

export interface NullReading {
  kind: NullReadingKind;
  about: NullReadingAbout;
  /** The nulls at or above the line, weakest first (empty unless the gate killed). */
  reached: NullPhase[];
  /** The deciding sentence, without its final full stop. */
  sentence: string;
}

export function notApplicableText(n: number): string {
  return `none of its ${plural(n, 'trial')} was applicable: every randomised call equalled the agent's own`;
}

/** One null's measurement as the sentences print it: `null-random-args 8 of 8`, or why it has none. */
function counts(gate: NullGateView, phase: NullPhase): string {
  const r = gate.nullRates[phase];
  const none = gate.notMeasured?.[phase];
  if (r === undefined)
    return none === undefined
      ? `${phase} not measured`
      : `${phase} not measured (${notApplicableText(none.notApplicable)})`;
  const na = r.notApplicable ? `, ${r.notApplicable} not applicable` : '';
  return `${phase} ${r.k} of ${r.n}${na}`;
}

/** The nulls at or above the line, weakest first. */
export function nullsAtLine(gate: NullGateView): NullPhase[] {
  const cutoff = gate.cutoff;
  if (cutoff === undefined) return [];
  return NullPhase.options.filter((p) => {
    const r = gate.nullRates[p];
    return r !== undefined && r.rate >= cutoff;
  });
}

/** The phases T_null could not be read from (not measured), with why; and a missing signal. */
function missingText(gate: NullGateView): string {
  return [
    ...NullPhase.options
      .filter((p) => !gate.nullRates[p])
      .map((p) => {
        const none = gate.notMeasured?.[p];
        return none === undefined ? p : `${p} (${notApplicableText(none.notApplicable)})`;
      }),
    ...(gate.signal === undefined ? [`the signal (${gate.signalSource})`] : []),
  ].join(', ');
}

/** Every null's rate, as the T_null line prints them. */
export function ratesText(gate: NullGateView): string {
  return NullPhase.options
    .map((p) => {
      const none = gate.notMeasured?.[p];
      if (none !== undefined) return `${p} not measured (${notApplicableText(none.notApplicable)})`;
      const r = gate.nullRates[p];
      const na = r?.notApplicable
        ? ` over ${plural(r.n, 'applicable trial')}, ${r.notApplicable} not applicable`
        : '';
      return `${p} ${rate(r?.rate ?? 0)}${na}`;
    })
    .join(', ');
}

function killSentence(gate: NullGateView, reached: readonly NullPhase[]): string {
  const weakest = reached[0] as NullPhase;
  const below = NullPhase.options.filter((p) => !reached.includes(p));
  const lead =
    reached.length === 1
      ? `Only the null with ${NULL_LABELS[weakest]} reached the line`
      : `The nulls with ${reached.map((p) => NULL_LABELS[p]).join(' and ')} reached the line`;
  const numbers = [
    reached.map((p) => counts(gate, p)).join(', '),
    ...(below.length === 0 ? [] : [`below it: ${below.map((p) => counts(gate, p)).join(', ')}`]),
  ].join('; ');
  return `${lead} (${numbers}): ${NULL_READINGS[weakest].says(gate)}`;
}

/** The reading of a null_baseline decision, from its record alone. */
export function nullReading(gate: NullGateView): NullReading {
  const reading = (kind: NullReadingKind, reached: NullPhase[] = []): NullReading => ({
    kind,
    about: NULL_READINGS[kind].about,
    reached,
    sentence: reached.length > 0 ? killSentence(gate, reached) : NULL_READINGS[kind].says(gate),
  });
  if (gate.reason === 'no_measurements') return reading('not-measured');
  if (gate.reason === 'degenerate_no_signal') return reading('no-signal');
  const reached = nullsAtLine(gate);
  const weakest = reached[0];
  if (gate.verdict !== 'KILL' || weakest === undefined) return reading('below-line');
  return reading(weakest, reached);
}

/** The comparison itself: T_null against ratio × S, with every null's rate; undefined when not made. */
export function comparisonText(gate: NullGateView): string | undefined {
  const { tNull, signal, cutoff } = gate;
  if (tNull === undefined || signal === undefined || cutoff === undefined) return undefined;
  return `T_null (p${gate.percentile} of ${ratesText(gate)}) is ${rate(tNull)} against ${rate(gate.ratio)} × ${rate(signal)} = ${rate(cutoff)}, with S from ${SOURCE_TEXT[gate.signalSource]}`;
}

/**
 * The gate's `explain`: the deciding sentence first, then the comparison it rests on, then a
 * curtailment's line (from `curtail.ts`) when the nulls stopped early.
 */
export function nullExplain(gate: NullGateView, curtailed?: string): string {
  const r = nullReading(gate);
  const comparison = comparisonText(gate);
  const tail = curtailed === undefined ? '' : ` The nulls were ${curtailed}.`;
  if (r.kind === 'below-line') return `${comparison ?? 'T_null not compared'}: ${r.sentence}.${tail}`;
  if (comparison === undefined || r.about === 'measurement') return `${r.sentence}.${tail}`;
  return `${r.sentence}. ${comparison}.${tail}`;
}
