import type { McpSession } from '../connect/session.js';
import type { ToolCallOutcome as SessionOutcome } from '../connect/session-types.js';
import type { ToolCaller, ToolCallOutcome } from '../suite/surface.js';
import { EventKind } from '../tape/schema.js';
import { checkStop, type RunContext } from './context.js';
import type { Connected } from './products.js';
import { openMainSession } from './run-session.js';
import { RunStop } from './stop.js';
import { targetAlive } from './trials.js';
import type { CallFailure, CallWatch } from './watched-calls.js';

/** How many distinct tools may fail, with nothing answered at all, before generation stops. */
const FIRST_TOOLS_ALL_FAILED = 3;

function failureOf(outcome: SessionOutcome, session: McpSession): CallFailure | undefined {
  if (outcome.kind === 'timeout') return 'timeout';
  if (outcome.kind !== 'failed') return undefined;
  return session.fault?.kind === 'frame' ? 'frame' : 'transport';
}

function suiteOutcome(outcome: SessionOutcome): ToolCallOutcome {
  switch (outcome.kind) {
    case 'result':
      return { kind: 'result', result: outcome.result };
    case 'invalid-result':
      return { kind: 'error', message: outcome.message, invalidResult: true };
    case 'rpc-error':
      return { kind: 'error', message: outcome.message, code: outcome.code };
    case 'timeout':
      return { kind: 'error', message: `no response within ${outcome.timeoutMs} ms` };
    case 'failed':
      return { kind: 'error', message: outcome.message };
  }
}

const WORDS: Readonly<Record<CallFailure, string>> = {
  timeout: 'got no answer in time',
  transport: 'failed at the transport',
  frame: 'was answered with a frame the transport refuses',
};

/** The VOID reason a failure kind stands for. */
export function voidReasonOf(kind: CallFailure): 'timeout' | 'transport_error' {
  return kind === 'timeout' ? 'timeout' : 'transport_error';
}

/**
 * Is the target still there after a failed call? The main session's own fault decides first (its
 * process exited, a frame ended it); otherwise a fresh session must answer tools/list. A dead
 * target stops the run (VOID), thrown as a RunStop so the generator unwinds at once.
 */
export async function checkTarget(ctx: RunContext, connected: Connected, during: string): Promise<void> {
  checkStop(ctx);
  const fault = connected.main.session.fault;
  if (fault !== undefined) {
    const reason = fault.kind === 'frame' ? 'transport_error' : 'target_died';
    throw stop(ctx, new RunStop(reason, `${fault.detail} during ${during}`));
  }
  if (!(await targetAlive(ctx, connected.prior))) {
    throw stop(
      ctx,
      new RunStop(
        'target_died',
        `the target stopped answering during ${during} (a fresh connection got no tools/list)`,
      ),
    );
  }
  checkStop(ctx);
}

function stop(ctx: RunContext, reason: RunStop): RunStop {
  if (!ctx.abort.signal.aborted) ctx.abort.abort(reason);
  return ctx.abort.signal.reason instanceof RunStop ? ctx.abort.signal.reason : reason;
}

/**
 * The suite's view of the recorded session for generation and admission: calls with a corr id,
 * outcomes as data, and the server's failures watched. A failed call is recorded on the tape
 * (`fitness.call-failed`, per tool), the target is checked, and the tool is not called again (one
 * deadline per tool, not one per argument). When the first few distinct tools all fail and nothing
 * has answered, exploration cannot complete because of the server: the run stops as VOID with the
 * cause rather than going on to blame the surface.
 */
export function watchedCaller(
  ctx: RunContext,
  connected: Connected,
  corrId: string,
  watch: CallWatch,
): ToolCaller {
  const during = corrId === 'admit' ? 'admission' : 'generation';
  return async (name, args) => {
    checkStop(ctx);
    const session = connected.main.session;
    const earlier = watch.failed.get(name);
    if (earlier !== undefined)
      return { kind: 'error', message: `not called: an earlier call ${WORDS[earlier]}` };
    if (!watch.called.includes(name)) watch.called.push(name);
    const outcome = await session.callTool(name, args, {
      corrId,
      timeoutMs: ctx.config.callTimeoutMs,
      signal: ctx.abort.signal,
    });
    checkStop(ctx);
    const failure = failureOf(outcome, session);
    if (failure === undefined) {
      watch.answered += 1;
      return suiteOutcome(outcome);
    }
    watch.failed.set(name, failure);
    session.event(
      EventKind.callFailed,
      {
        tool: name,
        kind: failure,
        stage: during,
        message: 'message' in outcome ? outcome.message : WORDS[failure],
      },
      corrId,
    );
    // A server that has answered before gets a fresh session after one refused frame; one whose
    // first answer is refused is not measurable here, and the check below stops the run.
    const refused =
      failure === 'frame' && watch.answered > 0 ? await reconnect(ctx, connected, during) : undefined;
    if (refused === undefined) await checkTarget(ctx, connected, during);
    else watch.refusal ??= refused;
    if (watch.answered === 0 && watch.failed.size >= FIRST_TOOLS_ALL_FAILED) {
      const tools = [...watch.failed].map(([tool, kind]) => `${tool}: ${kind}`);
      const limit = watch.refusal === undefined ? '' : `; ${watch.refusal} during ${during}`;
      throw stop(
        ctx,
        new RunStop(
          voidReasonOf(failure),
          `exploration could not complete: none of the first ${tools.length} tools called was answered during ${during} (${tools.join('; ')})${limit}`,
        ),
      );
    }
    const seen = suiteOutcome(outcome);
    return refused === undefined || seen.kind !== 'error' ? seen : { ...seen, refused };
  };
}

/**
 * A frame over the size or depth limit ends the session it came on (nothing past the limit is
 * read), but it is that one answer, not the server, that failed: the run opens a fresh main
 * session on the same tape and goes on without calling that tool again. Returns what was refused;
 * a target that cannot be reached again stops the run as a dead target.
 */
async function reconnect(ctx: RunContext, connected: Connected, during: string): Promise<string> {
  const session = connected.main.session;
  const refused = session.fault?.detail ?? 'a frame over the transport limit';
  await session.close().catch(() => undefined);
  checkStop(ctx);
  try {
    connected.main.session = await openMainSession(ctx, 'reconnect');
  } catch (err) {
    checkStop(ctx);
    const why = err instanceof Error ? err.message : String(err);
    throw stop(
      ctx,
      new RunStop('target_died', `${refused} during ${during}, and reconnecting failed: ${why}`),
    );
  }
  return refused;
}
