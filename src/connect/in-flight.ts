import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { type CallContext, callContext, idKey } from './context.js';

/**
 * The requests of one session whose answers a caller is waiting for (raw frames, calls, lists), by
 * id key. The recording transport reports every sent and received frame here, so a caller reads the
 * answer as it crossed the wire, not as the SDK client made of it.
 */
export class InFlight {
  private readonly watched = new Map<string, { message?: JSONRPCMessage; line?: number; deliver: boolean }>();
  private readonly rawWaiters = new Map<string, (m: JSONRPCMessage | undefined) => void>();
  private readonly rawLines = new Map<string, number>();
  private rawCounter = 0;

  /** An id for a raw frame sent without one (`fitness-raw-N`). */
  nextRawId(): string {
    this.rawCounter += 1;
    return `fitness-raw-${this.rawCounter}`;
  }

  /** The recorder's `onSend` hook: requests sent inside a call context are watched for their answer. */
  noteSent(message: JSONRPCMessage | JSONRPCMessage[]): void {
    if (Array.isArray(message) || !('method' in message) || !('id' in message)) return;
    const sent = callContext.getStore()?.sent;
    if (sent === undefined) return;
    const key = idKey(message.id);
    if (key === undefined) return;
    sent.push({ key, method: message.method });
    this.watched.set(key, { deliver: true });
  }

  /**
   * The recorder's `intercept` hook. An answer to a raw frame goes to its waiter and is kept from
   * the SDK client (true); an answer to a watched request is noted and still delivered (false).
   */
  onInbound(message: JSONRPCMessage, line: number | undefined): boolean {
    if ('method' in message || !('id' in message)) return false;
    const key = idKey(message.id);
    if (key === undefined) return false;
    const waiter = this.rawWaiters.get(key);
    if (waiter !== undefined) {
      if (line !== undefined) this.rawLines.set(key, line);
      waiter(message);
      return true;
    }
    const watch = this.watched.get(key);
    if (watch !== undefined) {
      watch.message = message;
      if (line !== undefined) watch.line = line;
    }
    return false;
  }

  /** The wire answers to the requests a context sent, in order; forgets them. */
  collect(ctx: CallContext): (JSONRPCMessage | undefined)[] {
    const out = (ctx.sent ?? []).map(({ key }) => {
      const m = this.watched.get(key)?.message;
      this.watched.delete(key);
      return m;
    });
    return out;
  }

  /** Waits for the frame answering raw request `key`; undefined after `timeoutMs` or on release. */
  awaitRaw(key: string, timeoutMs: number): Promise<JSONRPCMessage | undefined> {
    return new Promise<JSONRPCMessage | undefined>((resolve) => {
      const timer = setTimeout(() => {
        this.rawWaiters.delete(key);
        resolve(undefined);
      }, timeoutMs);
      this.rawWaiters.set(key, (m) => {
        clearTimeout(timer);
        this.rawWaiters.delete(key);
        resolve(m);
      });
    });
  }

  /** Ends the wait for raw request `key` with no answer (its send failed). */
  abandonRaw(key: string): void {
    this.rawWaiters.get(key)?.(undefined);
  }

  /** The tape line of raw request `key`'s answer, if one was recorded; forgets it. */
  takeRawLine(key: string): number | undefined {
    const line = this.rawLines.get(key);
    this.rawLines.delete(key);
    return line;
  }

  /** The session is closing: every raw wait ends with no answer. */
  release(): void {
    for (const resolve of this.rawWaiters.values()) resolve(undefined);
  }
}
