// @ts-check
/**
 * Plumbing shared by the planted-outcome servers (the ones `fitness-report audit` runs): tool
 * annotation presets, result builders and a per-process call counter. A planted property lives in
 * the server's own code (a counter, a fixed record, a seeded choice), never in a flag the harness
 * reads.
 *
 * Over HTTP one process serves every session of a run, so a module-level counter sees the whole run
 * in order; over stdio the harness starts a fresh process per trial, so the same counter restarts
 * with each trial. Servers whose property needs the run's history say so in their header.
 */

import { McpServer } from '@modelcontextprotocol/server';

/** Reads only, same answer for the same input, touches nothing outside the server. */
export const READ_ONLY = Object.freeze({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});

/** Creates something new; never removes or overwrites. */
export const CREATES = Object.freeze({
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
});

/** Removes something for good. */
export const DESTROYS = Object.freeze({
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
});

/**
 * A tool result whose text content is the JSON of its structured content (what an agent that reads
 * only text still sees).
 * @param {Record<string, unknown>} structuredContent
 * @returns {{ content: { type: 'text', text: string }[], structuredContent: Record<string, unknown> }}
 */
export function structured(structuredContent) {
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
}

/**
 * A tool-level failure the agent can read (`isError: true`), not a protocol error.
 * @param {string} text
 * @returns {{ content: { type: 'text', text: string }[], isError: true }}
 */
export function toolError(text) {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * Counts the `tools/call` requests this process has served, in arrival order. One counter per
 * process: module state outlives the per-request server instances the HTTP handler builds.
 */
export class CallCounter {
  #served = 0;

  /** Registers one more call and returns its 1-based number. */
  next() {
    this.#served += 1;
    return this.#served;
  }

  get served() {
    return this.#served;
  }
}

/**
 * A promise that never settles: the call it answers stays unanswered (pending on the client's tape)
 * until the client gives up on it.
 * @returns {Promise<never>}
 */
export function never() {
  return new Promise(() => {});
}

/**
 * Idle HTTP connections stay open this long (Node's default is 5 s): a run's main session can sit
 * idle for longer than that while the probes run, and a client that reuses a socket the server is
 * closing gets a reset that has nothing to do with the planted property.
 */
export const KEEP_ALIVE_MS = 300_000;

/**
 * A planted server's McpServer: tools capability, optional instructions, and the cache hints every
 * planted server sends (they pass the protocol probes; their planted property is elsewhere).
 * @param {string} name
 * @param {{ instructions?: string }} [options]
 */
export function plantedServer(name, options = {}) {
  return new McpServer(
    { name, version: '1.0.0' },
    {
      capabilities: { tools: {} },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      cacheHints: {
        'tools/list': { ttlMs: 60_000, cacheScope: 'private' },
        'server/discover': { ttlMs: 60_000, cacheScope: 'private' },
      },
    },
  );
}
