import { FitnessError } from '../../core/errors.js';
import type { ExplorationLedger } from '../../record/exploration.js';
import { ArgumentValidator } from '../admission/arguments.js';
import { contextHaystacks } from '../admission/key-rules.js';
import type { ToolSafety } from '../destructive.js';
import { type ExplorablePolicy, policyRecord, unknownAssertions } from '../explorable.js';
import type { GivenValue } from '../given.js';
import { callSafely } from '../plan.js';
import { deriveSeed, mulberry32, shuffle } from '../prng.js';
import type { Candidate } from '../schema.js';
import type { ToolCaller, ToolDescriptor, ToolSurface } from '../surface.js';
import { candidatesFrom, type Observation } from './candidates.js';
import { type Harvest, harvestResult } from './harvest.js';
import { leadFor } from './lead.js';
import { ToolTally } from './ledger.js';
import { type ParamSpec, paramsOf, schemaHazard } from './params.js';
import { readObservation } from './read.js';
import { type ArgumentSet, argumentSets, schemaArguments, suppliesFor } from './synthesis.js';

export const EXPLORE_V2 = { name: 'explore', version: '2' } as const;

export interface Explore2Options {
  surface: ToolSurface;
  /** Safety with the explorable-tools policy applied (`applyPolicy`). */
  safety: readonly ToolSafety[];
  policy: ExplorablePolicy;
  caller: ToolCaller;
  seed: number;
  /** Candidates asked: ceil((tasks + reserve) × overGeneration). */
  count: number;
  given: readonly GivenValue[];
  maxCalls?: number;
  /** Calls per tool at most. */
  perTool?: number;
  /** Rounds after the first (list → get → get …). */
  maxHops?: number;
  /** A result whose text is longer than this is set aside (its tool skipped for keys). */
  maxResultChars?: number;
}

export interface Explore2Result {
  candidates: Candidate[];
  ledger: ExplorationLedger;
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

export const EXPLORE_LIMITS = { maxCalls: 320, perTool: 30, maxHops: 4, maxResultChars: 1_000_000 } as const;

interface ToolPlan {
  tool: ToolDescriptor;
  params: ParamSpec[];
  tally: ToolTally;
  tried: Set<string>;
  /** Its answer was refused at the transport: never called again. */
  stopped?: boolean;
}

class Exploration {
  readonly observations: Observation[] = [];
  readonly pool: Harvest[] = [];
  readonly validator: ArgumentValidator;
  calls = 0;
  budgetExhausted = false;

  constructor(readonly options: Explore2Options) {
    this.validator = new ArgumentValidator(options.surface);
  }

  get maxCalls(): number {
    return this.options.maxCalls ?? EXPLORE_LIMITS.maxCalls;
  }

