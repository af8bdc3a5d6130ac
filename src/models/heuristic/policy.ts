import type { LanguageModelV3FunctionTool } from '@ai-sdk/provider';
import { isRecord } from '../../core/json.js';
import { containsNormalised } from '../../suite/normalise.js';
import { evaluateArithmetic } from './arithmetic.js';
import type { Conversation, PastCall } from './conversation.js';
import { fillArguments } from './fill.js';
import { focusedAnswer } from './focus.js';
import { harvestFrom, isListLike, listedNoun } from './harvest.js';
import { rankTools, terms } from './lexical.js';
import { findPlan, type PlanStep, resolveRefs, UnresolvedReference } from './plan.js';
import { relevantText } from './results.js';
import { choosingWords, handedField, statedSteps, withoutHandOff } from './steps.js';

export type Action =
  | { kind: 'call'; toolName: string; input: Record<string, unknown> }
  | { kind: 'answer'; text: string };

export const UNKNOWN = 'UNKNOWN';
/** Tool calls the lexical policy makes at most (the first call plus chained ones). */
export const MAX_LEXICAL_CALLS = 3;
// A weaker tool is only preferred over the best match when it is at least this good a match.
const MIN_RELATIVE_SCORE = 0.25;

export class BadPlanError extends Error {}

export interface PolicyInput {
  conversation: Conversation;
  /** Tools the call options offer, already narrowed by toolChoice ('none' → empty). */
  tools: LanguageModelV3FunctionTool[];
  /** toolChoice 'required' or a named tool: call one if there is any. */
  mustCall: boolean;
}

/**
 * The answer: from the last usable tool result, the one value the task asks for when the result is
 * a listing that singles it out, else the result's text; else arithmetic in the task, else UNKNOWN.
 */
export function answer(conversation: Conversation): Action {
  for (let i = conversation.calls.length - 1; i >= 0; i--) {
    const outcome = conversation.calls[i]?.outcome;
    const text = outcome === undefined ? undefined : relevantText(outcome);
    if (outcome !== undefined && text !== undefined)
      return { kind: 'answer', text: focusedAnswer(question(conversation.task), outcome) ?? text };
  }
  return { kind: 'answer', text: evaluateArithmetic(conversation.task) ?? UNKNOWN };
}

/** The step that asks the question: the last one a task states (earlier steps' "whose …" found earlier entries). */
function question(task: string): string {
  return statedSteps(task).at(-1) ?? task;
}

const EXPECTED = /^Expected answer: (.+)$/m;

/**
 * The reference agent's answer once its plan ran: the expected answer it was handed, but only when
 * the last result really carries it (confirmed through the server); otherwise what it found.
 */
function confirmedAnswer(conversation: Conversation): Action {
  const expected = EXPECTED.exec(conversation.system)?.[1]?.trim();
  const last = conversation.calls.at(-1)?.outcome;
  if (expected !== undefined && last?.ok === true) {
    const carried = `${last.text}\n${last.data === undefined ? '' : JSON.stringify(last.data)}`;
    if (containsNormalised(carried, expected)) return { kind: 'answer', text: expected };
  }
  return answer(conversation);
}

function followPlan(steps: PlanStep[], input: PolicyInput): Action {
  const { calls } = input.conversation;
  if (calls.length >= steps.length || calls.some((c) => c.outcome?.ok !== true))
    return confirmedAnswer(input.conversation);
  const step = steps[calls.length];
  if (step === undefined || !input.tools.some((t) => t.name === step.tool)) return answer(input.conversation);
  try {
    const args = resolveRefs(
      step.arguments,
      calls.map((c) => c.outcome?.data),
    );
    // Arguments that are one `$from` as a whole can resolve to a non-object: no call to make then.
    if (!isRecord(args)) return answer(input.conversation);
    return { kind: 'call', toolName: step.tool, input: args };
  } catch (err) {
    if (err instanceof UnresolvedReference) return answer(input.conversation);
    throw err;
  }
}

/**
 * The best-matching tool whose required arguments the task can fill; when the best match needs a
 * value the task does not give (an id), a weaker match callable with evidence goes first, as a
 * model would list users before getting one, and the chain step below feeds the id onward.
 */
function firstCall(input: PolicyInput): Action {
  const ranking = rankTools(choosingWords(input.conversation.task), input.tools);
  const best = ranking[0];
  if (best === undefined || (best.score <= 0 && !input.mustCall)) return answer(input.conversation);
  for (const candidate of ranking) {
    if (candidate.score <= 0 || candidate.score < best.score * MIN_RELATIVE_SCORE) break;
    const fill = fillArguments(
      candidate.tool.inputSchema,
      input.conversation.task,
      undefined,
      candidate.tool.description,
    );
    if (fill.guessed.length === 0) return { kind: 'call', toolName: candidate.tool.name, input: fill.args };
  }
  const { args } = fillArguments(
    best.tool.inputSchema,
    input.conversation.task,
    undefined,
    best.tool.description,
  );
  return { kind: 'call', toolName: best.tool.name, input: args };
}

