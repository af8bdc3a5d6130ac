import { findLeak } from '../../gates/leak.js';
import { ArgumentValidator } from '../admission/arguments.js';
import { contextHaystacks } from '../admission/key-rules.js';
import { safetyIndex, type ToolSafety } from '../destructive.js';
import { readResult, resultDocument } from '../extract.js';
import { literalLength } from '../normalise.js';
import { callSafely } from '../plan.js';
import { deriveSeed, mulberry32, shuffle } from '../prng.js';
import type { Candidate, Check, Extract, PlanStep } from '../schema.js';
import {
  resultText,
  type ToolCaller,
  type ToolDescriptor,
  type ToolResult,
  type ToolSurface,
} from '../surface.js';
import { harvestFor, requiredParams, schemaArguments } from './args.js';
import { fieldName, type Leaf, leavesOf, textFields, words } from './leaves.js';
import { ANSWER_FORMAT, describeLocation, renderArguments, renderValue, toolClause } from './phrase.js';

export const EXPLORE = { name: 'explore', version: '1' } as const;

export interface ExploreOptions {
  surface: ToolSurface;
  safety: readonly ToolSafety[];
  caller: ToolCaller;
  seed: number;
  /** Candidates asked: ceil((tasks + reserve) × overGeneration). */
  count: number;
  /** Harvested argument sets tried per get-like tool. */
  perTool?: number;
  /** Upper bound on exploration calls, whatever the surface size. */
  maxCalls?: number;
}

export interface ExploreResult {
  candidates: Candidate[];
  calls: number;
  /** Safe tools that were called, in call order. */
  explored: string[];
  /** Tools left alone because they are not read-only. */
  skipped: string[];
}

/** One successful exploration call and how it was reached. */
interface Observation {
  tool: ToolDescriptor;
  plan: PlanStep[];
  /** Prompt text naming how the agent reaches this result (tool clause + inputs). */
  lead: string;
  result: ToolResult;
  document: unknown;
  source: 'structured' | 'text-json';
  /** Values the prompt already names: never usable as keys. */
  named: string[];
}

/**
 * explore/1: no model. Calls only read-only tools (declared readOnlyHint, not contradicted by a
 * judge), first those needing no arguments, then get-like tools fed with values harvested from
 * those results (list → get, through a $from handle) or with seeded schema-derived arguments.
 * Distinctive values in the results become answer keys; prompts are phrased from the tools' own
 * descriptions and name the inputs, never the value. Deterministic for a seed and a server that
 * answers the same way; the keys are re-grounded by plan execution at admission.
 */
