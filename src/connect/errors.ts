import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { type ErrorCode, errorCode, FitnessError } from '../core/errors.js';
import { describeFetchError } from '../tape/record-fetch.js';
import type { Redactor } from '../tape/redact.js';
import type { ProcessDiagnostics } from './stdio-transport.js';
import type { HttpObservations } from './wire.js';

/** What went wrong while connecting, as one line naming the target; secrets scrubbed. */
export interface ConnectFailure {
  label: string;
  error: unknown;
  timedOut: boolean;
  timeoutMs: number;
  process?: ProcessDiagnostics;
  http?: HttpObservations;
  redactor: Redactor;
}

/**
 * Connect failures that mean no server was ever reached: nothing listening at the URL, a host that
 * does not resolve, a command that does not exist or cannot start, a process that exited before
 * the handshake. A timeout, an HTTP status or a refused frame came from something that answered.
 */
const UNREACHABLE: ReadonlySet<string> = new Set<ErrorCode>([
  'COMMAND_NOT_FOUND',
  'COMMAND_NOT_EXECUTABLE',
  'SPAWN_FAILED',
  'SERVER_EXITED',
  'CONNECTION_REFUSED',
  'HOST_NOT_FOUND',
]);

/** Whether a connect failure's code says the target was never reached (a run of it is VOID `unreachable`). */
export function isUnreachable(code: string | undefined): boolean {
  return code !== undefined && UNREACHABLE.has(code);
}

export function connectError(failure: ConnectFailure): FitnessError {
  const sdkTimeout = timeoutOf(failure.error);
  const f = sdkTimeout === undefined ? failure : { ...failure, timedOut: true, timeoutMs: sdkTimeout };
  const [code, what] = f.process !== undefined ? stdioCause(f, f.process) : httpCause(f, f.http);
  const message = f.redactor.scrub(`${f.label}: ${what}`);
  return new FitnessError(code, message.replace(/\s+/g, ' ').trim());
}

function stdioCause(f: ConnectFailure, p: ProcessDiagnostics): [ErrorCode, string] {
  if (p.spawnError === 'ENOENT') return ['COMMAND_NOT_FOUND', 'command not found'];
  if (p.spawnError === 'EACCES')
    return ['COMMAND_NOT_EXECUTABLE', 'command is not executable (permission denied)'];
  if (p.spawnError !== undefined) return ['SPAWN_FAILED', `could not start the command (${p.spawnError})`];
  const noise =
    p.noiseLines > 0
      ? `; it wrote ${p.noiseLines} non-JSON-RPC line(s) to stdout, first: ${quote(p.firstNoise ?? '')}`
      : '';
  if (p.refused?.kind === 'depth')
    return ['FRAME_TOO_DEEP', `a stdout frame was nested deeper than ${p.refused.limit} levels`];
  if (p.overflow) return ['FRAME_TOO_LARGE', `a stdout frame exceeded the size limit${noise}`];
  if (p.exitCode !== undefined || p.signal !== undefined) {
    const how = p.signal ? `was killed by ${p.signal}` : `exited with code ${p.exitCode}`;
    return ['SERVER_EXITED', `server ${how} before the handshake completed${noise}${stderrTail(p)}`];
  }
  if (f.timedOut) {
    const code = p.noiseLines > 0 ? 'STDOUT_NOT_JSONRPC' : 'CONNECT_TIMEOUT';
    return [code, `no answer to the handshake within ${f.timeoutMs} ms${noise}${stderrTail(p)}`];
  }
  return ['CONNECT_FAILED', `${messageOf(f.error)}${noise}${stderrTail(p)}`];
}

