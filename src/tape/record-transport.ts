import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { TapeWriter } from './writer.js';

type OnMessage = NonNullable<Transport['onmessage']>;
type Frame = JSONRPCMessage | JSONRPCMessage[];

export interface RecordTransportOptions {
  /** Session tag stamped on every frame (see `TapeWriter.newSession`). */
  session?: string;
  /** Sees every outbound frame (after it is recorded). */
  onSend?: (message: JSONRPCMessage | JSONRPCMessage[]) => void;
  /** Corr id of the current async context (e.g. a trial), stamped on frames sent inside it. */
  corrId?: () => string | undefined;
  /** Sees every inbound frame after it is recorded (with its tape line); true keeps it from the client. */
  intercept?: (message: JSONRPCMessage, line: number | undefined) => boolean;
  /** Told the tape line number of each outbound frame written. */
  onLine?: (line: number) => void;
}

/**
 * Records every JSON-RPC frame crossing `transport`, in place: `send` is wrapped (dir `in`) and
 * `onmessage` becomes an accessor that wraps whatever handler is assigned (dir `out`). The client
 * re-assigns and chains `onmessage` during the era probe and on connect; the getter hands out one
 * wrapper per handler and the setter unwraps its own wrappers, and a re-entrancy guard makes a chained
 * wrapper record each frame once.
 */
export function recordTransport<T extends Transport>(
  transport: T,
  tape: TapeWriter | undefined,
  options: RecordTransportOptions = {},
): T {
  const corrById = new Map<string, string>();
  const originalSend = transport.send.bind(transport);
  const send = (message: JSONRPCMessage, sendOptions?: Parameters<Transport['send']>[1]): Promise<void> => {
    const corrId = corrFor(message, options.corrId?.(), corrById);
    const line = tape?.message('in', message, { corrId, session: options.session });
    if (line !== undefined) options.onLine?.(line);
    options.onSend?.(message);
    return originalSend(message, sendOptions);
  };
  const base: Transport = transport;
  base.send = send;

  let inner: OnMessage | undefined = transport.onmessage;
  let dispatching = false;
  const wrappers = new WeakMap<OnMessage, OnMessage>();
  const originals = new WeakMap<OnMessage, OnMessage | undefined>();
  const noHandler: OnMessage = () => {};
  const wrap = (handler: OnMessage | undefined): OnMessage => {
    const key = handler ?? noHandler;
    const existing = wrappers.get(key);
    if (existing !== undefined) return existing;
    const wrapper: OnMessage = (message, extra) => {
      if (dispatching) return handler?.(message, extra);
      dispatching = true;
      try {
        const line = tape?.message('out', message, {
          corrId: responseCorr(message, corrById),
          session: options.session,
        });
        if (options.intercept?.(message, line) === true) return;
        handler?.(message, extra);
      } finally {
        dispatching = false;
      }
    };
    wrappers.set(key, wrapper);
    originals.set(wrapper, handler);
    return wrapper;
  };
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => wrap(inner),
    set: (fn: OnMessage | undefined) => {
      inner = fn !== undefined && originals.has(fn) ? originals.get(fn) : fn;
    },
  });
  return transport;
}

function idKey(id: unknown): string | undefined {
  return typeof id === 'string' || typeof id === 'number' ? `${typeof id}:${id}` : undefined;
}

function corrFor(
  message: Frame,
  corr: string | undefined,
  corrById: Map<string, string>,
): string | undefined {
  if (corr === undefined || Array.isArray(message)) return corr;
  const key = 'method' in message && 'id' in message ? idKey(message.id) : undefined;
  if (key !== undefined) corrById.set(key, corr);
  return corr;
}

function responseCorr(message: JSONRPCMessage, corrById: Map<string, string>): string | undefined {
  if ('method' in message || !('id' in message)) return undefined;
  const key = idKey(message.id);
  if (key === undefined) return undefined;
  const corr = corrById.get(key);
  if (corr !== undefined) corrById.delete(key);
  return corr;
}
