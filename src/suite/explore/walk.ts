import { canonicalJson } from '../../core/canonical.js';
import { FitnessError } from '../../core/errors.js';
import { mapLimit } from '../../core/pool.js';
import { ArgumentValidator } from '../admission/arguments.js';
import type { ToolSafety } from '../destructive.js';
import type { GivenValue } from '../given.js';
import { callSafely } from '../plan.js';
import { deriveSeed, mulberry32 } from '../prng.js';
import type { PlanStep } from '../schema.js';
import type { ToolCaller, ToolCallOutcome, ToolDescriptor, ToolSurface } from '../surface.js';
import { argumentSets } from './argument-sets.js';
import type { Observation } from './candidates.js';
import { corrections } from './corrections.js';
import { type Harvest, harvestResult } from './harvest.js';
import { hostPathTest } from './host-paths.js';
import { leadFor } from './lead.js';
import type { ToolTally } from './ledger.js';
import { errorText, type FirstAsk, noteAsk, toolsAskedFirst, toolsNamed } from './named-tools.js';
import type { ParamSpec } from './params.js';
import { readObservation } from './read.js';
import { type ArgumentSet, handleOf } from './synthesis.js';

export const EXPLORE_LIMITS = { maxCalls: 320, perTool: 30, maxHops: 4, maxResultChars: 1_000_000 } as const;

/** What the walk over the server needs (a part of `Explore2Options`). */
export interface WalkOptions {
  surface: ToolSurface;
  caller: ToolCaller;
  seed: number;
  given: readonly GivenValue[];
  maxCalls?: number;
  perTool?: number;
  maxResultChars?: number;
  /** Read-only tools called at once within a hop (default 1). */
  concurrency?: number;
}

/** Exploration could not go on: the target stopped answering (a timeout or a failed transport). */
export class ExploreTransportError extends FitnessError {
  constructor(
    readonly kind: 'timeout' | 'failed',
    readonly tool: string,
    message: string,
  ) {
    super('EXPLORE_TRANSPORT', `exploring ${tool}: ${message}`, { kind, tool });
  }
}

export interface ToolPlan {
  tool: ToolDescriptor;
  params: ParamSpec[];
  tally: ToolTally;
  tried: Set<string>;
  safety: ToolSafety | undefined;
  /** Each value offered to it (as given), and whether any call carrying it, in any form, got an answer. */
  handles: Map<string, boolean>;
  /** Its answer was refused at the transport: never called again. */
  stopped?: boolean;
  /** Calls an error asked for: a refused value replaced by one the error offered (`corrections.ts`). */
  corrections: ArgumentSet[];
}

/** The values this tool got no answer for in the forms tried so far: their other forms may be offered. */
function unanswered(plan: ToolPlan): Set<string> {
  return new Set([...plan.handles].filter(([, answered]) => !answered).map(([handle]) => handle));
}

function remember(plan: ToolPlan, set: ArgumentSet, answered: boolean): void {
  for (const supply of Object.values(set.supplies)) {
    const handle = handleOf(supply);
    if (handle !== undefined) plan.handles.set(handle, answered || plan.handles.get(handle) === true);
  }
}

const HOST_PATH = 'a path on this machine outside the data the registration names (not followed)';

/** One call made in a hop, read after the hop in the order the calls were planned. */
interface Made {
  plan: ToolPlan;
  set: ArgumentSet;
  outcome: ToolCallOutcome;
}

export class Exploration {
  readonly observations: Observation[] = [];
  readonly pool: Harvest[] = [];
  readonly validator: ArgumentValidator;
  /** Tools errors said must be called first (`named-tools.ts`), for the preparing call (`prepare.ts`). */
  readonly firstAsked = new Map<string, FirstAsk>();
  /** The call every plan begins with, once it was made (`prepare.ts`), and whether it was tried. */
  preparation: PlanStep | undefined;
  preparing: 'not yet' | 'tried' = 'not yet';
  calls = 0;
  budgetExhausted = false;
  /** Is a harvested path the host's rather than the data's (host-paths.ts)? Such paths are not followed. */
  private readonly hostPath: (value: string) => boolean;