function httpCause(f: ConnectFailure, http: HttpObservations | undefined): [ErrorCode, string] {
  if (http?.refused?.kind === 'depth')
    return ['FRAME_TOO_DEEP', `a response frame was nested deeper than ${http.refused.limit} levels`];
  if (http?.refused?.kind === 'size')
    return ['FRAME_TOO_LARGE', `a response frame exceeded the ${http.refused.limit}-byte size limit`];
  const failure = http?.lastFailure;
  if (failure !== undefined) {
    const { status, contentType, location } = failure;
    if (status === 401) return ['HTTP_UNAUTHORIZED', 'HTTP 401 Unauthorized: the server wants credentials'];
    if (status === 403) return ['HTTP_FORBIDDEN', 'HTTP 403 Forbidden'];
    if (status >= 300 && status < 400) {
      return [
        'HTTP_REDIRECT',
        `HTTP ${status} redirect${location ? ` to ${location}` : ''} was not followed`,
      ];
    }
    if (status >= 200 && status < 300) {
      return [
        'NOT_MCP',
        `answered HTTP ${status} with ${contentType ?? 'no content type'}, not JSON or SSE: not an MCP endpoint`,
      ];
    }
    return ['HTTP_ERROR', `HTTP ${status}${contentType ? ` (${contentType})` : ''} to the handshake`];
  }
  if (f.timedOut) return ['CONNECT_TIMEOUT', `no answer to the handshake within ${f.timeoutMs} ms`];
  const net = networkCode(f.error);
  if (net === 'ECONNREFUSED') return ['CONNECTION_REFUSED', 'connection refused'];
  if (net === 'ENOTFOUND' || net === 'EAI_AGAIN') return ['HOST_NOT_FOUND', 'host name does not resolve'];
  if (net === 'ECONNRESET') return ['CONNECTION_RESET', 'connection reset by the server'];
  if (net !== undefined) return ['NETWORK_ERROR', `network error (${net})`];
  return ['CONNECT_FAILED', messageOf(f.error)];
}

const NETWORK_CODES =
  /\b(ECONNREFUSED|ENOTFOUND|ECONNRESET|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|ECONNABORTED)\b/;

/** The errno of a network failure, wherever the SDK wrapped it (cause chain or message). */
function networkCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 6; depth += 1) {
    const code = errorCode(e);
    if (code !== undefined && NETWORK_CODES.test(code)) return code;
    const inMessage = NETWORK_CODES.exec(e.message)?.[1];
    if (inMessage !== undefined) return inMessage;
    e = e.cause;
  }
  return undefined;
}

/** The deadline of an SDK request timeout (the era probe or initialize), if that is what this is. */
function timeoutOf(err: unknown): number | undefined {
  if (!(err instanceof SdkError) || !isTimeout(err)) return undefined;
  const data = err.data;
  const ms =
    data !== null && typeof data === 'object' && 'timeout' in data ? Number(data.timeout) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

export function messageOf(err: unknown): string {
  if (err instanceof SdkError) return `${err.message} (${err.code})`;
  if (err instanceof ProtocolError) return `JSON-RPC error ${err.code}: ${err.message}`;
  return describeFetchError(err);
}

export function isTimeout(err: unknown): boolean {
  return err instanceof SdkError && err.code === SdkErrorCode.RequestTimeout;
}

function stderrTail(p: ProcessDiagnostics): string {
  const line = stderrReason(p.stderrTail);
  return line === undefined ? '' : `; stderr: ${quote(line)}`;
}

const ERROR_LINE =
  /\b(?:[A-Z]\w*(?:Error|Exception)|Error|Exception|ERR_[A-Z0-9_]+|E[A-Z]{3,}|FATAL|[Ff]atal|panic|[Uu]sage:|[Cc]annot find|[Uu]nsupported|requires? Node)\b/;
/** What Node prints for an uncaught error: `TypeError: …`, `Error [ERR_X]: …`. */
const THROWN_LINE = /^\s*(?:Uncaught\s+)?[A-Z]?\w*(?:Error|Exception)(?:\s*\[[\w.-]+\])?:\s+\S/;
const PUNCTUATION_ONLY = /^[\s{}()[\]^~.,;:'"`|-]*$/;

/**
 * The stderr line that says why a server stopped: the thrown error's own line, else the first that
 * names an error (a stack print ends on `}` or a frame and begins with what went wrong), else the
 * last line with any words in it.
 */
export function stderrReason(tail: string): string | undefined {
  const lines = tail.split('\n').filter((l) => l.trim() !== '');
  return (
    lines.find((l) => THROWN_LINE.test(l)) ??
    lines.find((l) => ERROR_LINE.test(l) && !/^\s+at\s/.test(l)) ??
    lines.findLast((l) => !PUNCTUATION_ONLY.test(l)) ??
    lines.at(-1)
  );
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > 160 ? `${flat.slice(0, 157)}...` : flat);
}
