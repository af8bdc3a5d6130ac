import { z } from 'zod';
import type { SafetyBasis, ToolSafety } from './destructive.js';
import type { ToolDescriptor, ToolSurface } from './surface.js';
import { toolAction } from './tool-action.js';
import { READ_VERBS } from './verbs.js';

export { wordsOf } from './verbs.js';

/**
 * The explorable-tools policy (explore/2), decided before generation and recorded per tool with
 * its basis. A tool may be called during exploration, admission and trials (without
 * `--allow-destructive`) only when it is read-only by one of:
 * - `declared`: the server says `readOnlyHint: true`;
 * - `asserted`: the owner named it with `--read-only` (their word, recorded as such);
 * - `inferred`: the hint is absent, `destructiveHint` is not `true`, and the tool reads or computes
 *   by the sentence rule (INFERENCE_RULE, `toolAction`), recorded with its reason (`reads` or
 *   `computes`, and whether its answer depends on the current time);
 * and `allow-destructive` marks every other tool when the run allowed destructive tools (they are
 * explored, and the record says so). A judge model's reading can only narrow the set. Each tool's
 * basis is `SafetyBasis` (destructive.ts, beside the `ToolSafety` it is recorded in).
 */

export interface ExplorablePolicy {
  /** Tools the owner asserts are read-only (`--read-only`). */
  asserted: readonly string[];
  /** Infer read-only from name and description when the hint is absent (`--no-infer-read-only` off). */
  infer: boolean;
  allowDestructive: boolean;
}

/** The recorded policy: what the run was told, before any tool was seen. */
export const PolicyRecord = z.looseObject({
  asserted: z.array(z.string()),
  infer: z.boolean(),
  allowDestructive: z.boolean(),
  rule: z.string(),
});
export type PolicyRecord = z.infer<typeof PolicyRecord>;

/**
 * The inference rule, stated once for the record: read from the sentence by `toolAction`
 * (tool-action.ts), which the findings' write-verb reading shares.
 */
export const INFERENCE_RULE =
  "inferred read-only when readOnlyHint is absent and destructiveHint is not true, and the tool reads or computes by its name's verb " +
  `(${READ_VERBS.slice(0, 10).join(', ')}…; calculate, convert, encode, hash, parse…), or by its description when the name has none, ` +
  'while no clause about what the tool does has a write verb as its verb: a noun or adjective ("commit history"), a negated or prohibited verb ("won\'t stop", "don\'t put"), ' +
  'a one-word item of a list of nouns ("dependencies, exports, types"), a bare participle in a condition ("when truncated"), ' +
  'a clause whose subject is the caller, the answer or another tool, and a relative or subordinate clause decide nothing; ' +
  'run and execute run whatever they are given only when the caller gives what they run (a query, SQL, a statement, a command, a script, one of the tool\'s parameters), and then write unless their clause restricts them to reads ("SELECT", "read-only"); ' +
  'run with one named program ("Run Knip") or with nothing decides nothing; add, convert or format compute only on values (numbers, text, times), else they write';

export function policyRecord(policy: ExplorablePolicy): PolicyRecord {
  return {
    asserted: [...policy.asserted],
    infer: policy.infer,
    allowDestructive: policy.allowDestructive,
    rule: INFERENCE_RULE,
  };
}

/** What inference makes of one tool: read-only (reading or computing) or not, and why. */
export interface Inference {
  readOnly: boolean;
  detail: string;
  /** Why it is read-only: it reads what the server holds, or computes from its arguments. */
  reason?: 'reads' | 'computes';
  /** Its answer depends on the current time: none of its values is a key. */
  timeDependent?: boolean;
}

/**
 * The inference rule on one tool (`toolAction`): its name's verb decides, and a description blocks
 * only when a write verb is the verb of a clause about what the tool does. `otherTools` are the
 * surface's other names: a clause about one of them says nothing about this tool.
 */
