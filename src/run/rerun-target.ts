import { tapeCommand } from '../connect/tape.js';
import { describeTarget, type Target, type TargetInput } from '../connect/target.js';
import type { RunRecord } from '../record/run.js';
import { type MetaLine, metaCommand } from '../tape/schema.js';

/**
 * The target a rerun may start from a run directory. A run records its target twice: the record's
 * `identity.target` and the wire tape's meta line (its label and its argv). The principle: a
 * target is taken from a run only when every copy of it names the same thing, and the copy that is
 * run (the argv, or the URL) is the one the others describe. Anything else is a reason, and the
 * caller gives the target again. Pure: the caller has read and verified the files.
 */
export type RecordedTarget = { input: TargetInput; description: string } | { why: string };

/** The one target every copy agrees on, or why there is none. */
export function recordedTarget(
  identity: Pick<RunRecord['identity'], 'credential' | 'target'>,
  wireMeta: MetaLine | undefined,
): RecordedTarget {
  if (identity.credential !== 'anonymous')
    return {
      why: `the original run sent a credential (${identity.credential}), which is never recorded`,
    };
  const recorded = identity.target;
  if (recorded.kind === 'memory')
    return {
      why: `the original measured an in-memory server (${recorded.description}), a server object in another program's process that no command or URL starts`,
    };
  if (recorded.description.includes('REDACTED'))
    return { why: 'a secret was scrubbed from the recorded target' };
  if (/\$\{[A-Za-z_][A-Za-z0-9_]*\}/.test(recorded.description))
    return { why: `a secret \${VAR} (a worker's --allow-env value) is recorded by its name, not its value` };
  if (wireMeta === undefined) return { why: `the wire tape has no meta line naming the target` };
  const candidate = candidateOf(recorded, wireMeta);
  if ('why' in candidate) return candidate;
  const disagreement = disagreementOf(candidate.target, recorded.description, wireMeta);
  if (disagreement !== undefined) return { why: `the run's copies of its target disagree (${disagreement})` };
  return { input: candidate.target, description: recorded.description };
}

/** What would be started: the wire tape's argv (stdio), or the record's URL (HTTP). */
function candidateOf(
  recorded: RunRecord['identity']['target'],
  meta: MetaLine,
): { target: Target } | { why: string } {
  if (recorded.kind === 'http') {
    if (!URL.canParse(recorded.description))
      return { why: `the recorded URL '${recorded.description}' is not a URL` };
    const url = new URL(recorded.description);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { why: `the recorded URL is ${url.protocol}, not http or https` };
    return { target: { kind: 'http', url: recorded.description, headers: {}, publicHeaders: {} } };
  }
  const argv = metaCommand(meta);
  if (argv === undefined || argv.length === 0 || (argv[0] ?? '').trim() === '')
    return { why: `the wire tape's meta line names no argv` };
  return { target: { kind: 'stdio', argv, env: {}, secretEnv: {} } };
}

/** The first copy that names another target than the candidate, as `copy: what it says`. */
function disagreementOf(target: Target, recorded: string, meta: MetaLine): string | undefined {
  const described = describeTarget(target);
  if (described !== recorded) return `record.json says '${recorded}', the wire tape starts '${described}'`;
  if (meta.label !== undefined && meta.label !== described)
    return `record.json says '${recorded}', the wire tape's label '${meta.label}'`;
  const argv = metaCommand(meta) ?? [];
  const expected = tapeCommand(target, argv[1]);
  if (JSON.stringify(argv) !== JSON.stringify(expected))
    return `the wire tape's argv is ${JSON.stringify(argv)}, the record's target gives ${JSON.stringify(expected)}`;
  return undefined;
}
