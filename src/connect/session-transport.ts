import { StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import type { Redactor } from '../tape/redact.js';
import { EventKind } from '../tape/schema.js';
import type { TapeWriter } from '../tape/writer.js';
import { describeRefusal } from './json-limits.js';
import type { SessionOptions } from './session-types.js';
import { ProcessStdioTransport } from './stdio-transport.js';
import { sentHeaders, serverEnv, type Target } from './target.js';
import { HttpWire } from './wire.js';

/** A session's transport before recording; `stdio`, `wire` or `memory` says which kind it is. */
export interface SessionTransport {
  transport: Transport;
  /** An in-memory target's transport (its server in this process): no process, no HTTP. */
  memory?: true;
  stdio?: ProcessStdioTransport;
  wire?: HttpWire;
}

/** What the transport reports back to its session. */
export interface TransportHooks {
  tape: TapeWriter | undefined;
  tag: string | undefined;
  redactor: Redactor;
  event(kind: string, raw: unknown): void;
  /** A response broke a frame limit: the session must end (stdio closes itself). */
  refused?(): void;
}

/**
 * Builds the transport for a target: our own process transport for stdio, the SDK's over `HttpWire`
 * for HTTP, the one an in-memory target makes for itself. The session records each one the same way.
 */
export function sessionTransport(
  target: Target,
  options: SessionOptions,
  hooks: TransportHooks,
): SessionTransport {
  if (target.kind === 'memory') return { transport: target.connect(), memory: true };
  if (target.kind === 'stdio') {
    /** Server chatter recorded per session (stdout noise lines, stderr characters); the rest is counted. */
    const budget = { noise: 100, stderr: 64 * 1024 };
    const stdio = new ProcessStdioTransport({
      argv: target.argv,
      env: serverEnv(target),
      cwd: target.cwd,
      maxLineBytes: options.maxLineBytes,
      ...(options.prestarted ? { prestarted: options.prestarted } : {}),
      onNoise: (head, bytes) => {
        if (budget.noise-- > 0) hooks.event(EventKind.stdoutNoise, { head, bytes });
      },
      onStderr: (text) => {
        if (budget.stderr <= 0) return;
        const kept = text.slice(0, Math.min(4096, budget.stderr));
        budget.stderr -= kept.length;
        hooks.event(EventKind.stderr, {
          text: kept,
          ...(kept.length < text.length ? { truncated: true } : {}),
        });
      },
      onExit: (code, signal) => hooks.event(EventKind.process, { exitCode: code, signal }),
      onRefused: (refusal, bytes) =>
        hooks.event(EventKind.frameRefused, { ...refusal, bytes, message: describeRefusal(refusal) }),
    });
    return { transport: stdio, stdio };
  }
  const wire = new HttpWire(target, hooks.tape, hooks.tag, hooks.redactor, () => hooks.refused?.());
  const transport = new StreamableHTTPClientTransport(new URL(target.url), {
    fetch: wire.fetch,
    requestInit: { headers: sentHeaders(target) },
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1000,
      maxReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1,
    },
  });
  return { transport, wire };
}
