import { AsyncLocalStorage } from 'node:async_hooks';

/** What a caller is doing right now: its corr id, and the request ids it sent (to find their answers). */
export interface CallContext {
  corrId?: string | undefined;
  /** When present, ids of requests sent inside this context are appended here. */
  sent?: { key: string; method: string }[];
  /** When present, tape line numbers written inside this context are appended here (tape refs). */
  lines?: number[];
}

/** One store for every session: contexts are per call, so they never cross. */
export const callContext = new AsyncLocalStorage<CallContext>();

export const currentCorrId = (): string | undefined => callContext.getStore()?.corrId;

export const noteLine = (line: number): void => {
  callContext.getStore()?.lines?.push(line);
};

export function idKey(id: unknown): string | undefined {
  return typeof id === 'string' || typeof id === 'number' ? `${typeof id}:${id}` : undefined;
}
