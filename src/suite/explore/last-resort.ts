import { canonicalJson } from '../../core/canonical.js';
import type { GivenValue } from '../given.js';
import { deriveSeed, mulberry32 } from '../prng.js';
import { toolAction } from '../tool-action.js';
import { coerce } from './coerce.js';
import { schemaArguments } from './generated.js';
import type { Harvest } from './harvest.js';
import { type ArgumentSet, suppliesFor } from './synthesis.js';
import type { Exploration, ToolPlan } from './walk.js';

/** Calls a tool that computes from its arguments gets from made-up inputs: it holds no data to find. */
export const COMPUTE_CALLS = 3;

/**
 * Tools that never answered get a call with what is known filling every parameter it fits (a
 * given folder still fills `repo_path` when nothing fits `target`), and seeded schema values
 * (strings ≤ 64 characters, never empty) only for the required parameters nothing fits. A tool
 * that computes from its arguments gets `COMPUTE_CALLS` such calls, each with other made-up inputs:
 * one its name and description say computes, or one that answered a made-up input (a tool that
 * looks its data up says it found nothing; one that computes answers anything it is given). A
 * search whose query nothing known fits, or that found nothing for any known term, is asked for
 * what most text holds instead (`broadSearch`).
 */
export async function fallback(run: Exploration, plans: readonly ToolPlan[]): Promise<void> {
  for (const plan of plans) {
    if (plan.tally.results > 0 || run.budgetExhausted) continue;
    const random = mulberry32(deriveSeed(run.options.seed, `unfilled:${plan.tool.name}`));
    const known = { ...exampleSupplies(plan), ...knownSupplies(plan, run.pool, run.options.given, random) };
    // A search asked every known term and answering none is asked the broad terms instead.
    if (plan.tally.calls > 0) {
      await broadSearch(run, plan, known, true);
      continue;
    }
    plan.tally.generated = plan.params.filter((p) => p.required && !(p.name in known)).map((p) => p.name);
    const said = toolAction(plan.tool).action === 'compute';
    if (!said && (await broadSearch(run, plan, known))) continue;
    const madeUp = plan.tally.generated.length > 0;
    for (let i = 0; i < COMPUTE_CALLS; i++) {
      if (i > 0 && !said && !(madeUp && plan.tally.results > 0)) break;
      const salt = i === 0 ? '' : `:${i}`;
      const generated = await schemaArguments(
        plan.tool,
        deriveSeed(run.options.seed, `args:${plan.tool.name}${salt}`),
      );
      if (!(await lastResort(run, plan, generated, known))) break;
    }
  }
}

/** What most text holds, asked of a search nobody gave a term for: a letter (names matched in part), then a word. */
const BROAD_TERMS = ['e', 'the'] as const;

/**
 * A search tool whose query nothing known fits, or whose every known term found nothing
 * (`knownFoundNothing`: then with only the arguments it requires), is asked for what most text
 * holds (`BROAD_TERMS`, in order, until one answers): a made-up string finds nothing, and a search that finds nothing leaves the rest of the
 * server unreached. False when the tool takes no such query.
 */
async function broadSearch(
  run: Exploration,
  plan: ToolPlan,
  supplies: ArgumentSet['supplies'],
  knownFoundNothing = false,
): Promise<boolean> {
  const queries = plan.params.filter(
    (p) =>
      p.required &&
      p.topic &&
      (knownFoundNothing || !(p.name in supplies)) &&
      (p.type === undefined || p.type === 'string'),
  );
  if (queries.length === 0) return false;
  const asking = new Set(queries.map((p) => p.name));
  // After known terms found nothing, the broadest question: only the arguments it requires.
  const required = new Set(plan.params.filter((p) => p.required).map((p) => p.name));
  const known = Object.fromEntries(
    Object.entries(supplies).filter(
      ([name]) => !asking.has(name) && (!knownFoundNothing || required.has(name)),
    ),
  );
  for (const term of BROAD_TERMS) {
    if (plan.tally.results > 0 || run.budgetExhausted) break;
    const generated = await schemaArguments(
      plan.tool,
      deriveSeed(run.options.seed, `args:${plan.tool.name}`),
    );
    if (generated === undefined) break;
    const asked = { ...generated, ...Object.fromEntries(queries.map((p) => [p.name, term])) };
    await lastResort(run, plan, asked, known);
  }
  return true;
}

/** One last-resort call, or false when there is none to make (no arguments, a repeat, no budget). */
async function lastResort(
  run: Exploration,
  plan: ToolPlan,
  generated: Record<string, unknown> | undefined,
  known: ArgumentSet['supplies'],
): Promise<boolean> {
  if (generated === undefined) {
    plan.tally.noArguments = plan.tally.calls === 0;
    return false;
  }
  const supplies: ArgumentSet['supplies'] = {
    ...Object.fromEntries(
      Object.entries(generated).map(([k, v]) => [k, { origin: 'schema' as const, value: v }]),
    ),
    ...known,
  };
  const args = Object.fromEntries(Object.entries(supplies).map(([k, s]) => [k, s.value]));
  if (run.validator.check(plan.tool.name, args) !== undefined) {
    plan.tally.noArguments = plan.tally.calls === 0;
    return false;
  }
  if (plan.tried.has(canonicalJson(args))) return false;
  plan.tried.add(canonicalJson(args));
  if (run.calls >= run.maxCalls) {
    run.budgetExhausted = true;
    return false;
  }
  run.absorb(await run.invoke(plan, { args, supplies }), 0);
  return true;
}

/** A required parameter's first example its schema offers (`examples.ts`) in the form it takes. */
function exampleSupplies(plan: ToolPlan): ArgumentSet['supplies'] {
  const out: ArgumentSet['supplies'] = {};
  for (const p of plan.params) {
    const value = p.required
      ? (p.examples ?? []).map((e) => coerce(e, p)).find((v) => v !== undefined)
      : undefined;
    if (value !== undefined) out[p.name] = { origin: 'schema', value };
  }
  return out;
}

/** The best given or harvested value of each parameter one fits (an enum's first value is no knowledge). */
function knownSupplies(
  plan: ToolPlan,
  pool: readonly Harvest[],
  given: readonly GivenValue[],
  random: () => number,
): ArgumentSet['supplies'] {
  const out: ArgumentSet['supplies'] = {};
  for (const p of plan.params) {
    const best = suppliesFor(plan.tool, p, pool, given, random).find((s) => s.origin !== 'enum');
    if (best !== undefined) out[p.name] = best;
  }
  return out;
}