export function inferredReadOnly(tool: ToolDescriptor, otherTools: readonly string[] = []): Inference {
  const action = toolAction(tool, otherTools);
  if (action.action === 'read' || action.action === 'compute')
    return {
      readOnly: true,
      detail: `inferred read-only: ${action.detail}`,
      reason: action.action === 'read' ? 'reads' : 'computes',
      ...(action.timeDependent ? { timeDependent: true } : {}),
    };
  return { readOnly: false, detail: `not inferred read-only: ${action.detail}` };
}

function judgeNarrows(safety: ToolSafety): string | undefined {
  const judged = safety.inferred;
  if (judged === undefined || (judged.readOnly && !judged.destructive)) return undefined;
  return `the judge read it as ${judged.destructive ? 'destructive' : 'not read-only'}: ${judged.reason}`;
}

/** One tool's explorable decision, with the effective safety every later stage acts on. */
function decide(
  tool: ToolDescriptor,
  safety: ToolSafety,
  policy: ExplorablePolicy,
  otherTools: readonly string[],
): ToolSafety {
  const declared = safety.declared;
  const narrowed = judgeNarrows(safety);
  const readOnly = (basis: SafetyBasis, detail: string): ToolSafety => ({
    ...safety,
    readOnly: true,
    destructive: false,
    explorable: true,
    basis,
    basisDetail: detail,
  });
  const notReadOnly = (detail: string): ToolSafety => ({
    ...safety,
    readOnly: false,
    destructive: safety.destructive || safety.byAnnotations.destructive,
    explorable: policy.allowDestructive,
    basis: policy.allowDestructive ? 'allow-destructive' : 'none',
    basisDetail: policy.allowDestructive
      ? `${detail}; explored because the run allows destructive tools`
      : detail,
  });
  if (policy.asserted.includes(tool.name))
    return readOnly('asserted', 'asserted read-only by the owner (--read-only)');
  if (narrowed !== undefined) return notReadOnly(narrowed);
  if (declared.readOnlyHint === true) return readOnly('declared', 'declares readOnlyHint: true');
  if (declared.readOnlyHint === false) return notReadOnly('declares readOnlyHint: false');
  if (declared.destructiveHint === true) return notReadOnly('declares destructiveHint: true');
  if (!policy.infer) return notReadOnly('no readOnlyHint, and inference is off (--no-infer-read-only)');
  const inferred = inferredReadOnly(tool, otherTools);
  if (!inferred.readOnly) return notReadOnly(`no readOnlyHint; ${inferred.detail}`);
  return {
    ...readOnly('inferred', inferred.detail),
    ...(inferred.reason === undefined ? {} : { basisReason: inferred.reason }),
    ...(inferred.timeDependent === true ? { timeDependent: true } : {}),
  };
}

/**
 * Applies the policy to every tool's safety signal. Asserted, inferred and declared tools become
 * read-only for the whole run (exploration, admission, trials); every other tool stays what its
 * annotations say (destructive by the spec's defaults).
 */
export function applyPolicy(
  surface: ToolSurface,
  safety: readonly ToolSafety[],
  policy: ExplorablePolicy,
): ToolSafety[] {
  const byName = new Map(safety.map((s) => [s.tool, s]));
  const names = surface.tools.map((t) => t.name);
  return surface.tools.flatMap((tool) => {
    const entry = byName.get(tool.name);
    return entry === undefined ? [] : [decide(tool, entry, policy, names)];
  });
}

/** Asserted names the surface does not list: recorded, never silently dropped. */
export function unknownAssertions(surface: ToolSurface, policy: ExplorablePolicy): string[] {
  const names = new Set(surface.tools.map((t) => t.name));
  return policy.asserted.filter((name) => !names.has(name));
}

/** "0 of 21 tools are read-only by declaration, assertion or inference". */
export function explorableSummary(safety: readonly ToolSafety[]): { explorable: number; total: number } {
  return { explorable: safety.filter((s) => s.explorable === true).length, total: safety.length };
}
