import { type FailedTrial, FailureCause, type FailuresBlock, type Finding } from '../record/findings.js';
import type { TapeRef } from '../record/probe.js';
import type { Task } from '../suite/schema.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { evidenceOf, finding, plural } from './build.js';
import { type DriveTrial, refOf } from './calls.js';
import { type Cause, causeOf, failedFirstTry, unexplainedText } from './explain.js';

interface Group {
  first: Cause;
  trials: Set<string>;
  refs: TapeRef[];
  quotes: Set<string>;
}

const idOf = (c: Cause) => {
  const key = c.key ?? c.parameter;
  return key === undefined ? `${c.kind}:${c.tool}` : `${c.kind}:${c.tool}:${key}`;
};

function summaryOf(g: Group): string {
  const n = plural(g.trials.size, 'drive trial');
  const quoted = [...g.quotes].map((q) => JSON.stringify(q)).join(', ');
  const c = g.first;
  switch (c.cause) {
    case 'server-error':
      return `${n} failed on the first try on an error from ${c.tool}: ${quoted}.`;
    case 'timeout':
      return `${n} failed on the first try out of time or budget with ${c.tool} (first: ${c.text}).`;
    case 'unread-result':
      return `In ${n} ${c.tool} answered with the task's key in its result, and the agent's answer still missed it: the result did not show the agent where the answer was.`;
    case 'argument':
      return `${c.parameter === undefined ? c.tool : `${c.tool}.${c.parameter}`}: in ${n} a call was rejected for its arguments${quoted ? ` (${quoted})` : ''}.`;
    case 'wrong-tool':
      return `In ${n} the agent called ${c.key} and never ${c.tool}, and failed on the first try.`;
  }
}

/** The finding that counts a group of failures, when no other rule already wrote one of its id. */
function groupFinding(g: Group): Finding | undefined {
  return finding({
    kind: g.first.kind,
    tool: g.first.tool,
    ...(g.first.key === undefined ? {} : { key: g.first.key }),
    ...(g.first.parameter === undefined ? {} : { parameter: g.first.parameter }),
    count: g.trials.size,
    summary: summaryOf(g),
    refs: g.refs,
    detail: { failedFirstTry: g.trials.size, ...(g.quotes.size > 0 ? { texts: [...g.quotes] } : {}) },
  });
}

/**
 * Every drive trial that failed on its first try, attributed to a cause from its own tapes
 * (src/findings/explain.ts) and tied to the finding that counts it: one the other rules wrote under
 * the same id, or one written here for the cause. A trial no rule explains is listed as unexplained,
 * with its calls' and its trial event's lines. Pure.
 */
export function explainFailures(
  trials: readonly DriveTrial[],
  tasks: ReadonlyMap<string, Task>,
  tools: ReadonlyMap<string, ToolDescriptor>,
  existing: readonly Finding[],
): { failures: FailuresBlock; findings: Finding[] } {
  const groups = new Map<string, Group>();
  const attributed: { trial: DriveTrial; taskId: string; cause?: Cause }[] = [];
  for (const trial of trials) {
    if (!failedFirstTry(trial)) continue;
    const task = tasks.get(trial.taskId);
    const cause = task === undefined ? undefined : causeOf(trial, task, tools);
    attributed.push({ trial, taskId: trial.taskId, ...(cause ? { cause } : {}) });
    if (cause === undefined) continue;
    const id = idOf(cause);
    const g = groups.get(id) ?? { first: cause, trials: new Set(), refs: [], quotes: new Set() };
    groups.set(id, g);
    g.trials.add(trial.corrId);
    g.refs.push(...cause.refs);
    if (cause.quote !== undefined && g.quotes.size < 3) g.quotes.add(cause.quote);
  }
  const ids = new Set(existing.map((f) => f.id));
  const written = [...groups.values()].flatMap((g) => {
    if (ids.has(idOf(g.first))) return [];
    const f = groupFinding(g);
    return f === undefined ? [] : [f];
  });
  for (const f of written) ids.add(f.id);
  const list: FailedTrial[] = attributed.map(({ trial, taskId, cause }) => {
    const end: TapeRef[] = trial.endLine === undefined ? [] : [`agent:${trial.endLine}`];
    const id = cause === undefined ? undefined : idOf(cause);
    if (cause !== undefined && id !== undefined && ids.has(id))
      return {
        trial: trial.corrId,
        taskId,
        cause: cause.cause,
        finding: id,
        text: cause.text,
        evidence: evidenceOf([...cause.refs, ...end]),
      };
    return {
      trial: trial.corrId,
      taskId,
      cause: 'unexplained',
      text: unexplainedText(trial, tasks.get(trial.taskId)),
      evidence: evidenceOf([...trial.calls.map(refOf), ...end]),
    };
  });
  return {
    failures: {
      failedFirstTry: list.length,
      explained: list.filter((t) => t.cause !== 'unexplained').length,
      causes: Object.fromEntries(
        FailureCause.options.flatMap((c) => {
          const n = list.filter((t) => t.cause === c).length;
          return n > 0 ? [[c, n]] : [];
        }),
      ),
      trials: list,
    },
    findings: written,
  };
}
