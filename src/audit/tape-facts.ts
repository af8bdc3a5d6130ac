import { carriesKey } from '../agents/evaluate.js';
import { changesHandle, plannedArguments } from '../agents/handles.js';
import { canonicalJson } from '../core/canonical.js';
import { isRecord } from '../core/json.js';
import { evaluateCheck } from '../suite/checks.js';
import type { Task } from '../suite/schema.js';
import { isVerifyCorrId, parseCorrId, trialOfCorrId } from '../tape/corr-id.js';
import { type Exchange, pairExchanges } from '../tape/pairing.js';
import type { Phase } from '../tape/phases.js';
import type { Tape, TapeRecord } from '../tape/reader.js';
import type { TurnLine } from '../tape/schema.js';

/** One trial as the tapes show it. */
export interface TapeTrial {
  corrId: string;
  taskId: string;
  phase: Phase;
  /** Text of the last assistant turn ('' when it had none). */
  answer: string;
  /** An assistant turn carried a model error. */
  modelError: boolean;
  /** The trial's own tools/call exchanges on the wire (verification calls excluded). */
  calls: Exchange[];
  /** The arguments the model asked for (agent tape tool_use blocks), in order. */
  asked: unknown[];
  /** The arguments that went out (wire tape tools/call requests), in order. */
  sent: unknown[];
  inputTokens: number;
  outputTokens: number;
}

interface Parsed {
  taskId: string;
  phase: Phase;
}

/**
 * `x001::construct#2` → construct, `x001#3` / `x001` → drive (when x001 is a task), `x001::screen` →
 * screen; a `::verify` suffix belongs to its trial. Anything else (connect, generate, admit, health)
 * is not a trial.
 */
export function parseTrialCorrId(corrId: string, taskIds: ReadonlySet<string>): Parsed | undefined {
  const parsed = parseCorrId(corrId, (id) => taskIds.has(id));
  return parsed.kind === 'trial' ? { taskId: parsed.taskId, phase: parsed.phase } : undefined;
}

function trialKey(corrId: string): string {
  return trialOfCorrId(corrId);
}

function textOf(turn: TurnLine): string {
  return turn.blocks
    .flatMap((b) => (b.type === 'text' && 'text' in b && typeof b.text === 'string' ? [b.text] : []))
    .join('');
}

/**
 * Every trial the agent and wire tapes show, keyed by corr id: a trial that reached the model has
 * turns on the agent tape; one that only opened a session has wire lines under its corr id.
 */
export function tapeTrials(agent: Tape, wire: Tape, taskIds: ReadonlySet<string>): Map<string, TapeTrial> {
  const trials = new Map<string, TapeTrial>();
  const get = (corrId: string): TapeTrial | undefined => {
    const key = trialKey(corrId);
    const parsed = parseTrialCorrId(key, taskIds);
    if (parsed === undefined) return undefined;
    let trial = trials.get(key);
    if (trial === undefined) {
      trial = {
        corrId: key,
        ...parsed,
        answer: '',
        modelError: false,
        calls: [],
        asked: [],
        sent: [],
        inputTokens: 0,
        outputTokens: 0,
      };
      trials.set(key, trial);
    }
    return trial;
  };
  for (const record of agent.records) {
    if (record.type !== 'turn' || record.value.echoed === true) continue;
    const turn = record.value;
    const trial = turn.corr_id === undefined ? undefined : get(turn.corr_id);
    if (trial === undefined || turn.role !== 'assistant') continue;
    trial.answer = textOf(turn);
    for (const b of turn.blocks) if (b.type === 'tool_use' && 'input' in b) trial.asked.push(b.input);
    if (turn.error !== undefined) trial.modelError = true;
    trial.inputTokens += turn.usage?.input_tokens ?? 0;
    trial.outputTokens += turn.usage?.output_tokens ?? 0;
  }
  for (const record of wire.records) {
    if ((record.type === 'message' || record.type === 'event') && record.value.corr_id !== undefined)
      get(record.value.corr_id);
  }
  const requests = new Map(wire.records.map((r) => [r.line, r]));
  for (const exchange of pairExchanges(wire.records).exchanges) {
    if (exchange.method !== 'tools/call' || exchange.corrId === undefined) continue;
    if (isVerifyCorrId(exchange.corrId)) continue;
    const trial = get(exchange.corrId);
    trial?.calls.push(exchange);
    trial?.sent.push(requestArguments(requests.get(exchange.requestLine)));
  }
  return trials;
}

function requestArguments(record: TapeRecord | undefined): unknown {
  if (record?.type !== 'message') return undefined;
  const raw = record.value.raw;
  if (raw === null || typeof raw !== 'object' || !('params' in raw)) return undefined;
  const params = raw.params;
  return params !== null && typeof params === 'object' && 'arguments' in params
    ? params.arguments
    : undefined;
}

function same(a: unknown, b: unknown): boolean {
  try {
    return canonicalJson(a ?? {}) === canonicalJson(b ?? {});
  } catch {
    return false;
  }
}

/**
 * null-random-args: a trial is applicable when some call went out with arguments other than the
 * ones the model asked for (the agent tape against the wire tape, call by call) that change an
 * argument carrying the task's handle, and no call left as the model asked brought back the key:
 * the same rule the trial used (`changesHandle`, `randomArgsApplicable`).
 */
export function randomisedTrial(trial: TapeTrial, task: Task | undefined, wire: Tape): boolean {
  const planned = task === undefined ? undefined : plannedArguments(task);
  const randomised = trial.sent.map(
    (sent, i) =>
      !same(sent, trial.asked[i]) &&
      changesHandle(trial.calls[i]?.tool ?? '', isRecord(sent) ? sent : {}, planned),
  );
  if (!randomised.some(Boolean)) return false;
  return (
    task === undefined ||
    !trial.calls.some(
      (c, i) => randomised[i] !== true && c.outcome === 'result' && carriesKey(task, responseResult(wire, c)),
    )
  );
}

/** The result frame that answered an exchange, read back from the wire tape by line number. */
export function responseResult(wire: Tape, exchange: Exchange): unknown {
  if (exchange.responseLine === undefined) return undefined;
  const record = wire.records.find((r) => r.line === exchange.responseLine);
  if (record?.type !== 'message') return undefined;
  const raw = record.value.raw;
  return raw !== null && typeof raw === 'object' && 'result' in raw ? raw.result : undefined;
}

/** The trial's check on its recorded final answer (undefined for `state` checks: the tape cannot decide them alone). */
export function checkPassed(task: Task, trial: TapeTrial): boolean | undefined {
  if (task.check.kind === 'state') return undefined;
  return evaluateCheck(task.check, { answer: trial.answer }).pass;
}

/** The construct criterion re-read from the tapes: the check passed and an expected tool's answered result carried the key. */
export function constructPassed(task: Task, trial: TapeTrial, wire: Tape): boolean | undefined {
  const check = checkPassed(task, trial);
  if (check === undefined) return undefined;
  return (
    check &&
    trial.calls.some(
      (c) =>
        c.tool !== undefined &&
        task.expectedTools.includes(c.tool) &&
        c.outcome === 'result' &&
        carriesKey(task, responseResult(wire, c)),
    )
  );
}

/** A trial that did not complete: a call never answered, or the model call failed. */
export function oracleErrored(trial: TapeTrial): boolean {
  return trial.modelError || trial.calls.some((c) => c.outcome === 'pending');
}
