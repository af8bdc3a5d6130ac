// @ts-check
/**
 * The seam a planted fault lives at when the SDK would otherwise repair it: a tamper rewrites what
 * the server receives (`request`, with the HTTP headers when there are any) or what it sends
 * (`response`, with the request it answers). It is part of the fixture server's own process, so the
 * planted behaviour is the server's, not a switch the harness reads.
 */

/** @typedef {import('@modelcontextprotocol/server').JSONRPCMessage} JSONRPCMessage */
/** @typedef {import('@modelcontextprotocol/server').Transport} Transport */
/** @typedef {import('./json.js').Frame} Frame */

/** @typedef {import('@modelcontextprotocol/server').McpHandlerRequestOptions} FetchOptions */

/**
 * @typedef {object} Tamper
 * @property {(message: Frame, headers: Headers) => Frame} [request] rewrite an inbound JSON-RPC message;
 *   may edit `headers` in place (HTTP only; empty on stdio)
 * @property {(message: Frame, request: Frame | undefined) => Frame} [response] rewrite an outbound message; `request`
 *   is the inbound request with the same id, if any
 */

import { parseFrame } from './json.js';

/**
 * Wraps a web-standard MCP fetch handler so that request bodies and response frames pass through
 * the tamper. SSE responses are read to their end and re-framed (fixture answers are finite).
 * @param {(request: Request, options?: FetchOptions) => Promise<Response>} inner
 * @param {Tamper} tamper
 * @returns {(request: Request, options?: FetchOptions) => Promise<Response>}
 */
export function tamperFetch(inner, tamper) {
  return async (request, options) => {
    if (request.method !== 'POST') return inner(request, options);
    const text = await request.text();
    const message = parseFrame(text);
    if (message === undefined) return inner(rebuild(request, request.headers, text), options);
    const headers = new Headers(request.headers);
    const inbound = tamper.request ? tamper.request(message, headers) : message;
    const response = await inner(rebuild(request, headers, JSON.stringify(inbound)), options);
    if (!tamper.response) return response;
    return rewriteResponse(response, (frame) => tamper.response?.(frame, inbound) ?? frame);
  };
}

/**
 * @param {Request} request
 * @param {Headers} headers
 * @param {string} body
 */
function rebuild(request, headers, body) {
  headers.delete('content-length');
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}

/**
 * @param {Response} response
 * @param {(frame: Frame) => Frame} rewrite
 */
async function rewriteResponse(response, rewrite) {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json') && !type.includes('text/event-stream')) return response;
  const text = await response.text();
  const body = type.includes('application/json')
    ? rewriteJson(text, rewrite)
    : text
        .split('\n')
        .map((line) =>
          line.startsWith('data:') ? `data: ${rewriteJson(line.slice(5).trim(), rewrite)}` : line,
        )
        .join('\n');
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * @param {string} text
 * @param {(frame: Frame) => Frame} rewrite
 */
function rewriteJson(text, rewrite) {
  const frame = parseFrame(text);
  return frame === undefined ? text : JSON.stringify(rewrite(frame));
}

/**
 * A stdio transport whose inbound and outbound messages pass through the tamper.
 * @implements {Transport}
 */
export class TamperedTransport {
  /** @type {Map<unknown, Frame>} */
  #requests = new Map();
  #inner;
  #tamper;
  /** @type {Transport["onmessage"]} */
  onmessage;
  /** @type {(() => void) | undefined} */
  onclose;
  /** @type {((error: Error) => void) | undefined} */
  onerror;

  /**
   * @param {Transport} inner
   * @param {Tamper} tamper
   */
  constructor(inner, tamper) {
    this.#inner = inner;
    this.#tamper = tamper;
    inner.onmessage = (message, extra) => {
      /** @type {Frame} */
      const frame = { ...message };
      const rewritten = this.#tamper.request ? this.#tamper.request(frame, new Headers()) : frame;
      if ('method' in rewritten && 'id' in rewritten) this.#requests.set(rewritten.id, rewritten);
      this.onmessage?.(/** @type {JSONRPCMessage} */ (/** @type {unknown} */ (rewritten)), extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  start() {
    return this.#inner.start();
  }

  close() {
    return this.#inner.close();
  }

  /**
   * @param {JSONRPCMessage} message
   * @param {import('@modelcontextprotocol/server').TransportSendOptions} [options]
   */
  send(message, options) {
    /** @type {Frame} */
    const frame = { ...message };
    const request = 'id' in frame && !('method' in frame) ? this.#requests.get(frame.id) : undefined;
    if (request !== undefined) this.#requests.delete(frame.id);
    const out = this.#tamper.response ? this.#tamper.response(frame, request) : frame;
    return this.#inner.send(/** @type {JSONRPCMessage} */ (/** @type {unknown} */ (out)), options);
  }
}
