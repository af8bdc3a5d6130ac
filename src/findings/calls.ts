import { asRecord } from '../core/json.js';
import { parseCorrId } from '../tape/corr-id.js';
import { type ExchangeOutcome, messages, pairExchanges } from '../tape/pairing.js';
import type { TapeRecord } from '../tape/reader.js';
import { EventKind } from '../tape/schema.js';
import { resultText } from '../tape/turn-pairing.js';

/** One tools/call as the wire tape holds it, with the arguments sent and what came back. */
export interface Call {
  tool: string;
  corrId: string;
  arguments: Record<string, unknown>;
  requestLine: number;
  responseLine?: number;
  outcome: ExchangeOutcome;
  latencyMs?: number;
  /** The text of an isError result, or the message of a JSON-RPC error. */
  messageOf?: string;
  errorCode?: number;
  /** Present when the result carried structuredContent (its value, possibly null). */
  structured?: { value: unknown };
  /** A result's text content, what the agent was given to read. */
  text?: string;
}

/** One drive trial: its calls in order, and how it ended (from the agent plane's trial event). */
export interface DriveTrial {
  corrId: string;
  taskId: string;
  calls: Call[];
  checkPassed: boolean | undefined;
  exhausted: boolean;
  /** The trial event's own first-try verdict (absent on tapes written before it was recorded). */
  firstTry?: boolean;
  /** The kind of the oracle error the trial event names (timeout, transport, connect, model). */
  oracleError?: string;
  /** The agent-plane line of the trial event. */
  endLine?: number;
}

export interface TapeCalls {
  /** Every tools/call on the wire tape, any phase (the server's own behaviour). */
  all: Call[];
  /** The drive's trials, in order of their first call or trial event. */
  trials: DriveTrial[];
}

/** The JSON-RPC message with this id on a line (a batch line holds several). */
function messageOn(record: TapeRecord | undefined, id: string | number): Record<string, unknown> | undefined {
  if (record?.type !== 'message') return undefined;
  return messages(record.value.raw).find((m) => m.id === id);
}

function callsOf(wire: readonly TapeRecord[]): Call[] {
  const byLine = new Map(wire.map((r) => [r.line, r]));
  const calls: Call[] = [];
  for (const x of pairExchanges(wire).exchanges) {
    if (x.method !== 'tools/call' || x.tool === undefined) continue;
    const request = messageOn(byLine.get(x.requestLine), x.id);
    const args = asRecord(asRecord(request?.params)?.arguments) ?? {};
    const call: Call = {
      tool: x.tool,
      corrId: x.corrId ?? '',
      arguments: args,
      requestLine: x.requestLine,
      outcome: x.outcome,
    };
    if (x.responseLine !== undefined) call.responseLine = x.responseLine;
    if (x.latencyMs !== undefined) call.latencyMs = x.latencyMs;
    if (x.outcome === 'rpc-error' && x.error) {
      call.messageOf = x.error.message;
      if (x.error.code !== undefined) call.errorCode = x.error.code;
    }
    const result = asRecord(messageOn(byLine.get(x.responseLine ?? -1), x.id)?.result);
    if (x.outcome === 'tool-error') call.messageOf = resultText(result?.content);
    // Whole, not clipped: whether the result held the task's key is read from it.
    if (x.outcome === 'result') call.text = resultText(result?.content, Number.POSITIVE_INFINITY);
    if (result !== undefined && 'structuredContent' in result)
      call.structured = { value: result.structuredContent };
    calls.push(call);
  }
  return calls;
}

type TrialEnd = Pick<DriveTrial, 'checkPassed' | 'exhausted' | 'firstTry' | 'oracleError' | 'endLine'>;

function trialEnds(agent: readonly TapeRecord[]): Map<string, TrialEnd> {
  const ends = new Map<string, TrialEnd>();
  for (const r of agent) {
    if (r.type !== 'event' || r.value.kind !== EventKind.trial || r.value.corr_id === undefined) continue;
    const raw = asRecord(r.value.raw);
    if (raw?.phase !== 'drive') continue;
    ends.set(r.value.corr_id, {
      checkPassed: typeof raw.checkPassed === 'boolean' ? raw.checkPassed : undefined,
      exhausted: raw.exhausted !== null && raw.exhausted !== undefined,
      ...(typeof raw.firstTry === 'boolean' ? { firstTry: raw.firstTry } : {}),
      ...(typeof raw.oracleError === 'string' ? { oracleError: raw.oracleError } : {}),
      endLine: r.line,
    });
  }
  return ends;
}

/**
 * The calls of a run's tapes and its drive trials. A drive trial is a corr id the tape reader
 * parses as a drive trial of a registered task; its `::verify` calls are the harness's, left out.
 */
export function tapeCalls(
  wire: readonly TapeRecord[],
  agent: readonly TapeRecord[],
  taskIds: ReadonlySet<string>,
): TapeCalls {
  const all = callsOf(wire);
  const ends = trialEnds(agent);
  const trials = new Map<string, DriveTrial>();
  const trialOf = (corrId: string): DriveTrial | undefined => {
    const c = parseCorrId(corrId, (id) => taskIds.has(id));
    if (c.kind !== 'trial' || c.phase !== 'drive' || c.verify) return undefined;
    let t = trials.get(c.trial);
    if (t === undefined) {
      const end = ends.get(c.trial);
      t = {
        corrId: c.trial,
        taskId: c.taskId,
        calls: [],
        ...end,
        checkPassed: end?.checkPassed,
        exhausted: end?.exhausted ?? false,
      };
      trials.set(c.trial, t);
    }
    return t;
  };
  for (const call of all) trialOf(call.corrId)?.calls.push(call);
  for (const corrId of ends.keys()) trialOf(corrId);
  return { all, trials: [...trials.values()] };
}

/** Answered calls are cited by their response line, unanswered ones by their request line. */
export function refOf(call: Call): `wire:${number}` {
  return `wire:${call.responseLine ?? call.requestLine}`;
}

export const failed = (c: Call) => c.outcome !== 'result';
