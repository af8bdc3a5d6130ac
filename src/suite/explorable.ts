import { z } from 'zod';
import type { ToolSafety } from './destructive.js';
import type { ToolDescriptor, ToolSurface } from './surface.js';

/**
 * The explorable-tools policy (explore/2), decided before generation and recorded per tool with
 * its basis. A tool may be called during exploration, admission and trials (without
 * `--allow-destructive`) only when it is read-only by one of:
 * - `declared`: the server says `readOnlyHint: true`;
 * - `asserted`: the owner named it with `--read-only` (their word, recorded as such);
 * - `inferred`: the hint is absent, `destructiveHint` is not `true`, the tool's name holds a read
 *   verb and neither its name nor its description holds a write verb (INFERENCE_RULE);
 * and `allow-destructive` marks every other tool when the run allowed destructive tools (they are
 * explored, and the record says so). A judge model's reading can only narrow the set.
 */
export const SafetyBasis = z.enum(['declared', 'asserted', 'inferred', 'allow-destructive', 'none']);
export type SafetyBasis = z.infer<typeof SafetyBasis>;

export interface ExplorablePolicy {
  /** Tools the owner asserts are read-only (`--read-only`). */
  asserted: readonly string[];
  /** Infer read-only from name and description when the hint is absent (`--no-infer-read-only` off). */
  infer: boolean;
  allowDestructive: boolean;
}

export const DEFAULT_POLICY: ExplorablePolicy = { asserted: [], infer: true, allowDestructive: false };

/** The recorded policy: what the run was told, before any tool was seen. */
export const PolicyRecord = z.looseObject({
  asserted: z.array(z.string()),
  infer: z.boolean(),
  allowDestructive: z.boolean(),
  rule: z.string(),
});
export type PolicyRecord = z.infer<typeof PolicyRecord>;

export const READ_VERBS = [
  'list',
  'get',
  'read',
  'search',
  'query',
  'describe',
  'show',
  'find',
  'fetch',
  'view',
  'lookup',
  'browse',
  'count',
  'inspect',
] as const;

/** Words that say a tool changes something, in any inflection (create, creates, created, creating). */
export const WRITE_VERBS = [
  'create',
  'add',
  'insert',
  'update',
  'upsert',
  'set',
  'write',
  'edit',
  'modify',
  'change',
  'delete',
  'remove',
  'drop',
  'destroy',
  'erase',
  'purge',
  'clear',
  'reset',
  'move',
  'rename',
  'copy',
  'send',
  'post',
  'put',
  'patch',
  'upload',
  'push',
  'commit',
  'merge',
  'apply',
  'append',
  'replace',
  'save',
  'store',
  'submit',
  'book',
  'cancel',
  'pay',
  'buy',
  'purchase',
  'transfer',
  'archive',
  'publish',
  'mark',
  'assign',
  'approve',
  'reject',
  'close',
  'deploy',
  'restart',
  'start',
  'stop',
  'kill',
  'run',
  'execute',
  'exec',
  'install',
  'uninstall',
  'enable',
  'disable',
  'register',
  'grant',
  'revoke',
  'invite',
  'subscribe',
  'unsubscribe',
  'lock',
  'unlock',
  'import',
  'sync',
  'trigger',
  'schedule',
  'restore',
  'revert',
  'generate',
  'launch',
  'checkout',
  'reserve',
] as const;

export const INFERENCE_RULE =
  'inferred read-only when readOnlyHint is absent and destructiveHint is not true, the tool name holds a read verb ' +
  `(${READ_VERBS.join(', ')}) and neither its name nor its description uses a write verb (${WRITE_VERBS.length} verbs such as create, update, delete, send, run, commit, in any inflection); ` +
  'a write verb after a determiner (the, a, each, its…) is a noun, and in a name that starts with a read verb the words after it are what it reads, unless and/or joins a second action';

export function policyRecord(policy: ExplorablePolicy): PolicyRecord {
  return {
    asserted: [...policy.asserted],
    infer: policy.infer,
    allowDestructive: policy.allowDestructive,
    rule: INFERENCE_RULE,
  };
}

/** Lowercase words of a name or text: camelCase and snake_case split. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

const WRITE_FORMS = new Set(
  WRITE_VERBS.flatMap((v) => {
    const base = v.endsWith('e') ? v.slice(0, -1) : v;
    const doubled = /[^aeiou][aeiou][bdgmnprt]$/.test(v) ? `${v}${v.at(-1)}` : v;
    return [v, `${v}s`, `${v}es`, `${base}ed`, `${base}ing`, `${doubled}ed`, `${doubled}ing`, `${v}d`];
  }),
);
const READ_SET = new Set<string>(READ_VERBS);

/** Words before a noun: a write verb after one of these is a thing, not an action ("the commits"). */
const DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'each',
  'every',
  'its',
  'their',
  'one',
  'all',
  'this',
  'that',
  'these',
  'those',
  'any',
  'per',
]);
const CONJUNCTIONS = new Set(['and', 'or', 'then', 'plus']);

/** The first write verb used as a verb: in the name, after a leading read verb its objects are nouns. */
function writeVerbIn(nameWords: readonly string[], descriptionWords: readonly string[]): string | undefined {
  const leadingRead = READ_SET.has(nameWords[0] ?? '');
  const joined = nameWords.some((w) => CONJUNCTIONS.has(w));
  const nameWrite = nameWords.find((w, i) => WRITE_FORMS.has(w) && !(leadingRead && !joined && i > 0));
  if (nameWrite !== undefined) return nameWrite;
  return descriptionWords.find(
    (w, i) => WRITE_FORMS.has(w) && !DETERMINERS.has(descriptionWords[i - 1] ?? ''),
  );
}

/**
 * The inference rule on one tool: a read verb in the name, and no write verb used as a verb in the
 * name or the description. A write verb after a determiner is a noun ("the commits", "each
 * booking"); in a name that starts with a read verb, the words after it are what it reads
 * (`list_commits`), unless a conjunction joins a second action (`get_and_delete`).
 */
export function inferredReadOnly(tool: ToolDescriptor): { readOnly: boolean; detail: string } {
  const nameWords = wordsOf(tool.name);
  const read = nameWords.find((w) => READ_SET.has(w) || READ_SET.has(w.replace(/s$/, '')));
  const write = writeVerbIn(nameWords, wordsOf(tool.description ?? ''));
  if (write !== undefined)
    return { readOnly: false, detail: `not inferred read-only: "${write}" is a write verb` };
  if (read === undefined)
    return { readOnly: false, detail: 'not inferred read-only: its name holds no read verb' };
  return { readOnly: true, detail: `inferred read-only: "${read}" in its name, no write verb` };
}

function judgeNarrows(safety: ToolSafety): string | undefined {
  const judged = safety.inferred;
  if (judged === undefined || (judged.readOnly && !judged.destructive)) return undefined;
  return `the judge read it as ${judged.destructive ? 'destructive' : 'not read-only'}: ${judged.reason}`;
}

/** One tool's explorable decision, with the effective safety every later stage acts on. */
function decide(tool: ToolDescriptor, safety: ToolSafety, policy: ExplorablePolicy): ToolSafety {
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
  const inferred = inferredReadOnly(tool);
  return inferred.readOnly
    ? readOnly('inferred', inferred.detail)
    : notReadOnly(`no readOnlyHint; ${inferred.detail}`);
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
  return surface.tools.flatMap((tool) => {
    const entry = byName.get(tool.name);
    return entry === undefined ? [] : [decide(tool, entry, policy)];
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