  constructor(readonly options: WalkOptions) {
    this.validator = new ArgumentValidator(options.surface);
    this.hostPath = hostPathTest(options.given);
  }

  get maxCalls(): number {
    return this.options.maxCalls ?? EXPLORE_LIMITS.maxCalls;
  }

  /** One call, counted. A refused answer stops its tool at once; a dead transport stops exploration. */
  async invoke(plan: ToolPlan, set: ArgumentSet): Promise<Made> {
    this.calls++;
    plan.tally.calls++;
    if (Object.values(set.supplies).some((s) => s.origin === 'query')) plan.tally.readQueries++;
    const outcome = await callSafely(this.options.caller, plan.tool.name, set.args);
    if (outcome.kind === 'error' && outcome.transport !== undefined)
      throw new ExploreTransportError(outcome.transport, plan.tool.name, outcome.message);
    if (outcome.kind === 'error' && outcome.refused !== undefined) plan.stopped = true;
    return { plan, set, outcome };
  }

  /** A call's answer, read: kept as an observation (and harvested) when it is a usable result. */
  absorb(made: Made, hop: number): void {
    remember(made.plan, made.set, this.keep(made, hop));
  }

  private keep({ plan, set, outcome }: Made, hop: number): boolean {
    const max = this.options.maxResultChars ?? EXPLORE_LIMITS.maxResultChars;
    // "Nothing here" says only that nothing matched when we made a value up or chose a search term.
    const searched = new Set(plan.params.filter((p) => p.topic).map((p) => p.name));
    const generated = Object.entries(set.supplies).some(
      ([name, supply]) => supply.origin === 'schema' || searched.has(name),
    );
    const read = readObservation(outcome, max, { tool: plan.tool, args: set.args, generated });
    if (outcome.kind === 'error' && outcome.refused !== undefined) {
      plan.tally.errors++;
      plan.tally.skip(`skipped: ${outcome.refused}; the run reconnected and did not call it again`);
      return false;
    }
    if (read.kind === 'error') {
      plan.tally.errors++;
      if (outcome.kind === 'error' && outcome.invalidResult === true) plan.tally.invalidResults++;
      const names = this.options.surface.tools.map((t) => t.name);
      for (const named of toolsNamed(outcome, plan.tool.name, names))
        plan.tally.named.set(named, (plan.tally.named.get(named) ?? 0) + 1);
      for (const named of toolsAskedFirst(outcome, plan.tool.name, names))
        noteAsk(this.firstAsked, named, errorText(outcome));
      plan.corrections.push(...corrections(outcome, set, plan.params));
      return false;
    }
    if (read.kind === 'discarded') {
      plan.tally.discard(read.reason, read.emptyState === true);
      return false;
    }
    const index = this.observations.length;
    const lead = leadFor(plan.tool, set, this.observations, this.preparation);
    const obs: Observation = { index, tool: plan.tool, args: set.args, result: read.result, hop, ...lead };
    this.observations.push(obs);
    plan.tally.results++;
    const harvest = harvestResult({ obs: index, tool: plan.tool.name, args: set.args, result: read.result });
    for (const h of harvest) {
      if (typeof h.value === 'string' && this.hostPath(h.value))
        plan.tally.drops.set(HOST_PATH, (plan.tally.drops.get(HOST_PATH) ?? 0) + 1);
      else this.pool.push(h);
    }
    return true;
  }
}

/**
 * Hop 0 uses only what the run knows before any call: given context and enums, but not a file
 * found in a named folder, which waits until the server has had a hop to give its own values.
 */
function notYet(set: ArgumentSet): boolean {
  return Object.values(set.supplies).some(
    (s) =>
      s.origin === 'harvest' || s.origin === 'query' || (s.origin === 'given' && s.given.in !== undefined),
  );
}

/** Does the set carry a value in another form than it was given in? */
function inOtherForm(set: ArgumentSet): boolean {
  return Object.values(set.supplies).some(
    (s) => (s.origin === 'given' || s.origin === 'harvest') && s.form !== undefined,
  );
}

