import { FitnessError, messageOf } from '../core/errors.js';
import { type FetchLimits, formatBytes, formatMs } from './fetch-limits.js';

/**
 * One bounded GET of a published run's file (src/run/fetch-run.ts): the body is read as a stream
 * and never past its cap, Content-Length is checked first when the server sends one, and every
 * request has a deadline that covers its body to the last byte, so a server that drips one byte at
 * a time times out like one that stalls. What the requests of one fetch share (the total bytes, the
 * total deadline, the caller's signal) is a FetchBudget.
 */
export class FetchBudget {
  /** Bytes every request of this fetch has read so far. */
  bytes = 0;
  readonly signal: AbortSignal;
  private readonly total = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(
    readonly limits: FetchLimits,
    private readonly caller?: AbortSignal,
  ) {
    this.timer = setTimeout(() => this.total.abort(), limits.totalMs);
    this.signal = caller === undefined ? this.total.signal : AbortSignal.any([caller, this.total.signal]);
  }

  close(): void {
    clearTimeout(this.timer);
  }

  /** Why the whole fetch stopped (the caller's signal or the total deadline), if it has. */
  stopped(): string | undefined {
    if (this.caller?.aborted === true)
      return typeof this.caller.reason === 'string' ? `interrupted by ${this.caller.reason}` : 'interrupted';
    if (this.total.signal.aborted)
      return `past the total deadline of ${formatMs(this.limits.totalMs)} for the whole fetch`;
    return undefined;
  }

  throwIfStopped(url: URL): void {
    const why = this.stopped();
    if (why !== undefined) throw fail(url, why);
  }
}

/** A byte cap and the name it goes by in an error. */
export interface Cap {
  bytes: number;
  what: string;
}

export type Sink = (chunk: Uint8Array) => Promise<void> | void;

function fail(url: URL, why: string): FitnessError {
  return new FitnessError('VERIFY_FETCH', `${url.href}: ${why}`);
}

function overCap(url: URL, cap: Cap, seen: string): FitnessError {
  return fail(url, `larger than ${cap.what} (${formatBytes(cap.bytes)}; ${seen})`);
}

function overTotal(url: URL, budget: FetchBudget): FitnessError {
  return fail(
    url,
    `the run passes the total limit of ${formatBytes(budget.limits.totalBytes)} with this file`,
  );
}

/** Refuses a body whose declared length is already past the file's cap or the bytes left. */
function checkDeclared(url: URL, res: Response, cap: Cap, budget: FetchBudget): void {
  const header = res.headers.get('content-length');
  if (header === null || !/^\d+$/.test(header)) return;
  const declared = Number(header);
  if (declared > cap.bytes) throw overCap(url, cap, `Content-Length ${declared.toLocaleString('en-US')}`);
  if (budget.bytes + declared > budget.limits.totalBytes) throw overTotal(url, budget);
}

async function drain(url: URL, res: Response, cap: Cap, budget: FetchBudget, sink: Sink): Promise<void> {
  if (res.body === null) return;
  const reader = res.body.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    bytes += value.byteLength;
    budget.bytes += value.byteLength;
    if (bytes > cap.bytes) throw overCap(url, cap, 'stopped reading there');
    if (budget.bytes > budget.limits.totalBytes) throw overTotal(url, budget);
    await sink(value);
  }
}

/** What a failed request is reported as: the limit it hit, or the network's own error. */
function explain(url: URL, err: unknown, budget: FetchBudget, deadline: AbortSignal): FitnessError {
  if (err instanceof FitnessError) return err;
  const stopped = budget.stopped();
  if (stopped !== undefined) return fail(url, stopped);
  if (deadline.aborted)
    return fail(
      url,
      `no complete answer within the per-request deadline of ${formatMs(budget.limits.requestMs)}`,
    );
  const cause = err instanceof Error && err.cause !== undefined ? `: ${messageOf(err.cause)}` : '';
  return fail(url, `cannot fetch (${messageOf(err)}${cause})`);
}

/**
 * GETs `url` into `sink`, at most `cap` bytes, within the per-request deadline and the budget.
 * False when the server answers 404 (the file is not published; verify reports it missing).
 */
export async function getBounded(url: URL, cap: Cap, budget: FetchBudget, sink: Sink): Promise<boolean> {
  budget.throwIfStopped(url);
  const request = new AbortController();
  const timer = setTimeout(() => request.abort(), budget.limits.requestMs);
  try {
    const res = await fetch(url, {
      redirect: 'error',
      credentials: 'omit',
      signal: AbortSignal.any([budget.signal, request.signal]),
    });
    if (res.status === 404) return false;
    if (!res.ok) throw fail(url, `HTTP ${res.status}`);
    checkDeclared(url, res, cap, budget);
    await drain(url, res, cap, budget, sink);
    return true;
  } catch (err) {
    throw explain(url, err, budget, request.signal);
  } finally {
    clearTimeout(timer);
    // Closes the connection of a body left unread (a 404, an error, a refused length).
    request.abort();
  }
}

/** The whole body in memory, at most `cap` bytes; undefined on 404. */
export async function getBytes(url: URL, cap: Cap, budget: FetchBudget): Promise<Buffer | undefined> {
  const chunks: Uint8Array[] = [];
  const found = await getBounded(url, cap, budget, (chunk) => {
    chunks.push(chunk);
  });
  return found ? Buffer.concat(chunks) : undefined;
}
