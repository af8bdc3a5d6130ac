import { HttpTarget, targetSecrets } from '../connect/target.js';
import { HttpWire, type RawHttpFailure, type RawHttpResponse } from '../connect/wire.js';
import type { TapeRef } from '../record/probe.js';
import { Redactor } from '../tape/redact.js';
import type { ChannelOptions } from './channel-stdio.js';
import { isFrame, objectAt } from './frames.js';
import {
  type Frame,
  PROBE_STEP_MS,
  type ProbeTape,
  type RawChannel,
  type Step,
  type StepResult,
} from './types.js';

export interface HttpEndpoint {
  readonly url: string;
  /** Secret headers: sent, never written to the tape. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Configuration headers: sent and recorded in plain. */
  readonly publicHeaders?: Readonly<Record<string, string>>;
  readonly credential?: string | undefined;
}

/**
 * Raw JSON-RPC over Streamable HTTP on the session's own HTTP layer (`HttpWire`): the same frame
 * size and depth limits, the same secret handling and the same `fitness.http` events on the tape,
 * and a request the server sends on an SSE stream (`roots/list`, `ping`) answered as the session's
 * client answers it. Every exchange opens sockets of its own and releases them when it ends; each
 * step is one POST whose status, headers and answer frames go on the tape. A foreign `Host` or
 * `Origin` in a step's headers is sent as given.
 */
export function httpChannel(
  endpoint: HttpEndpoint,
  tape: ProbeTape,
  options: ChannelOptions = {},
): RawChannel {
  const timeoutMs = options.stepTimeoutMs ?? PROBE_STEP_MS.http;
  const target = HttpTarget.parse({
    kind: 'http',
    url: endpoint.url,
    headers: { ...endpoint.headers },
    publicHeaders: { ...endpoint.publicHeaders },
  });
  const redactor = new Redactor(targetSecrets(target));
  return {
    transport: 'http',
    async exchange(steps, corrId) {
      const wire = new HttpWire(target, tape, tape.newSession?.(), redactor);
      try {
        const results: StepResult[] = [];
        const carried: Record<string, string> = {};
        for (const step of steps) {
          const got = await wire.tryRawHttp({
            body: step.frame,
            headers: { ...carried, ...lower(step.headers ?? {}) },
            corrId,
            timeoutMs,
          });
          results.push(stepResult(step, got));
          if ('error' in got) continue;
          const sessionId = got.headers['mcp-session-id'];
          if (sessionId !== undefined) carried['mcp-session-id'] = sessionId;
          const negotiated = objectAt(results.at(-1)?.response, 'result')?.protocolVersion;
          if (step.frame.method === 'initialize' && typeof negotiated === 'string')
            carried['mcp-protocol-version'] = negotiated;
        }
        if (carried['mcp-session-id'] !== undefined)
          await wire.tryRawHttp({ method: 'DELETE', headers: carried, corrId, timeoutMs });
        return results;
      } finally {
        wire.close();
      }
    },
  };
}

/** What one POST observed: its status, the frame answering its request, and its tape lines. */
function stepResult(step: Step, got: RawHttpResponse | RawHttpFailure): StepResult {
  const refs: TapeRef[] = got.tapeLines.map((line): TapeRef => `wire:${line}`);
  if ('error' in got) return { refs, error: got.error };
  const id = 'id' in step.frame ? step.frame.id : undefined;
  // An error with id null answers the request that caused it (HTTP-level rejections use null).
  // The SSE answer is `body` even past the messages kept; a JSON body is its own first message.
  const response = [got.body, ...got.messages].find(
    (m): m is Frame => isFrame(m) && !('method' in m) && (m.id === id || (m.id === null && 'error' in m)),
  );
  return {
    status: got.status,
    response,
    refs,
    error: response || id === undefined ? undefined : 'no JSON-RPC answer',
  };
}

function lower(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
