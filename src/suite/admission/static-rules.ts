import { staticCheckProblem } from '../checks.js';
import { findHandles } from '../handles.js';
import { compileRegex } from '../regex.js';
import type { Candidate } from '../schema.js';
import { findTool } from '../surface.js';
import { type Rejection, type Rule, type RuleContext, reject } from './types.js';

/**
 * Rules that need neither the server nor the key; they run before any plan call so that a
 * candidate that could never be admitted costs the server nothing.
 */

// Ids appear in corr ids (`<id>::screen`) and file names, so they stay plain.
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
// Template slots a generator forgot to fill: {id}, {{ id }}, ${id}, <id>.
const PLACEHOLDER = /\{\{?\s*[A-Za-z_][\w.-]*\s*\}\}?|\$\{[^}]*\}|<[A-Za-z_][\w.-]*>/;

/** The strings a plan sends, at any depth of its steps' arguments. */
function sentStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(sentStrings);
  return value !== null && typeof value === 'object' ? Object.values(value).flatMap(sentStrings) : [];
}

/**
 * The prompt's own words: without the values its plan sends, which may hold anything the server
 * wrote (a design variant named `<Default>` is the server's value, not a slot we forgot to fill).
 */
function ownText(candidate: Candidate): string {
  // A value shorter than the shortest slot (`<a>`) holds none: removing it would only mangle the text.
  const sent = candidate.plan.flatMap((step) => sentStrings(step.arguments)).filter((v) => v.length >= 3);
  return sent.reduce((text, value) => text.split(value).join(''), candidate.prompt);
}

export const malformed: Rule = (candidate) => {
  const fail = (detail: string, evidence: Record<string, unknown> = {}) =>
    reject('malformed', detail, evidence);
  if (!ID.test(candidate.id)) return fail('id must be 1-64 chars of [A-Za-z0-9._-]', { id: candidate.id });
  if (candidate.prompt.trim() === '') return fail('empty prompt');
  const slot = PLACEHOLDER.exec(ownText(candidate));
  if (slot !== null) return fail(`unbound placeholder ${slot[0]} in the prompt`, { placeholder: slot[0] });
  if (candidate.serverRequiredBecause.trim() === '') return fail('serverRequiredBecause is empty');
  if (candidate.plan.length === 0) return fail('the plan has no steps');
  for (const [index, step] of candidate.plan.entries()) {
    for (const site of findHandles(step.arguments)) {
      if (site.problem !== undefined) return fail(`step ${index} ${site.path}: ${site.problem}`);
      if (site.handle !== undefined && site.handle.$from.step >= index) {
        return fail(
          `step ${index} ${site.path}: $from step ${site.handle.$from.step} is not an earlier step`,
        );
      }
    }
  }
  if (candidate.check.kind === 'state' && findHandles(candidate.check.call.arguments).length > 0) {
    return fail('the state verification call cannot use $from: it runs after the trial, not after the plan');
  }
  if (candidate.extract.kind === 'regex') {
    const compiled = compileRegex(candidate.extract.pattern, candidate.extract.flags);
    if (!compiled.ok) return fail(`extract ${compiled.detail}`, { extract: candidate.extract });
  }
  const last = candidate.plan[candidate.plan.length - 1];
  if (
    last !== undefined &&
    candidate.expectedTools.length > 0 &&
    !candidate.expectedTools.includes(last.tool)
  ) {
    // The construct gate requires a successful call to an expected tool that carries the key.
    return fail(`the key comes from ${last.tool}, which is not an expected tool`);
  }
  return undefined;
};

export const noExpectedTools: Rule = (candidate) =>
  candidate.expectedTools.length === 0 ? reject('no-expected-tools', 'expectedTools is empty') : undefined;

export function toolsOf(candidate: Candidate): string[] {
  const names = [...candidate.expectedTools, ...candidate.plan.map((step) => step.tool)];
  if (candidate.check.kind === 'state') names.push(candidate.check.call.tool);
  return [...new Set(names)];
}

export const unknownTool: Rule = (candidate, context) => {
  const unknown = toolsOf(candidate).filter((name) => findTool(context.surface, name) === undefined);
  return unknown.length === 0
    ? undefined
    : reject('unknown-tool', `not on the surface: ${unknown.join(', ')}`, { unknown });
};

export const checkInvalidStatic: Rule = (candidate, context) => {
  const problem = staticCheckProblem(candidate.check);
  if (problem !== undefined) return reject('check-invalid', problem, { check: candidate.check });
  if (candidate.check.kind === 'state') {
    const tool = candidate.check.call.tool;
    // The verification call runs after every trial: it must not change what it verifies.
    if (context.safety.get(tool)?.readOnly !== true) {
      return reject('check-invalid', `state verification tool ${tool} is not read-only`, { tool });
    }
  }
  return undefined;
};

export function isDestructive(candidate: Candidate, context: RuleContext): boolean {
  // A generator's own claim that a task is destructive is honoured: fail closed.
  return (
    candidate.destructive === true ||
    toolsOf(candidate).some((name) => context.safety.get(name)?.destructive !== false)
  );
}

export const destructiveExcluded: Rule = (candidate, context) => {
  if (context.allowDestructive || !isDestructive(candidate, context)) return undefined;
  const tools = toolsOf(candidate).filter((name) => context.safety.get(name)?.destructive !== false);
  return reject(
    'destructive-excluded',
    `destructive tools not allowed in this run: ${tools.join(', ') || '(claimed by the generator)'}`,
    {
      tools,
    },
  );
};

/** Steps without handles are validated before anything runs; bound steps at execution time. */
export const argumentsInvalidStatic: Rule = (candidate, context) => {
  const calls = candidate.plan.map((step, index) => ({ where: `step ${index}`, step }));
  if (candidate.check.kind === 'state')
    calls.push({ where: 'state verification call', step: candidate.check.call });
  for (const { where, step } of calls) {
    if (findHandles(step.arguments).length > 0) continue;
    const problem = context.validator.check(step.tool, step.arguments);
    if (problem !== undefined) {
      return reject('arguments-invalid', `${where} (${step.tool}): ${problem}`, {
        tool: step.tool,
        arguments: step.arguments,
      });
    }
  }
  return undefined;
};

/** In the order docs/design.md §5.3 lists them; the first rejection is the candidate's fate. */
/**
 * key-unstable before any execution: a tool whose answer depends on the current time (its basis
 * says so) yields a different key tomorrow, however equal two executions today are.
 */
const timeDependent: Rule = (candidate, context) => {
  const step = candidate.plan.find((s) => context.safety.get(s.tool)?.timeDependent === true);
  return step === undefined
    ? undefined
    : reject('key-unstable', `${step.tool} answers from the current time: its values are never keys`, {
        tool: step.tool,
      });
};

export const STATIC_RULES: readonly Rule[] = [
  malformed,
  noExpectedTools,
  unknownTool,
  checkInvalidStatic,
  destructiveExcluded,
  argumentsInvalidStatic,
  timeDependent,
];

export function firstRejection(
  rules: readonly Rule[],
  candidate: Candidate,
  context: RuleContext,
): Rejection | undefined {
  for (const rule of rules) {
    const rejection = rule(candidate, context);
    if (rejection !== undefined) return rejection;
  }
  return undefined;
}