export async function explore(options: ExploreOptions): Promise<ExploreResult> {
  const safety = safetyIndex(options.safety);
  const byName = [...options.surface.tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const safe = byName.filter((tool) => safety.get(tool.name)?.readOnly === true);
  const validator = new ArgumentValidator(options.surface);
  const budget = { left: options.maxCalls ?? 60, used: 0 };
  const explored: string[] = [];
  const observations: Observation[] = [];

  const call = async (tool: ToolDescriptor, args: Record<string, unknown>) => {
    if (budget.left <= 0) return undefined;
    budget.left--;
    budget.used++;
    explored.push(tool.name);
    const outcome = await callSafely(options.caller, tool.name, args);
    if (outcome.kind === 'error') return undefined;
    const read = readResult(outcome.result);
    return read.ok ? read.result : undefined;
  };

  for (const tool of safe.filter((t) => requiredParams(t).length === 0)) {
    const result = await call(tool, {});
    if (result !== undefined)
      observations.push(observe(tool, [{ tool: tool.name, arguments: {} }], toolClause(tool), result, []));
  }

  const roots = observations.slice();
  for (const tool of safe.filter((t) => requiredParams(t).length > 0)) {
    const params = requiredParams(tool);
    const random = mulberry32(deriveSeed(options.seed, `explore:${tool.name}`));
    if (params.length === 1) {
      const param = params[0] as string;
      const harvested = roots.flatMap((obs, from) => leavesOf(obs.document).map((leaf) => ({ leaf, from })));
      const picks = shuffle(harvestFor(tool, param, harvested, validator), random).slice(
        0,
        options.perTool ?? 3,
      );
      for (const { leaf, from } of picks) {
        const root = roots[from] as Observation;
        const result = await call(tool, { [param]: leaf.value });
        if (result === undefined) continue;
        observations.push(chained(tool, param, root, leaf, result));
      }
    }
    const args = await schemaArguments(tool, deriveSeed(options.seed, `args:${tool.name}`));
    if (args !== undefined && validator.check(tool.name, args) === undefined) {
      const result = await call(tool, args);
      if (result !== undefined) {
        const lead = `${toolClause(tool)} with ${renderArguments(args)}`;
        observations.push(
          observe(
            tool,
            [{ tool: tool.name, arguments: args }],
            lead,
            result,
            Object.values(args).map(String),
          ),
        );
      }
    }
  }

  const context = contextHaystacks(options.surface);
  const pools = new Map<string, Candidate[]>();
  for (const obs of observations) {
    const list = pools.get(obs.tool.name) ?? [];
    list.push(...candidatesFrom(obs, context));
    pools.set(obs.tool.name, list);
  }
  const candidates = interleave(pools, options.seed)
    .slice(0, Math.max(0, options.count))
    .map((candidate, i) => ({ ...candidate, id: `x${String(i + 1).padStart(3, '0')}` }));
  return {
    candidates,
    calls: budget.used,
    explored,
    skipped: byName.filter((tool) => safety.get(tool.name)?.readOnly !== true).map((tool) => tool.name),
  };
}

function observe(
  tool: ToolDescriptor,
  plan: PlanStep[],
  lead: string,
  result: ToolResult,
  named: string[],
): Observation {
  const structured = resultDocument(result, 'structured');
  const document = structured ?? resultDocument(result, 'text-json');
  return {
    tool,
    plan,
    lead,
    result,
    document,
    source: structured === undefined ? 'text-json' : 'structured',
    named,
  };
}

/**
 * list → get: the prompt identifies the list entry by a distinctive sibling value (its title,
 * say), so the agent must read the list to find the id; without such a sibling it names the id.
 */
function chained(
  tool: ToolDescriptor,
  param: string,
  root: Observation,
  leaf: Leaf,
  result: ToolResult,
): Observation {
  const entryPath = leaf.path.slice(0, -1);
  const siblings = leavesOf(root.document).filter(
    (other) =>
      other.path.length === leaf.path.length &&
      entryPath.every((token, i) => other.path[i] === token) &&
      other.pointer !== leaf.pointer &&
      typeof other.value === 'string' &&
      literalLength(other.value) >= 4 &&
      unique(root.document, other.value),
  );
  const sibling = siblings[0];
  if (sibling === undefined) {
    const lead = `${toolClause(tool)} with ${renderArguments({ [param]: leaf.value })}`;
    return observe(tool, [{ tool: tool.name, arguments: { [param]: leaf.value } }], lead, result, [
      String(leaf.value),
    ]);
  }
  const handle = { $from: { step: 0, pointer: leaf.pointer } };
  const plan = [...root.plan, { tool: tool.name, arguments: { [param]: handle } }];
  const lead =
    `${root.lead}, find the entry whose ${words(fieldName(sibling) ?? 'value')} is ${renderValue(sibling.value)}. ` +
    `Then, using ${toolClause(tool)} for that entry`;
  return observe(tool, plan, lead, result, [String(sibling.value), String(leaf.value)]);
}

function unique(document: unknown, value: string | number): boolean {
  return leavesOf(document).filter((leaf) => leaf.value === value).length === 1;
}

function valueCounts(values: readonly (string | number)[]): Map<string | number, number> {
  const counts = new Map<string | number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * A usable key: long enough that guessing it is not plausible (≥ 4 significant characters),
 * short enough to be a value rather than a paragraph, unique in its result, and absent from the
 * server's instructions, descriptions and schemas and from the inputs the prompt names.
 */
function distinctive(
  value: string | number,
  obs: Observation,
  context: { where: string; text: string }[],
  counts: Map<string | number, number>,
): boolean {
  const text = String(value);
  if (literalLength(text) < 4 || text.length > 120) return false;
  if ((counts.get(value) ?? 0) !== 1) return false;
  if (findLeak(value, context) !== undefined) return false;
  const named = [{ where: 'prompt', text: `${obs.lead} ${obs.named.join(' ')}` }];
  return findLeak(value, named) === undefined;
}

function candidatesFrom(obs: Observation, context: { where: string; text: string }[]): Candidate[] {
  const expectedTools = [...new Set(obs.plan.map((step) => step.tool))];
  const make = (question: string, extract: Extract, check: Check): Candidate => ({
    id: 'pending',
    prompt: `Using ${obs.lead}, what is ${question}? ${ANSWER_FORMAT}`,
    expectedTools,
    plan: obs.plan,
    extract,
    check,
    destructive: false,
    serverRequiredBecause: `the value is read from the result of ${obs.tool.name} for these inputs`,
  });
  if (obs.document !== undefined) {
    const leaves = leavesOf(obs.document);
    const counts = valueCounts(leaves.map((leaf) => leaf.value));
    return leaves
      .filter((leaf) => distinctive(leaf.value, obs, context, counts))
      .map((leaf) =>
        make(
          describeLocation(leaf.path),
          { kind: 'pointer', pointer: leaf.pointer, source: obs.source },
          typeof leaf.value === 'number' ? { kind: 'number', tolerance: 0 } : { kind: 'contains' },
        ),
      );
  }
  const fields = textFields(resultText(obs.result));
  const labels = valueCounts(fields.map((field) => field.label));
  const counts = valueCounts(fields.map((field) => field.value));
  return fields
    .filter((field) => labels.get(field.label) === 1 && distinctive(field.value, obs, context, counts))
    .map((field) =>
      make(
        `the ${words(field.label)}`,
        {
          kind: 'regex',
          pattern: `^\\s*${escapeRegex(field.label)}\\s*:\\s*(.+?)\\s*$`,
          flags: 'm',
          group: 1,
        },
        { kind: 'contains' },
      ),
    );
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** Seeded order within each tool, then round-robin across tools so one tool cannot fill the suite. */
function interleave(pools: Map<string, Candidate[]>, seed: number): Candidate[] {
  const queues = [...pools.keys()]
    .sort()
    .map((tool) => shuffle(pools.get(tool) ?? [], mulberry32(deriveSeed(seed, `pick:${tool}`))));
  const out: Candidate[] = [];
  for (let round = 0; queues.some((q) => round < q.length); round++) {
    for (const queue of queues) {
      const next = queue[round];
      if (next !== undefined) out.push(next);
    }
  }
  return out;
}