  /** One call: counted, read, and kept as an observation when it is a usable result. */
  async call(plan: ToolPlan, set: ArgumentSet, hop: number): Promise<void> {
    if (this.calls >= this.maxCalls) {
      this.budgetExhausted = true;
      return;
    }
    this.calls++;
    plan.tally.calls++;
    const outcome = await callSafely(this.options.caller, plan.tool.name, set.args);
    if (outcome.kind === 'error' && outcome.transport !== undefined)
      throw new ExploreTransportError(outcome.transport, plan.tool.name, outcome.message);
    const read = readObservation(outcome, this.options.maxResultChars ?? EXPLORE_LIMITS.maxResultChars);
    if (outcome.kind === 'error' && outcome.refused !== undefined) {
      plan.tally.errors++;
      plan.tally.skip(`skipped: ${outcome.refused}; the run reconnected and did not call it again`);
      plan.stopped = true;
      return;
    }
    if (read.kind === 'error') {
      plan.tally.errors++;
      return;
    }
    if (read.kind === 'discarded') {
      plan.tally.discard(read.reason);
      return;
    }
    const index = this.observations.length;
    const lead = leadFor(plan.tool, set, this.observations);
    const obs: Observation = { index, tool: plan.tool, args: set.args, result: read.result, hop, ...lead };
    this.observations.push(obs);
    plan.tally.results++;
    this.pool.push(
      ...harvestResult({ obs: index, tool: plan.tool.name, args: set.args, result: read.result }),
    );
  }
}

/** Read through a call so that a stop made during an earlier call of the loop is seen. */
function isStopped(plan: ToolPlan): boolean {
  return plan.stopped === true;
}

function byName(a: ToolDescriptor, b: ToolDescriptor): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Hop 0 uses only what the run knows before any call: given context and enums. */
function usesHarvest(set: ArgumentSet): boolean {
  return Object.values(set.supplies).some((s) => s.origin === 'harvest');
}

async function hop(run: Exploration, plans: readonly ToolPlan[], index: number): Promise<number> {
  const before = run.calls;
  const known = run.pool.slice();
  const perTool = run.options.perTool ?? EXPLORE_LIMITS.perTool;
  for (const plan of plans) {
    const left = perTool - plan.tally.calls;
    if (left <= 0 || isStopped(plan)) continue;
    const random = mulberry32(deriveSeed(run.options.seed, `explore2:${plan.tool.name}:${index}`));
    const sets = argumentSets(plan.tool, plan.params, known, run.options.given, {
      tried: plan.tried,
      limit: left,
      random,
    }).filter((set) => (index === 0 ? !usesHarvest(set) : true));
    for (const set of sets) {
      if (isStopped(plan)) break;
      const key = JSON.stringify(set.args);
      plan.tried.add(key);
      if (run.validator.check(plan.tool.name, set.args) !== undefined) continue;
      await run.call(plan, set, index);
      if (run.budgetExhausted) return run.calls - before;
    }
  }
  return run.calls - before;
}

/** Tools that never answered get one schema-derived call (strings ≤ 64 characters, never empty). */
async function fallback(run: Exploration, plans: readonly ToolPlan[]): Promise<void> {
  for (const plan of plans) {
    if (plan.tally.results > 0 || plan.tally.calls > 0 || run.budgetExhausted) continue;
    const random = mulberry32(deriveSeed(run.options.seed, `unfilled:${plan.tool.name}`));
    plan.tally.generated = plan.params
      .filter(
        (p) => p.required && suppliesFor(plan.tool, p, run.pool, run.options.given, random).length === 0,
      )
      .map((p) => p.name);
    const args = await schemaArguments(plan.tool, deriveSeed(run.options.seed, `args:${plan.tool.name}`));
    if (args === undefined || run.validator.check(plan.tool.name, args) !== undefined) {
      plan.tally.noArguments = true;
      continue;
    }
    const supplies = Object.fromEntries(
      Object.entries(args).map(([k, v]) => [k, { origin: 'schema' as const, value: v }]),
    );
    await run.call(plan, { args, supplies }, 0);
  }
}

/** Seeded order within each tool, then round-robin across tools so one tool cannot fill the suite. */
function interleave(pools: ReadonlyMap<string, Candidate[]>, seed: number): Candidate[] {
  const queues = [...pools.keys()]
    .sort()
    .map((tool) => shuffle(pools.get(tool) ?? [], mulberry32(deriveSeed(seed, `pick:${tool}`))));
  const out: Candidate[] = [];
  for (let round = 0; queues.some((q) => round < q.length); round++)
    for (const queue of queues) {
      const next = queue[round];
      if (next !== undefined) out.push(next);
    }
  return out;
}

/**
 * explore/2: no model. Calls the explorable tools (the policy decides which) with arguments a real
 * agent would manage: given context, values harvested from earlier JSON and text results over
 * several hops (list → get → get), enums, and schema-derived values only as a last resort. Values
 * that identify their entry become keys; prompts name the tool's own description and the inputs,
 * never the value. Every tool's calls, errors and candidates go in the ledger, with why it yielded
 * nothing. Deterministic for a seed and a server that answers the same way. A timeout or a failed
 * transport stops exploration with ExploreTransportError: that is the target's state, not a finding
 * about its surface.
 */
export async function explore2(options: Explore2Options): Promise<Explore2Result> {
  const run = new Exploration(options);
  const safety = new Map(options.safety.map((s) => [s.tool, s]));
  const tools = [...options.surface.tools].sort(byName);
  // Tool names are unique on a surface (it drops duplicates), so each tool has its own tally.
  const tallied = tools.map((tool) => ({ tool, tally: new ToolTally(tool.name, safety.get(tool.name)) }));
  const tallies = new Map(tallied.map(({ tool, tally }) => [tool.name, tally]));
  const plans: ToolPlan[] = [];
  for (const { tool, tally } of tallied) {
    if (!tally.explorable) continue;
    const hazard = schemaHazard(tool.inputSchema);
    if (hazard !== undefined) {
      tally.skip(`not explored: ${hazard}`);
      continue;
    }
    plans.push({ tool, params: paramsOf(tool), tally, tried: new Set() });
  }
  const maxHops = options.maxHops ?? EXPLORE_LIMITS.maxHops;
  for (let index = 0; index <= maxHops && !run.budgetExhausted; index++) {
    const made = await hop(run, plans, index);
    if (made === 0 && index > 0) break;
  }
  await fallback(run, plans);

  const keys = { context: contextHaystacks(options.surface), given: options.given.map((g) => g.value) };
  const pools = new Map<string, Candidate[]>();
  for (const obs of run.observations) {
    const list = pools.get(obs.tool.name) ?? [];
    list.push(...candidatesFrom(obs, keys, tallies.get(obs.tool.name)?.drops));
    pools.set(obs.tool.name, list);
  }
  const all = interleave(pools, options.seed);
  const candidates = all
    .slice(0, Math.max(0, options.count))
    .map((candidate, i) => ({ ...candidate, id: `x${String(i + 1).padStart(3, '0')}` }));
  for (const [tool, list] of pools) {
    const tally = tallies.get(tool);
    if (tally !== undefined) tally.candidates = list.length;
  }
  for (const c of candidates) {
    const tally = tallies.get(c.plan.at(-1)?.tool ?? '');
    if (tally !== undefined) tally.proposed++;
  }
  return {
    candidates,
    ledger: {
      generator: { ...EXPLORE_V2 },
      policy: policyRecord(options.policy),
      unknownAssertions: unknownAssertions(options.surface, options.policy),
      given: options.given.map((g) => ({ name: g.name, value: g.value, origin: g.origin, source: g.source })),
      calls: run.calls,
      maxCalls: run.maxCalls,
      budgetExhausted: run.budgetExhausted,
      asked: Math.max(0, options.count),
      produced: all.length,
      proposed: candidates.length,
      tools: tallied.map(({ tally }) => tally.entry(run.budgetExhausted)),
    },
  };
}
