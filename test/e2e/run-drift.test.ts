import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { runFitness } from '../../src/run/run-fitness.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { outDir } from './run/helpers.js';

/** Every string and number of a value moved off what it was (`Dune` → `xenuD`, 42 → 7961). */
function moved(value: unknown): unknown {
  if (typeof value === 'string') return `x${[...value].reverse().join('')}`;
  if (typeof value === 'number') return value + 7919;
  if (Array.isArray(value)) return value.map(moved);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, moved(v)]));
  return value;
}

/** A tools/call answer with its data moved (text and structured content alike), as a server whose data changed would give. */
function movedAnswer(message: JSONRPCMessage): JSONRPCMessage {
  if (!('result' in message) || !Array.isArray(message.result.content)) return message;
  const structured = message.result.structuredContent;
  if (structured === undefined) return message;
  const now = moved(structured);
  return {
    ...message,
    result: {
      ...message.result,
      structuredContent: now,
      content: [{ type: 'text', text: JSON.stringify(now) }],
    },
  };
}

/**
 * A transport in front of `inner` that hands on its first `first` answers `rewrite` changes (all by
 * default) as it rewrote them, and every other message as it came.
 */
function rewriting(
  inner: Transport,
  rewrite: (message: JSONRPCMessage) => JSONRPCMessage,
  first = Number.POSITIVE_INFINITY,
): Transport {
  const outer: Transport = {
    start: () => inner.start(),
    send: (message, options) => inner.send(message, options),
    close: () => inner.close(),
  };
  let rewritten = 0;
  inner.onmessage = (message, extra) => {
    const answer = rewritten < first ? rewrite(message) : message;
    if (answer !== message) rewritten += 1;
    outer.onmessage?.(answer, extra);
  };
  inner.onclose = () => outer.onclose?.();
  inner.onerror = (error) => outer.onerror?.(error);
  return outer;
}

/** A tools/call answer refused (a tool error), as a server still loading its data would answer. */
function refusedAnswer(message: JSONRPCMessage): JSONRPCMessage {
  if (!('result' in message) || !Array.isArray(message.result.content)) return message;
  const text = 'the catalogue is still loading';
  return { ...message, result: { content: [{ type: 'text', text }], isError: true } };
}

type Scope = 'every' | 'one' | 'start' | 'refuse';

/**
 * The good catalogue in memory, each session a fresh server as each stdio process is. Once the
 * construct phase is under way the data "moves": for every later session (`for: 'every'`, the data
 * changed), only for the first one started after it (`for: 'one'`, one process answering otherwise
 * while the others agree with admission), or for the first tool answer of every later session
 * (`start`: a process that answers before it has loaded its data). `refuse`: the first session
 * started after it answers otherwise, and the next (the re-check's) refuses its first tool call,
 * then answers as admission read it (a process that refuses what it has not loaded yet). Runs at
 * concurrency 1, so which session is which is fixed.
 */
function movingCatalogue(scope: Scope) {
  const base = plantedInMemory('good');
  const state = { moving: false, moved: 0 };
  const target = {
    ...base,
    connect: (): Transport => {
      const t = base.connect();
      if (!state.moving || (scope === 'one' && state.moved > 0)) return t;
      state.moved += 1;
      if (scope === 'refuse')
        return state.moved === 1
          ? rewriting(t, movedAnswer)
          : state.moved === 2
            ? rewriting(t, refusedAnswer, 1)
            : t;
      return rewriting(t, movedAnswer, scope === 'start' ? 1 : undefined);
    },
  };
  const progress = (line: string) => {
    if (/^construct: \d+\//.test(line)) state.moving = true;
  };
  return { target, progress, state, closeAll: () => base.closeAll() };
}

describe('a trial whose planned call no longer answers what admission read', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  async function run(scope: Scope) {
    const server = movingCatalogue(scope);
    close = server.closeAll;
    const r = await runFitness({
      seed: 1,
      target: server.target,
      outDir: outDir(),
      env: {},
      concurrency: 1,
      progress: server.progress,
      // A process that still answers otherwise is asked again until a call's timeout has passed.
      callTimeoutMs: 3_000,
    });
    expect(server.state.moved).toBeGreaterThan(0);
    expect((await verifyFitnessRun(r.dir)).problems).toEqual([]);
    return r;
  }

  it('is VOID state_changed when a fresh process asked again still answers otherwise: the data changed', async () => {
    const r = await run('every');
    expect(r.record.outcome).toBe('VOID');
    expect(r.record.void?.reason).toBe('state_changed');
    expect(r.record.void?.detail).toMatch(
      /^the server's data changed during the run \(x\d+::(construct|drive)#\d\): /,
    );
  }, 120_000);

  it('is VOID answers_differ when only one process answered otherwise: the one asked again agrees with admission', async () => {
    const r = await run('one');
    expect(r.record.outcome).toBe('VOID');
    expect(r.record.void?.reason).toBe('answers_differ');
    expect(r.record.void?.detail).toMatch(
      /^one call was answered differently by two server processes \(x\d+::(construct|drive)#\d\): .*a fresh process asked again answered as admission read it.* --concurrency 1$/,
    );
  }, 120_000);

  it.each([
    ['a fresh process answers otherwise only at its start', 'start'],
    ['the process asked again refuses a step at its start', 'refuse'],
  ] as const)(
    'is VOID answers_differ when %s: asked again in the same process, it agrees with admission',
    async (_, scope) => {
      const r = await run(scope);
      expect(r.record.outcome).toBe('VOID');
      expect(r.record.void?.reason).toBe('answers_differ');
      expect(r.record.void?.detail).toMatch(
        /^a fresh server process answered otherwise at its start \(x\d+::(construct|drive)#\d\): .*; the same process, asked again \d+ ms after it opened, answered as admission read it: the server answers before it has loaded its data/,
      );
    },
    120_000,
  );
});
