import { StructuralGate } from '../record/gate.js';
import type { ExplorationFigures, StructuralInput } from '../record/gate-input.js';
import { REASON_OUTCOME } from '../record/outcome.js';
import { proportion } from '../record/proportion.js';
import { inputs } from './errors.js';
import { plural, rate } from './format.js';
import { offlineGeneratorLimit } from './generator-limit.js';
import { seal } from './seal.js';

export type { StructuralInput } from '../record/gate-input.js';

/** How many calls exploration made, naming the one that only prepared the session. */
function timesText(x: ExplorationFigures): string {
  return `${plural(x.calls, 'time')}${(x.prepared ?? 0) > 0 ? ' (one of them the call the server asked for first, which reads nothing)' : ''}`;
}

function noUsableText(x: ExplorationFigures): string {
  const head = `Exploration called ${x.toolsCalled} of ${plural(x.explorable, 'explorable tool')} ${timesText(x)} and no call gave a usable result`;
  const invalid = x.invalidResults ?? 0;
  // A result the client refuses is the server's defect, whatever else the calls lacked.
  if (invalid > 0)
    return `${head}: ${invalid} of the ${plural(x.errors, 'error')} were results the MCP client rejected because they break the output schema their tool declares (no structured content, or content that does not match it), a defect of the server's results that any client checking output schemas meets, whatever values are sent; the exploration ledger gives every tool's errors.`;
  // Errors that point at a tool exploration never called say what the server waits for.
  const named = x.namedToolErrors ?? 0;
  if (x.namedTool !== undefined && named * 2 >= x.errors)
    return `${head}: ${named} of the ${plural(x.errors, 'error')} name another tool of the surface, ${x.namedTool}, which exploration never called (the ledger says why): the server answers only once that tool has been called. Exploration makes such a call itself only when the errors say it comes first and the run may call the tool (read-only, declared destructiveHint: false, or --allow-destructive); otherwise it is a limit of this generator as much as of the server.`;
  const params = x.generatedOnly ?? [];
  return params.length > 0
    ? `${head}: the required ${params.length === 1 ? 'parameter' : 'parameters'} ${params.join(', ')} had no given or harvested value, so every call carried a generated one. Give the values a user would (--given NAME=VALUE).`
    : `${head} (${plural(x.errors, 'error')}; the rest error texts or empty results).`;
}

/**
 * Empty answers speak for the tools that gave them: with tools exploration did not call, the data
 * it could read is empty, not the server's (claude-code: its task and schedule lists were empty,
 * and its file reader was not called).
 */
function emptyDataText(x: ExplorationFigures): string {
  const head = `${plural(x.emptyState ?? 0, 'answer')} of ${plural(x.calls, 'exploration call')} said the server holds nothing, and no call gave data`;
  const unexplored = x.tools - x.explorable;
  return unexplored === 0
    ? `${head}: its data is empty, which says nothing about its surface. Point it at data, or seed it, and run again.`
    : `${head}: what the ${plural(x.explorable, 'explorable tool')} read is empty. The other ${plural(unexplored, 'tool')} of ${x.tools} ${unexplored === 1 ? 'was' : 'were'} not called, read as ones that may write, and may hold data: a limit of this generator as much as a statement about the server's data (name read-only tools with --read-only); the exploration ledger gives each tool's reason.`;
}

type Decision = Pick<StructuralGate, 'verdict' | 'reason' | 'explain'>;

function decide(i: StructuralInput, admitted: number, admissionRate: number | undefined): Decision {
  if (i.surfaceListed && i.toolCount === 0 && (i.listedTools ?? 0) > 0) {
    return {
      verdict: 'FAIL',
      reason: 'invalid_schemas',
      explain: `The server listed ${plural(i.listedTools ?? 0, 'tool')}, and every one was left out as malformed (an invalid name or inputSchema: the input-schemas probe and the surface-dropped-tools note name each), so no task can be generated.`,
    };
  }
  if (!i.surfaceListed || i.toolCount === 0) {
    const what = i.surfaceListed
      ? 'listed 0 tools'
      : 'answered tools/list with an error (the surface-list-failed note quotes it)';
    return {
      verdict: 'FAIL',
      reason: 'no_surface',
      explain: `The server ${what}, so no task can be generated.`,
    };
  }
  const x = i.exploration;
  if (x !== undefined && x.explorable === 0) {
    return {
      verdict: 'FAIL',
      reason: 'no_explorable_tools',
      explain: `0 of ${plural(x.tools, 'tool')} are read-only by declaration, assertion or inference, so exploration could call none of them (name read-only tools with --read-only, or allow every tool with --allow-destructive).`,
    };
  }
  if (i.candidates === 0 && x !== undefined && x.usable === 0 && (x.emptyState ?? 0) > 0) {
    return {
      verdict: 'FAIL',
      reason: 'empty_data',
      explain: emptyDataText(x),
    };
  }
  if (i.candidates === 0 && x !== undefined && x.usable === 0 && x.calls > 0) {
    return { verdict: 'FAIL', reason: 'no_usable_results', explain: noUsableText(x) };
  }
  if (i.candidates === 0) {
    return {
      verdict: 'FAIL',
      reason: 'no_candidates',
      explain:
        x === undefined
          ? `The generator proposed no candidate task from ${plural(i.toolCount, 'tool')}.`
          : `The offline generator called ${x.toolsCalled} of ${plural(x.explorable, 'explorable tool')} ${timesText(x)} (${plural(x.errors, 'error')}) and built no candidate from their answers: a limit of this generator as much as of the server (a judge model may do better); the exploration ledger gives each tool's reason.${emptyAside(x)}`,
    };
  }
  const rateText = `${admitted} of ${plural(i.candidates, 'candidate')} admitted (admission rate ${rate(admissionRate ?? 0)})`;
  const unstable = i.unstable ?? 0;
  if (admissionRate !== undefined && admissionRate < i.minAdmissionRate && unstable * 2 > i.rejected) {
    return {
      verdict: 'FAIL',
      reason: 'answers_unstable',
      explain: `${rateText}, below the registered floor of ${rate(i.minAdmissionRate)}, and ${unstable} of ${plural(i.rejected, 'rejection')} are key-unstable: the same read-only call answered differently when admission made it again in a fresh server process, so no task can be graded against a fixed key.`,
    };
  }
  if (admissionRate !== undefined && admissionRate < i.minAdmissionRate) {
    return {
      verdict: 'FAIL',
      reason: 'admission_rate_below_floor',
      explain: `${rateText}, below the registered floor of ${rate(i.minAdmissionRate)}.${x === undefined ? '' : ` ${offlineGeneratorLimit(x, i.candidates)}`}`,
    };
  }
  const [first] = i.invalidTasks;
  if (first) {
    return {
      verdict: 'FAIL',
      reason: 'registered_task_invalid',
      explain: `${i.invalidTasks.length} of ${plural(i.registered, 'registered task')} failed re-validation from their rendered content (first: ${first.taskId}: ${first.detail}).`,
    };
  }
  return {
    verdict: 'PASS',
    explain: `${plural(i.toolCount, 'tool')} listed; ${rateText}, at or above the floor of ${rate(i.minAdmissionRate)}; all ${plural(i.registered, 'registered task')} re-validated.`,
  };
}

