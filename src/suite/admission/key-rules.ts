import { findLeak } from '../../core/leak.js';
import {
  bindCheck,
  evaluateAnswerCheck,
  evaluateCheck,
  permissiveProblem,
  referenceAnswer,
} from '../checks.js';
import type { Check } from '../schema.js';
import type { ToolCallOutcome, ToolSurface } from '../surface.js';
import { type Rejection, reject } from './types.js';

/** Rules that need the execution-grounded key. */

export function answerLeak(
  key: unknown,
  prompt: string,
  boundArguments: readonly Record<string, unknown>[],
): Rejection | undefined {
  const haystacks = [
    { where: 'prompt', text: prompt },
    ...boundArguments.map((args, step) => ({ where: `step ${step} arguments`, text: JSON.stringify(args) })),
  ];
  const hit = findLeak(key, haystacks);
  return hit === undefined
    ? undefined
    : reject('answer-leak', `key phrase "${hit.phrase}" appears in the ${hit.where}`, {
        phrase: hit.phrase,
        where: hit.where,
      });
}

/**
 * Context the agent reads before it calls anything. Input schemas count as description text:
 * an enum or example that spells the key out leaks it as surely as the description does.
 */
export function contextHaystacks(surface: ToolSurface): { where: string; text: string }[] {
  const haystacks: { where: string; text: string }[] = [];
  if (surface.instructions !== undefined)
    haystacks.push({ where: 'server instructions', text: surface.instructions });
  for (const tool of surface.tools) {
    if (tool.description !== undefined)
      haystacks.push({ where: `description of ${tool.name}`, text: tool.description });
    haystacks.push({ where: `inputSchema of ${tool.name}`, text: JSON.stringify(tool.inputSchema) });
  }
  return haystacks;
}

export function contextLeak(key: unknown, surface: ToolSurface): Rejection | undefined {
  const hit = findLeak(key, contextHaystacks(surface), { minPhrase: 6 });
  return hit === undefined
    ? undefined
    : reject('context-leak', `key phrase "${hit.phrase}" appears in the ${hit.where}`, {
        phrase: hit.phrase,
        where: hit.where,
      });
}

/**
 * Binds the check to the key and proves a reference answer passes it. For `state` checks the
 * proof is the verification call itself, made right after the plan (`verify`).
 */
export async function bindAndProve(
  check: Check,
  key: unknown,
  verify: (call: { tool: string; arguments: Record<string, unknown> }) => Promise<ToolCallOutcome>,
): Promise<{ ok: true; check: Check } | { ok: false; rejection: Rejection }> {
  const bound = bindCheck(check, key);
  if (!bound.ok) return { ok: false, rejection: reject('check-invalid', bound.detail, { check }) };
  if (bound.check.kind === 'state') {
    const verification = await verify(bound.check.call);
    const result = evaluateCheck(bound.check, { answer: '', verification });
    return result.pass
      ? { ok: true, check: bound.check }
      : {
          ok: false,
          rejection: reject('check-invalid', `after the plan, ${result.detail}`, { check: bound.check }),
        };
  }
  const reference = referenceAnswer(bound.check, key);
  const result = evaluateAnswerCheck(bound.check, reference);
  return result.pass
    ? { ok: true, check: bound.check }
    : {
        ok: false,
        rejection: reject('check-invalid', `the check rejects the grounded key: ${result.detail}`, {
          check: bound.check,
          reference,
        }),
      };
}

export function checkTooPermissive(check: Check): Rejection | undefined {
  const problem = permissiveProblem(check);
  return problem === undefined ? undefined : reject('check-too-permissive', problem, { check });
}

/** A prompt that already passes its own check needs no server (state checks do not read answers). */
export function checkMatchesPrompt(check: Check, prompt: string): Rejection | undefined {
  if (check.kind === 'state') return undefined;
  const result = evaluateAnswerCheck(check, prompt);
  return result.pass
    ? reject('check-matches-prompt', `the prompt alone passes: ${result.detail}`, { check })
    : undefined;
}
