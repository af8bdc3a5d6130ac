import { type Client, SdkError, SdkErrorCode, type Transport } from '@modelcontextprotocol/client';
import type { Redactor } from '../tape/redact.js';
import { EventKind } from '../tape/schema.js';
import { connectError } from './errors.js';
import { DEFAULTS, type SessionOptions } from './session-types.js';
import type { ProcessStdioTransport } from './stdio-transport.js';
import type { HttpWire } from './wire.js';

/** What the handshake needs of its session. */
export interface HandshakeHost {
  label: string;
  client: Client;
  transport: Transport;
  options: SessionOptions;
  stdio: ProcessStdioTransport | undefined;
  wire: HttpWire | undefined;
  redactor: Redactor;
  event(kind: string, raw: unknown): void;
  release(): Promise<void>;
  /** Told on failure whether the process ended while the era probe was out (see `openSession`). */
  noteFailure(diedDuringProbe: boolean): void;
}

/** Runs the era probe and `initialize` under the connect deadline; a failure releases everything and throws one line. */
export async function handshake(host: HandshakeHost): Promise<void> {
  const timeoutMs = host.options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs;
  host.event(EventKind.connect, {
    phase: 'start',
    target: host.label,
    prior: host.options.prior?.kind ?? null,
  });
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const signal = host.options.signal;
  let onAbort: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new Error('timeout'));
    }, timeoutMs);
    onAbort = () => reject(new Error('aborted: the run was stopped during the handshake'));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const prior = host.options.prior;
    const connectOptions = prior === undefined ? { timeout: timeoutMs } : { timeout: timeoutMs, prior };
    await Promise.race([host.client.connect(host.transport, connectOptions), deadline]);
  } catch (error) {
    host.noteFailure(
      host.stdio !== undefined &&
        error instanceof SdkError &&
        error.code === SdkErrorCode.EraNegotiationFailed &&
        /closed during the server\/discover probe/.test(error.message),
    );
    // How the process stood when the handshake failed, before release() ends it.
    const exit = host.stdio
      ? { exitCode: host.stdio.diagnostics.exitCode, signal: host.stdio.diagnostics.signal }
      : {};
    await host.release();
    const fault = connectError({
      label: host.label,
      error,
      timedOut,
      timeoutMs,
      ...(host.stdio ? { process: { ...host.stdio.diagnostics, ...exit } } : {}),
      ...(host.wire ? { http: host.wire.observed } : {}),
      redactor: host.redactor,
    });
    host.event(EventKind.connect, { phase: 'failed', code: fault.code, message: fault.message });
    throw fault;
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
