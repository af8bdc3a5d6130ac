import type { ExplorationLedger } from '../../record/exploration.js';
import { contextHaystacks } from '../admission/key-rules.js';
import type { ToolSafety } from '../destructive.js';
import { type ExplorablePolicy, policyRecord, unknownAssertions } from '../explorable.js';
import { type GivenValue, givenTexts } from '../given.js';
import { deriveSeed, mulberry32, shuffle } from '../prng.js';
import type { Candidate } from '../schema.js';
import type { ToolCaller, ToolDescriptor, ToolSurface } from '../surface.js';
import { repeatedAcrossCalls } from './answer-voice.js';
import { candidatesFrom } from './candidates.js';
import { placeTest } from './host-paths.js';
import { fallback } from './last-resort.js';
import { ToolTally } from './ledger.js';
import { paramsOf, schemaHazard } from './params.js';
import { askedFirst, prepare } from './prepare.js';
import { readQueryLanguage } from './query-language.js';
import { EXPLORE_LIMITS, Exploration, hop, type ToolPlan } from './walk.js';

export const EXPLORE_V2 = { name: 'explore', version: '2' } as const;

/**
 * After a hop that read nothing: when most of the errors so far asked for one tool first, make
 * that call (`prepare.ts`) and begin again from a clean slate of tries. True when the session
 * was prepared.
 */
async function prepared(
  run: Exploration,
  plans: readonly ToolPlan[],
  tallied: readonly { tool: ToolDescriptor; tally: ToolTally }[],
  safety: ReadonlyMap<string, ToolSafety>,
): Promise<boolean> {
  // Only before anything was read, and once.
  if (run.preparing !== 'not yet' || run.observations.length > 0) return false;
  const errors = plans.reduce((n, plan) => n + plan.tally.errors, 0);
  const first = askedFirst(run.firstAsked, errors);
  const entry = tallied.find(({ tool }) => tool.name === first?.tool);
  if (first === undefined || entry === undefined) return false;
  run.preparing = 'tried';
  const plan = plans.find((p) => p.tool.name === first.tool) ?? {
    tool: entry.tool,
    params: paramsOf(entry.tool),
    tally: entry.tally,
    tried: new Set<string>(),
    safety: safety.get(first.tool),
    handles: new Map<string, boolean>(),
    corrections: [],
  };
  run.preparation = await prepare(run, plan, first.ask);
  if (run.preparation === undefined) return false;
  for (const p of plans) {
    p.tried.clear();
    p.handles.clear();
    p.corrections.length = 0;
  }
  return true;
}

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
  /** Read-only tools called at once within a hop (default 1: one call at a time). */
  concurrency?: number;
}

export interface Explore2Result {
  candidates: Candidate[];
  ledger: ExplorationLedger;
}

function byName(a: ToolDescriptor, b: ToolDescriptor): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
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
    const params = paramsOf(tool).map((p) => {
      const query = readQueryLanguage(tool, p, tally.explorable);
      return query === undefined ? p : { ...p, query };
    });
    tally.readQuery = params.find((p) => p.query !== undefined);
    plans.push({
      tool,
      params,
      tally,
      tried: new Set(),
      safety: safety.get(tool.name),
      handles: new Map(),
      corrections: [],
    });
  }
  const maxHops = options.maxHops ?? EXPLORE_LIMITS.maxHops;
  let index = 0;
  for (; index <= maxHops && !run.budgetExhausted; index++) {
    const made = await hop(run, plans, index);
    if (await prepared(run, plans, tallied, safety)) {
      // The session is now what the server asked for: the walk starts again from its first hop.
      index = -1;
      continue;
    }
    if (made === 0 && index > 0) break;
  }
  // What the last resort found is followed like anything else the server returned, and what its
  // errors asked for is asked.
  const before = run.pool.length;
  await fallback(run, plans);
  if (run.pool.length > before || plans.some((plan) => plan.corrections.length > 0))
    for (let more = 0; more < maxHops && !run.budgetExhausted; more++)
      if ((await hop(run, plans, ++index)) === 0) break;

  const keys = {
    context: contextHaystacks(options.surface),
    given: givenTexts(options.given),
    repeated: repeatedAcrossCalls(run.observations),
    place: placeTest(),
  };
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
      ...(run.preparation === undefined
        ? {}
        : { preparation: { tool: run.preparation.tool, arguments: run.preparation.arguments } }),
    },
  };
}
