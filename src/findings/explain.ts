import { canonicalJson } from '../core/canonical.js';
import type { FailureCause, FindingKind } from '../record/findings.js';
import type { TapeRef } from '../record/probe.js';
import type { Task } from '../suite/schema.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { disagreements, invalidParameters, planArguments } from './arguments.js';
import { clip, unsecret } from './build.js';
import { type Call, type DriveTrial, failed, refOf } from './calls.js';
import { expectedTool } from './wrong-tool.js';

/** Why one failed first try failed, read from its own calls: the finding that will count it. */
export interface Cause {
  cause: Exclude<FailureCause, 'unexplained'>;
  kind: FindingKind;
  tool: string;
  /** The third part of the finding's id: the parameter, or the tool chosen instead. */
  key?: string;
  parameter?: string;
  /** What happened, in one line (server text clipped and redacted). */
  text: string;
  /** Server text the finding may quote (clipped and redacted). */
  quote?: string;
  refs: TapeRef[];
}

/** A trial failed on its first try: its event's own verdict, or (older tapes) the rule it follows. */
export function failedFirstTry(t: DriveTrial): boolean {
  if (t.firstTry !== undefined) return !t.firstTry;
  return t.checkPassed !== true || t.exhausted || t.calls.some(failed);
}

const errorOf = (c: Call) => (c.outcome === 'tool-error' || c.outcome === 'rpc-error' ? c : undefined);
const said = (c: Call) =>
  clip(c.messageOf === undefined || c.messageOf === '' ? '(no text)' : c.messageOf, 100);

/** It never called its expected tool, and called one that is neither expected nor planned. */
function wrongTool(trial: DriveTrial, task: Task): Cause | undefined {
  const expected = expectedTool(task);
  if (expected === undefined || trial.calls.some((c) => c.tool === expected)) return undefined;
  const allowed = new Set([...task.expectedTools, ...task.plan.map((s) => s.tool)]);
  const others = trial.calls.filter((c) => !allowed.has(c.tool));
  const chosen = others[0]?.tool;
  if (chosen === undefined) return undefined;
  return {
    cause: 'wrong-tool',
    kind: 'wrong-tool',
    tool: expected,
    key: chosen,
    text: `called ${chosen} and never ${expected}`,
    refs: others.map(refOf),
  };
}

/** A parameter of the tool that an error text names as a word. */
function namedParameter(text: string, tool: ToolDescriptor | undefined): string | undefined {
  const props = tool?.inputSchema.properties;
  const names = props !== null && typeof props === 'object' ? Object.keys(props) : [];
  const words = new Set(
    unsecret(text)
      .toLowerCase()
      .split(/[^a-z0-9_]+/),
  );
  return names.find((n) => words.has(n.toLowerCase()));
}

/** The parameter a call got wrong, and how: rejected for it, or of another kind than the plan's. */
function wrongArgument(call: Call, trial: DriveTrial, task: Task, tool: ToolDescriptor | undefined) {
  const error = errorOf(call);
  if (error !== undefined) {
    const invalid = invalidParameters(call, tool)[0];
    if (invalid !== undefined) return { parameter: invalid, how: 'its input schema rejects the value sent' };
  }
  if (failed(call) || trial.checkPassed !== true) {
    const [kind] = disagreements(call, planArguments(task, call.tool));
    if (kind !== undefined)
      return { parameter: kind[0], how: 'sent a value of another kind than the plan used' };
  }
  if (error === undefined) return undefined;
  const named = namedParameter(error.messageOf ?? '', tool);
  if (named !== undefined) return { parameter: named, how: 'the error names this argument' };
  if (error.errorCode === -32602) return { how: 'the server rejected its params (-32602)' };
  return undefined;
}

const show = (v: unknown) => clip(JSON.stringify(v) ?? String(v), 60);

/**
 * The plan's last call never made: its tool was called, but never with one of the arguments the
 * plan's last step passed (a parameter left out, the shape of the call wrong).
 */
function missingArgument(trial: DriveTrial, task: Task): Cause | undefined {
  const last = task.plan.at(-1);
  const bound = task.boundArguments.at(-1) ?? {};
  const calls = trial.calls.filter((c) => c.tool === last?.tool);
  if (last === undefined || calls.length === 0) return undefined;
  const missing = (c: Call) => Object.keys(bound).filter((p) => !(p in c.arguments));
  const closest = calls.reduce((a, b) => (missing(b).length < missing(a).length ? b : a));
  const parameter = missing(closest)[0];
  if (parameter === undefined) return undefined;
  return {
    cause: 'argument',
    kind: 'argument-misuse',
    tool: last.tool,
    parameter,
    text: `${last.tool} was never called with ${parameter} (the plan's last step passed ${show(bound[parameter])})`,
    refs: calls.map(refOf),
  };
}

function argument(
  trial: DriveTrial,
  task: Task,
  tools: ReadonlyMap<string, ToolDescriptor>,
): Cause | undefined {
  for (const call of trial.calls) {
    const wrong = wrongArgument(call, trial, task, tools.get(call.tool));
    if (wrong === undefined) continue;
    const what = wrong.parameter === undefined ? call.tool : `${call.tool}.${wrong.parameter}`;
    const error = errorOf(call);
    return {
      cause: 'argument',
      kind: 'argument-misuse',
      tool: call.tool,
      ...(wrong.parameter === undefined ? {} : { parameter: wrong.parameter }),
      text: `${what}: ${wrong.how}${error ? `; the server answered "${said(error)}"` : ''}`,
      ...(error ? { quote: said(error) } : {}),
      refs: [refOf(call)],
    };
  }
  return undefined;
}

