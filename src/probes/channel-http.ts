import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TapeRef } from '../record/probe.js';
import type { ChannelOptions } from './channel-stdio.js';
import { isFrame, objectAt } from './frames.js';
import type { Frame, ProbeTape, RawChannel, Step, StepResult } from './types.js';

export interface HttpEndpoint {
  readonly url: string;
  /** Secret headers: sent, never written to the tape. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Configuration headers: sent and recorded in plain. */
  readonly publicHeaders?: Readonly<Record<string, string>>;
}

const BODY_LIMIT = 1024 * 1024;
/** Headers worth keeping on the tape; everything else the server sent is left out. */
const KEPT_RESPONSE_HEADERS = [
  'content-type',
  'mcp-protocol-version',
  'www-authenticate',
  'location',
  'cache-control',
];

/**
 * Raw JSON-RPC over Streamable HTTP with node:http (not fetch: a probe must be able to send a
 * foreign `Host`). No connection is reused; each step is one POST whose status, safe headers and
 * answer frames go on the tape.
 */
export function httpChannel(
  endpoint: HttpEndpoint,
  tape: ProbeTape,
  options: ChannelOptions = {},
): RawChannel {
  const timeoutMs = options.stepTimeoutMs ?? 10_000;
  const provided = Object.fromEntries(
    Object.entries(endpoint.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const configured = lower(endpoint.publicHeaders ?? {});
  return {
    transport: 'http',
    async exchange(steps, corrId) {
      const line = { corrId, session: tape.newSession?.() };
      const results: StepResult[] = [];
      const carried: Record<string, string> = {};
      for (const step of steps) {
        const result = await post(
          endpoint.url,
          step,
          { ...configured, ...provided, ...carried },
          { tape, line, timeoutMs, provided },
        );
        results.push(result.step);
        if (result.sessionId !== undefined) carried['mcp-session-id'] = result.sessionId;
        const negotiated = objectAt(result.step.response, 'result')?.protocolVersion;
        if (step.frame.method === 'initialize' && typeof negotiated === 'string') {
          carried['mcp-protocol-version'] = negotiated;
        }
      }
      if (carried['mcp-session-id'] !== undefined) {
        await endSession(
          endpoint.url,
          { ...configured, ...provided, ...carried },
          { tape, line, timeoutMs, provided },
        );
      }
      return results;
    },
  };
}

interface PostContext {
  tape: ProbeTape;
  line: { corrId: string; session: string | undefined };
  timeoutMs: number;
  provided: Record<string, string>;
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  frames: Frame[];
  bodyHead: string;
}

async function post(
  url: string,
  step: Step,
  base: Record<string, string>,
  ctx: PostContext,
): Promise<{ step: StepResult; sessionId?: string | undefined }> {
  const headers: Record<string, string> = {
    ...base,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...lower(step.headers ?? {}),
  };
  const refs: TapeRef[] = [`wire:${ctx.tape.message('in', step.frame, ctx.line)}`];
  const started = Date.now();
  const id = 'id' in step.frame ? step.frame.id : undefined;
  let answer: Answer;
  try {
    answer = await send(url, 'POST', headers, JSON.stringify(step.frame), id, ctx.timeoutMs);
  } catch (err) {
    const error = (err as Error).message;
    refs.push(
      `wire:${ctx.tape.event('fitness.http', { method: 'POST', url: safeUrl(url), requestHeaders: tapeHeaders(headers, ctx.provided), durationMs: Date.now() - started, error }, ctx.line)}`,
    );
    return { step: { refs, error } };
  }
  const event: Record<string, unknown> = {
    method: 'POST',
    url: safeUrl(url),
    requestHeaders: tapeHeaders(headers, ctx.provided),
    status: answer.status,
    responseHeaders: keptHeaders(answer.headers),
    durationMs: Date.now() - started,
  };
  if (answer.frames.length === 0 && answer.bodyHead !== '') event.bodyHead = answer.bodyHead;
  refs.push(`wire:${ctx.tape.event('fitness.http', event, ctx.line)}`);
  let response: Frame | undefined;
  for (const frame of answer.frames) {
    const ref: TapeRef = `wire:${ctx.tape.message('out', frame, ctx.line)}`;
    // An error with id null answers the request that caused it (HTTP-level rejections use null).
    if (
      !('method' in frame) &&
      (frame.id === id || (frame.id === null && 'error' in frame && response === undefined))
    ) {
      response = frame;
      refs.push(ref);
    }
  }
  const sessionId = answer.headers['mcp-session-id'];
  return {
    step: {
      status: answer.status,
      response,
      refs,
      error: response || id === undefined ? undefined : 'no JSON-RPC answer',
    },
    sessionId: typeof sessionId === 'string' ? sessionId : undefined,
  };
}

async function endSession(url: string, headers: Record<string, string>, ctx: PostContext): Promise<void> {
  const started = Date.now();
  const raw: Record<string, unknown> = {
    method: 'DELETE',
    url: safeUrl(url),
    requestHeaders: tapeHeaders(headers, ctx.provided),
  };
  try {
    const answer = await send(url, 'DELETE', headers, undefined, undefined, ctx.timeoutMs);
    raw.status = answer.status;
  } catch (err) {
    raw.error = (err as Error).message;
  }
  raw.durationMs = Date.now() - started;
  ctx.tape.event('fitness.http', raw, ctx.line);
}

/**
 * One HTTP request. JSON bodies are read to the end (bounded); SSE bodies are read until the frame
 * answering `id` arrives, then the stream is dropped (a server may keep it open forever).
 */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  id: unknown,
  timeoutMs: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const requester = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = requester(target, { method, headers, agent: false });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.on('response', (res) => {
      const sse = (res.headers['content-type'] ?? '').includes('text/event-stream');
      let text = '';
      const frames: Frame[] = [];
      const finish = () => {
        clearTimeout(timer);
        if (!sse) frames.push(...parseJsonBody(text));
        resolve({ status: res.statusCode ?? 0, headers: res.headers, frames, bodyHead: text.slice(0, 4096) });
        res.destroy();
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.length > BODY_LIMIT) return finish();
        if (!sse) return;
        frames.splice(0, frames.length, ...parseSse(text));
        if (frames.some((f) => !('method' in f) && f.id === id)) finish();
      });
      res.on('end', finish);
      res.on('error', finish);
    });
    req.end(body);
  });
}

function parseJsonBody(text: string): Frame[] {
  try {
    const value: unknown = JSON.parse(text);
    const list = Array.isArray(value) ? value : [value];
    return list.filter(isFrame);
  } catch {
    return [];
  }
}

function parseSse(text: string): Frame[] {
  const frames: Frame[] = [];
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data !== '') frames.push(...parseJsonBody(data));
  }
  return frames;
}

function lower(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function tapeHeaders(
  headers: Record<string, string>,
  provided: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] =
      name in provided && provided[name] === value
        ? '[REDACTED]'
        : name === 'mcp-session-id'
          ? '[session]'
          : value;
  }
  return out;
}

function keptHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_RESPONSE_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

function safeUrl(url: string): string {
  const copy = new URL(url);
  copy.username = '';
  copy.password = '';
  return copy.href;
}
