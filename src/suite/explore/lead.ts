import { words } from '../facts/leaves.js';
import { documentOf } from '../facts/view.js';
import type { PlanStep } from '../schema.js';
import type { ToolDescriptor } from '../surface.js';
import type { Observation } from './candidates.js';
import { fieldLabel, identify } from './identify.js';
import { renderArguments, toolClause } from './phrase.js';
import type { ArgumentSet } from './synthesis.js';

/** Plans chain at most this many calls (list → get → get). */
export const MAX_PLAN_STEPS = 3;

export interface Lead {
  plan: PlanStep[];
  lead: string;
  named: string[];
  /** For a chained lead: the same call asked directly, its inputs named (`candidates.ts` asks so a value the chain would give away). */
  direct?: Lead;
}

function flat(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(flat);
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  return value === undefined || value === null ? [] : [JSON.stringify(value)];
}

function literal(tool: ToolDescriptor, args: Record<string, unknown>, first: readonly PlanStep[]): Lead {
  const named = Object.values(args).flatMap(flat);
  const lead =
    Object.keys(args).length === 0 ? toolClause(tool) : `${toolClause(tool)} with ${renderArguments(args)}`;
  return { plan: [...first, { tool: tool.name, arguments: args }], lead, named };
}

/**
 * How a prompt reaches one call. A value harvested from a JSON listing is reached the way an agent
 * would: the prompt names the entry by a sibling value ("find the entry whose title is …") and the
 * plan feeds the value on through a `$from` handle, so the agent has to read the earlier result.
 * Which of the entry's fields the next tool takes is never said ("for that entry"): that is the
 * tool's own documentation to say, and part of what is measured.
 * Anything else (given context, text harvests, enums) is named in the prompt as an input.
 */
export function leadFor(
  tool: ToolDescriptor,
  set: ArgumentSet,
  observations: readonly Observation[],
  preparation?: PlanStep,
): Lead {
  // The call the server asked for first begins every plan (`prepare.ts`); it is not one of the chain's steps.
  const first = preparation === undefined ? [] : [preparation];
  for (const [param, supply] of Object.entries(set.supplies)) {
    // A value in another form than listed is not what the listing holds: it is named as an input.
    if (supply.origin !== 'harvest' || supply.harvest.leaf === undefined || supply.form !== undefined)
      continue;
    const source = observations[supply.harvest.obs];
    if (source === undefined || source.plan.length - first.length >= MAX_PLAN_STEPS) continue;
    const doc = documentOf(source.result);
    if (doc === undefined) continue;
    const leaf = supply.harvest.leaf;
    const ident = identify(doc.document, leaf.path);
    if (ident === undefined) continue;
    const handle = { $from: { step: source.plan.length - 1, pointer: leaf.pointer } };
    const others = Object.fromEntries(Object.entries(set.args).filter(([k]) => k !== param));
    const args = { ...others, [param]: Array.isArray(set.args[param]) ? [handle] : handle };
    const withOthers = Object.keys(others).length === 0 ? '' : ` with ${renderArguments(others)}`;
    const field = supply.harvest.field;
    const lead =
      ident.clauses.length > 0
        ? `${source.lead}, find ${ident.clauses.join(' of ')}. Then, using ${toolClause(tool)} for that entry${withOthers}`
        : `${source.lead}, take its ${fieldLabel(field)}. Then, using ${toolClause(tool)} with that ${words(field) || field}${withOthers}`;
    return {
      plan: [...source.plan, { tool: tool.name, arguments: args }],
      lead,
      named: [...source.named, ...ident.named, String(leaf.value), ...Object.values(others).flatMap(flat)],
      direct: literal(tool, set.args, first),
    };
  }
  return literal(tool, set.args, first);
}