function serverError(trial: DriveTrial): Cause | undefined {
  const call = trial.calls.find((c) => errorOf(c) !== undefined);
  if (call === undefined) return undefined;
  const code = call.errorCode === undefined ? '' : ` (JSON-RPC ${call.errorCode})`;
  return {
    cause: 'server-error',
    kind: 'server-error',
    tool: call.tool,
    text: `${call.tool} answered an error${code}: "${said(call)}"`,
    quote: said(call),
    refs: [refOf(call)],
  };
}

function timeout(trial: DriveTrial, task: Task): Cause | undefined {
  const pending = trial.calls.find((c) => c.outcome === 'pending');
  const tool = pending?.tool ?? expectedTool(task) ?? trial.calls.at(-1)?.tool;
  if (tool === undefined) return undefined;
  const end: TapeRef[] = trial.endLine === undefined ? [] : [`agent:${trial.endLine}`];
  const text =
    pending !== undefined
      ? `a call to ${pending.tool} was never answered`
      : trial.exhausted
        ? 'the agent ran out of its step or token budget'
        : trial.oracleError === 'timeout'
          ? 'the trial ran out of time'
          : undefined;
  if (text === undefined) return undefined;
  return {
    cause: 'timeout',
    kind: 'timeout',
    tool,
    text,
    refs: [...(pending ? [refOf(pending)] : []), ...end],
  };
}

/** The task's key as a result would print it. */
function keyText(task: Task): string | undefined {
  const key = task.answerKey;
  if (typeof key === 'string') return key.trim() === '' ? undefined : unsecret(key);
  if (typeof key === 'number' || typeof key === 'boolean') return String(key);
  return key === null || key === undefined ? undefined : unsecret(JSON.stringify(key));
}

/** Whether a text holds the key as a whole value (not inside a longer number or word). */
function holds(text: string, key: string): boolean {
  const at = text.indexOf(key);
  if (at === -1) return false;
  const word = /[A-Za-z0-9]/;
  const before = text[at - 1] ?? ' ';
  const after = text[at + key.length] ?? ' ';
  return (
    (!word.test(before) || !word.test(key[0] ?? '')) && (!word.test(after) || !word.test(key.at(-1) ?? ''))
  );
}

function unreadResult(trial: DriveTrial, task: Task): Cause | undefined {
  const key = keyText(task);
  const expected = new Set([...task.expectedTools, ...(task.plan.at(-1) ? [task.plan.at(-1)?.tool] : [])]);
  if (key === undefined) return undefined;
  const call = trial.calls.find((c) => {
    if (c.outcome !== 'result' || !expected.has(c.tool)) return false;
    const structured = c.structured === undefined ? '' : JSON.stringify(c.structured.value);
    return holds(unsecret(`${c.text ?? ''}\n${structured}`), key);
  });
  if (call === undefined) return undefined;
  return {
    cause: 'unread-result',
    kind: 'unread-result',
    tool: call.tool,
    text: `${call.tool} answered with the key ${JSON.stringify(clip(key, 40))} in its result, and the answer missed it`,
    refs: [refOf(call)],
  };
}

/**
 * The cause of one failed first try, from its own calls, in this order: the wrong tool (the
 * expected one never called), an argument (rejected for it, or of another kind than the plan
 * used), a server error, a timeout (budget, time, an unanswered call), a result that held the key
 * and was not read. Undefined: unexplained.
 */
export function causeOf(
  trial: DriveTrial,
  task: Task,
  tools: ReadonlyMap<string, ToolDescriptor>,
): Cause | undefined {
  return (
    wrongTool(trial, task) ??
    argument(trial, task, tools) ??
    serverError(trial) ??
    timeout(trial, task) ??
    unreadResult(trial, task) ??
    missingArgument(trial, task)
  );
}

/** What an unexplained failure showed, in one line. */
export function unexplainedText(trial: DriveTrial, task: Task | undefined): string {
  const tools = [...new Set(trial.calls.map((c) => c.tool))];
  const harness =
    trial.oracleError === undefined ? '' : `; the harness recorded a ${trial.oracleError} error`;
  if (task === undefined) return `the task ${trial.taskId} is not in the suite${harness}`;
  if (tools.length === 0) return `the agent called no tool${harness}`;
  const last = task.plan.at(-1)?.tool;
  const called = `the agent called ${tools.join(', ')} and every call answered`;
  if (last !== undefined && !tools.includes(last))
    return `${called}, but it never called ${last}, the plan's last step${harness}`;
  const bound = task.boundArguments.at(-1) ?? {};
  // Compared as a published copy shows them (a credential is its marker), so verify agrees there.
  const shown = (args: unknown) => unsecret(canonicalJson(args));
  const same = trial.calls.some((c) => c.tool === last && shown(c.arguments) === shown(bound));
  const why = same
    ? `, though it was called with the plan's own arguments: the server's answer changed since admission`
    : '';
  return `${called}; no answer of ${last ?? 'an expected tool'} held the key (${show(task.answerKey)})${why}${harness}`;
}