/** Each callable tool's argument sets for this hop, within its own budget. */
function offers(run: Exploration, plans: readonly ToolPlan[], index: number): [ToolPlan, ArgumentSet[]][] {
  const known = run.pool.slice();
  const perTool = run.options.perTool ?? EXPLORE_LIMITS.perTool;
  return plans.flatMap((plan): [ToolPlan, ArgumentSet[]][] => {
    const left = perTool - plan.tally.calls;
    if (left <= 0 || plan.stopped === true) return [];
    const random = mulberry32(deriveSeed(run.options.seed, `explore2:${plan.tool.name}:${index}`));
    // What an error asked for comes first, once each: the server named the value it takes.
    const asked = [
      ...new Map(plan.corrections.splice(0).map((set) => [canonicalJson(set.args), set])).entries(),
    ].flatMap(([id, set]) => (plan.tried.has(id) ? [] : [set]));
    const sets = argumentSets(plan.tool, plan.params, known, run.options.given, {
      tried: new Set([...plan.tried, ...asked.map((set) => canonicalJson(set.args))]),
      limit: Math.max(0, left - asked.length),
      random,
      failed: unanswered(plan),
    });
    return [[plan, [...asked, ...sets.filter((set) => (index === 0 ? !notYet(set) : true))].slice(0, left)]];
  });
}

/**
 * The hop's calls, in order (tools by name, each tool's seeded sets), within the budget. Every set
 * reads only what earlier hops harvested, so the list is fixed before the hop's first call. Values
 * as given come first for every tool, then values in the server's other forms: a form never takes
 * the budget of a value the server gave.
 */
function planHop(run: Exploration, plans: readonly ToolPlan[], index: number): [ToolPlan, ArgumentSet[]][] {
  const offered = offers(run, plans, index);
  const calls = new Map<ToolPlan, ArgumentSet[]>();
  let budget = run.maxCalls - run.calls;
  for (const other of [false, true]) {
    for (const [plan, sets] of offered) {
      for (const set of sets.filter((s) => inOtherForm(s) === other)) {
        // The same identity argumentSets skips by: no identical call twice, whatever the key order.
        plan.tried.add(canonicalJson(set.args));
        if (run.validator.check(plan.tool.name, set.args) !== undefined) continue;
        if (budget <= 0) {
          run.budgetExhausted = true;
          break;
        }
        calls.set(plan, [...(calls.get(plan) ?? []), set]);
        budget--;
      }
      if (run.budgetExhausted) return ordered(offered, calls);
    }
  }
  return ordered(offered, calls);
}

function ordered(
  offered: readonly [ToolPlan, ArgumentSet[]][],
  calls: ReadonlyMap<ToolPlan, ArgumentSet[]>,
): [ToolPlan, ArgumentSet[]][] {
  return offered.flatMap(([plan]): [ToolPlan, ArgumentSet[]][] => {
    const sets = calls.get(plan);
    return sets === undefined ? [] : [[plan, sets]];
  });
}

/** Consecutive read-only tools run together; any other tool runs alone, in its place in the order. */
function stateBatches(planned: [ToolPlan, ArgumentSet[]][]): [ToolPlan, ArgumentSet[]][][] {
  const batches: [ToolPlan, ArgumentSet[]][][] = [];
  for (const entry of planned) {
    const last = batches.at(-1);
    const reads = entry[0].safety?.readOnly === true;
    if (reads && last !== undefined && last[0]?.[0].safety?.readOnly === true) last.push(entry);
    else batches.push([entry]);
  }
  return batches;
}

/**
 * One hop: each tool's planned calls in order (a refused answer stops the rest of that tool's),
 * read-only tools `concurrency` at a time; then every answer is read in the planned order, so the
 * observations, harvest and ledger do not depend on which call finished first.
 */
export async function hop(run: Exploration, plans: readonly ToolPlan[], index: number): Promise<number> {
  const before = run.calls;
  const limit = Math.max(1, run.options.concurrency ?? 1);
  for (const batch of stateBatches(planHop(run, plans, index))) {
    const made = await mapLimit(batch, limit, async ([plan, sets]) => {
      const out: Made[] = [];
      for (const set of sets) {
        if (plan.stopped === true) break;
        out.push(await run.invoke(plan, set));
      }
      return out;
    });
    for (const call of made.flat()) run.absorb(call, index);
  }
  return run.calls - before;
}