/**
 * What the empty answers say beside a refusal that did read some data: the server said it holds
 * nothing in some of them, so its data may be the limit (excalidraw: every element list empty, the
 * other answers only its theme and viewport settings).
 */
function emptyAside(x: ExplorationFigures): string {
  const empty = x.emptyState ?? 0;
  if (empty === 0) return '';
  return ` ${plural(empty, 'answer')} said the server holds nothing: its data may be empty (point it at data, or seed it, and run again).`;
}

/** Gate 1 (free): is there a surface, a candidate, an admission rate above the floor, a valid suite? */
export function structuralGate(input: StructuralInput): StructuralGate {
  const v = inputs('structural');
  v.boolean('surfaceListed', input.surfaceListed);
  v.count('toolCount', input.toolCount);
  if (input.listedTools !== undefined) v.count('listedTools', input.listedTools);
  const candidates = v.count('candidates', input.candidates);
  const rejected = v.upTo('rejected', input.rejected, 'candidates', candidates);
  if (input.unstable !== undefined) v.upTo('unstable', input.unstable, 'rejected', rejected);
  v.count('registered', input.registered);
  v.threshold('minAdmissionRate', input.minAdmissionRate);
  v.array('invalidTasks', input.invalidTasks).forEach((t, i) => {
    v.text(`invalidTasks[${i}].taskId`, t.taskId);
    v.text(`invalidTasks[${i}].detail`, t.detail);
  });
  const x = input.exploration;
  if (x !== undefined) {
    const tools = v.count('exploration.tools', x.tools);
    const explorable = v.upTo('exploration.explorable', x.explorable, 'exploration.tools', tools);
    v.upTo('exploration.toolsCalled', x.toolsCalled, 'exploration.explorable', explorable);
    const calls = v.count('exploration.calls', x.calls);
    v.upTo('exploration.errors', x.errors, 'exploration.calls', calls);
    if (x.usable !== undefined) v.upTo('exploration.usable', x.usable, 'exploration.calls', calls);
    if (x.emptyState !== undefined)
      v.upTo('exploration.emptyState', x.emptyState, 'exploration.calls', calls);
    if (x.prepared !== undefined) v.upTo('exploration.prepared', x.prepared, 'exploration.calls', calls);
    for (const [i, p] of (x.generatedOnly ?? []).entries()) v.text(`exploration.generatedOnly[${i}]`, p);
  }
  const admitted = candidates - rejected;
  const admissionRate = proportion(admitted, candidates);
  const decision = decide(input, admitted, admissionRate);
  const outcome = decision.reason ? REASON_OUTCOME[decision.reason] : null;
  return seal(
    StructuralGate,
    {
      gate: 'structural',
      tier: 'free',
      ...decision,
      ...(outcome ? { outcome } : {}),
      surfaceListed: input.surfaceListed,
      toolCount: input.toolCount,
      ...(input.listedTools === undefined ? {} : { listedTools: input.listedTools }),
      ...(input.unstable === undefined ? {} : { unstable: input.unstable }),
      candidates,
      admitted,
      ...(admissionRate === undefined ? {} : { admissionRate }),
      minAdmissionRate: input.minAdmissionRate,
      registered: input.registered,
      invalidTasks: input.invalidTasks.map((t) => ({ taskId: t.taskId, detail: t.detail })),
      ...(x === undefined
        ? {}
        : {
            exploration: {
              tools: x.tools,
              explorable: x.explorable,
              toolsCalled: x.toolsCalled,
              calls: x.calls,
              errors: x.errors,
              ...(x.usable === undefined ? {} : { usable: x.usable }),
              ...(x.emptyState === undefined ? {} : { emptyState: x.emptyState }),
              ...(x.prepared === undefined ? {} : { prepared: x.prepared }),
              ...(x.generatedOnly === undefined ? {} : { generatedOnly: [...x.generatedOnly] }),
            },
          }),
      input,
    },
    'structural',
  );
}
