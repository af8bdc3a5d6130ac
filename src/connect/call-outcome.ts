import { type JSONRPCMessage, ProtocolError } from '@modelcontextprotocol/client';
import { isTimeout, messageOf } from './errors.js';
import type { ToolCallOutcome } from './session-types.js';

/**
 * What a `tools/call` the SDK client threw on came to. The answering wire frame decides first (an
 * error frame, or a result the SDK rejected); only without one does the thrown error say what happened.
 */
export function failedCallOutcome(
  wire: JSONRPCMessage | undefined,
  err: unknown,
  timeoutMs: number,
  latencyMs: number,
  scrub: (text: string) => string,
): ToolCallOutcome {
  if (wire !== undefined && 'error' in wire) {
    const { code, message, data } = wire.error;
    return { kind: 'rpc-error', code, message, ...(data === undefined ? {} : { data }), latencyMs };
  }
  if (wire !== undefined && 'result' in wire) {
    return {
      kind: 'invalid-result',
      result: wire.result,
      message: scrub(messageOf(err)),
      latencyMs,
    };
  }
  if (isTimeout(err)) return { kind: 'timeout', timeoutMs, latencyMs };
  if (err instanceof ProtocolError)
    return { kind: 'rpc-error', code: err.code, message: err.message, latencyMs };
  return { kind: 'failed', message: scrub(messageOf(err)), latencyMs };
}
