import { canonicalJson } from '../../core/canonical.js';
import { readResult } from '../extract.js';
import { leavesOf } from '../facts/leaves.js';
import { jsonAt, jsonSpansIn } from '../json-in-text.js';
import { deriveSeed, mulberry32 } from '../prng.js';
import type { PlanStep } from '../schema.js';
import { JsonObject, type ToolDescriptor } from '../surface.js';
import { argumentSets } from './argument-sets.js';
import { errorText, type FirstAsk } from './named-tools.js';
import { paramsOf } from './params.js';
import type { Exploration, ToolPlan } from './walk.js';

/**
 * The session-preparing call (docs/suite.md, "A call the server asks for first"). Principle: when,
 * before anything usable was read, most errors say one other tool must be called first, the server is
 * saying a session starts with that call; exploration makes it once, when the run may call that
 * tool, and every plan then begins with it, so the fresh process of the stability check and every
 * trial's reference start the same way.
 */

/** The tool most errors asked for first, when at least half of all errors so far did. */
export function askedFirst(
  asks: ReadonlyMap<string, FirstAsk>,
  errors: number,
): { tool: string; ask: FirstAsk } | undefined {
  let best: { tool: string; ask: FirstAsk } | undefined;
  for (const [tool, ask] of asks) if (ask.errors > (best?.ask.errors ?? 0)) best = { tool, ask };
  return best !== undefined && best.ask.errors * 2 >= errors ? best : undefined;
}

/** A call an error spells out, `name({ … })`, read as JSON (in the text, or in a JSON error's strings). */
export function prescribedArguments(texts: readonly string[], name: string): Record<string, unknown>[] {
  const out = new Map<string, Record<string, unknown>>();
  const call = `${name}(`;
  for (const text of texts.flatMap((t) => [t, ...stringsIn(t)])) {
    for (let at = text.indexOf(call); at >= 0; at = text.indexOf(call, at + call.length)) {
      const rest = text.slice(at + call.length).trimStart();
      if (!rest.startsWith('{')) continue;
      const value = JsonObject.safeParse(jsonAt(rest.slice(0, 2000), 0));
      if (value.success) out.set(canonicalJson(value.data), value.data);
    }
  }
  return [...out.values()];
}

/** The strings of a JSON error ("{"code": …, "message": "… call: x({ \"config\": {} })"}"). */
function stringsIn(text: string): string[] {
  return jsonSpansIn(text).flatMap((span) =>
    leavesOf(span.value).flatMap((leaf) => (typeof leaf.value === 'string' ? [leaf.value] : [])),
  );
}

/** Why the run may not call it, or undefined when it may: read-only, declared non-destructive, or allowed. */
export function whyNotCalled(plan: Pick<ToolPlan, 'safety'>): string | undefined {
  const safety = plan.safety;
  if (safety?.explorable === true || safety?.destructive === false) return undefined;
  return `${safety?.basisDetail ?? 'not declared'}, and no annotation says it does not destroy (destructiveHint: false); a tool that may destroy is called only with --allow-destructive`;
}

/** The arguments to prepare with: a call the errors spell out, else the given context's or its enums' values. */
function preparingArguments(run: Exploration, tool: ToolDescriptor, texts: readonly string[]) {
  const random = mulberry32(deriveSeed(run.options.seed, `prepare:${tool.name}`));
  const planned = argumentSets(tool, paramsOf(tool), [], run.options.given, {
    tried: new Set(),
    limit: 4,
    random,
    failed: new Set(),
  })
    .filter((set) => Object.values(set.supplies).every((s) => s.origin !== 'schema'))
    .map((set) => set.args);
  return [...prescribedArguments(texts, tool.name), ...planned].find(
    (args) => run.validator.check(tool.name, args) === undefined,
  );
}

/**
 * Makes the preparing call the first hop's errors asked for, once. Returns the plan step every
 * plan begins with, or undefined (the tool's ledger entry says why: not allowed, no arguments, or
 * its answer was an error).
 */
export async function prepare(
  run: Exploration,
  plan: ToolPlan,
  ask: FirstAsk,
): Promise<PlanStep | undefined> {
  const asked = `${ask.errors} error(s) said ${plan.tool.name} must be called first`;
  const not = whyNotCalled(plan);
  if (not !== undefined) {
    plan.tally.skip(`not called to prepare the session (${asked}): ${not}`);
    return undefined;
  }
  const args = preparingArguments(run, plan.tool, ask.texts);
  if (args === undefined) {
    plan.tally.skip(
      `not called to prepare the session (${asked}): no call its errors spelled out, no given value and no enum fitted its inputSchema`,
    );
    return undefined;
  }
  const made = await run.invoke(plan, { args, supplies: {} });
  // An answer counts as done as admission reads one: not isError, and no failure said in its JSON.
  if (made.outcome.kind === 'error' || !readResult(made.outcome.result).ok) {
    plan.tally.errors++;
    plan.tally.skip(
      `called once to prepare the session (${asked}); it answered an error: ${errorText(made.outcome).slice(0, 160)}`,
    );
    return undefined;
  }
  plan.tally.skip(`called once to prepare the session (${asked}); every plan begins with that call`);
  return { tool: plan.tool.name, arguments: args, prepares: true };
}
