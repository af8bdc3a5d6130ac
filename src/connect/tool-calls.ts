import type { Client } from '@modelcontextprotocol/client';
import { failedCallOutcome } from './call-outcome.js';
import { type CallContext, callContext } from './context.js';
import type { InFlight } from './in-flight.js';
import type { CallOptions, ToolCallOutcome, ToolList } from './session-types.js';

/** What a tool request needs of its session. */
export interface CallHost {
  client: Client;
  inFlight: InFlight;
  /** The session's default request deadline. */
  requestTimeout(): number;
  scrub(text: string): string;
}

/** See `McpSession.listTools`. */
export async function listToolsOn(host: CallHost, options: CallOptions): Promise<ToolList> {
  const ctx: CallContext = { corrId: options.corrId, sent: [] };
  const { tools } = await callContext.run(ctx, () =>
    host.client.listTools(undefined, {
      cacheMode: 'refresh',
      timeout: options.timeoutMs ?? host.requestTimeout(),
      ...(options.signal ? { signal: options.signal } : {}),
    }),
  );
  const rawResults = host.inFlight
    .collect(ctx)
    .map((m) => (m !== undefined && 'result' in m ? m.result : undefined))
    .filter((r): r is Record<string, unknown> => r !== undefined);
  return { tools, rawResults };
}

/** See `McpSession.callTool`. */
export async function callToolOn(
  host: CallHost,
  name: string,
  args: Record<string, unknown>,
  options: CallOptions,
): Promise<ToolCallOutcome> {
  const ctx: CallContext = { corrId: options.corrId, sent: [] };
  const timeoutMs = options.timeoutMs ?? host.requestTimeout();
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 1000) / 1000;
  try {
    const result = await callContext.run(ctx, () =>
      host.client.callTool(
        { name, arguments: args },
        { timeout: timeoutMs, ...(options.signal ? { signal: options.signal } : {}) },
      ),
    );
    host.inFlight.collect(ctx);
    return { kind: 'result', result, isError: result.isError === true, latencyMs: elapsed() };
  } catch (err) {
    const wire = host.inFlight.collect(ctx).at(-1);
    const latencyMs = elapsed();
    return failedCallOutcome(wire, err, timeoutMs, latencyMs, (text) => host.scrub(text));
  }
}