const DETAIL_CUES = [
  'detail',
  'full',
  'more',
  'describe',
  'description',
  'profile',
  'info',
  'information',
  'complete',
];

/**
 * After a list-like result, chain one more call when a tool not yet called needs a value only that
 * result supplies (a list's id for a get-by-id tool). The tool must match the task by a name term
 * the called tool lacks, and either the task asks for details or it matches at least as well.
 */
function chainedCall(input: PolicyInput, last: PastCall): Action | undefined {
  const { task, calls } = input.conversation;
  const harvest = harvestFrom(last.outcome?.data, task, {
    listed: listedNoun(last.toolName),
    descriptions: descriptionsOf(input.tools, [last.toolName]),
  });
  if (harvest === undefined) return undefined;
  const taskTerms = terms(task);
  const lastNameTerms = terms(last.toolName);
  const ranking = rankTools(choosingWords(task), input.tools);
  const lastScore = ranking.find((r) => r.tool.name === last.toolName)?.score ?? 0;
  const wantsDetail = [...taskTerms].some((t) => DETAIL_CUES.includes(t));
  const called = new Set(calls.map((c) => c.toolName));
  for (const candidate of ranking) {
    if (called.has(candidate.tool.name) || candidate.score <= 0) continue;
    if (!wantsDetail && candidate.score < lastScore) continue;
    const ownTerm = [...terms(candidate.tool.name)].some((t) => taskTerms.has(t) && !lastNameTerms.has(t));
    if (!ownTerm) continue;
    const fill = fillArguments(candidate.tool.inputSchema, task, harvest, candidate.tool.description);
    if (fill.harvested.length > 0 && fill.guessed.length === 0) {
      return { kind: 'call', toolName: candidate.tool.name, input: fill.args };
    }
  }
  return undefined;
}

/**
 * A task that states its steps in order is done in that order: call k serves step k, its tool the
 * best match for that step's own words and its arguments filled from that step, with what the step
 * before found (the entry it names, the field it says to hand on). A failed or empty step ends it.
 */
function stepCall(input: PolicyInput, steps: readonly string[]): Action {
  const { conversation } = input;
  const { calls } = conversation;
  const last = calls.at(-1);
  const step = steps[calls.length];
  if (step === undefined) return answer(conversation);
  if (last !== undefined && (last.outcome === undefined || relevantText(last.outcome) === undefined))
    return answer(conversation);
  const best = rankTools(choosingWords(step), input.tools)[0];
  if (best === undefined || best.score <= 0) return answer(conversation);
  const earlier = steps[calls.length - 1] ?? '';
  const harvest =
    last === undefined
      ? undefined
      : harvestFrom(last.outcome?.data, earlier, {
          listed: listedNoun(last.toolName),
          handed: handedField(earlier, step),
          descriptions: descriptionsOf(input.tools, [last.toolName, best.tool.name]),
        });
  const { args } = fillArguments(best.tool.inputSchema, withoutHandOff(step), harvest, best.tool.description);
  return { kind: 'call', toolName: best.tool.name, input: args };
}

/** The named tools' descriptions, as the call options carry them. */
function descriptionsOf(tools: readonly LanguageModelV3FunctionTool[], names: readonly string[]): string[] {
  return tools.flatMap((t) => (names.includes(t.name) && t.description !== undefined ? [t.description] : []));
}

/** The heuristic's whole decision for one step. */
export function decide(input: PolicyInput): Action {
  const { conversation } = input;
  const plan = findPlan(`${conversation.system}\n${conversation.task}`);
  if (plan.kind === 'invalid') throw new BadPlanError(plan.reason);
  if (plan.kind === 'plan') return followPlan(plan.steps, input);
  if (input.tools.length === 0) return answer(conversation);
  const steps = statedSteps(conversation.task);
  if (steps.length > 1) return stepCall(input, steps);
  const last = conversation.calls[conversation.calls.length - 1];
  if (last === undefined) return firstCall(input);
  if (conversation.calls.length >= MAX_LEXICAL_CALLS || last.outcome === undefined)
    return answer(conversation);
  if (!last.outcome.ok || relevantText(last.outcome) === undefined) return answer(conversation);
  if (!isListLike(last.outcome.data)) return answer(conversation);
  return chainedCall(input, last) ?? answer(conversation);
}
