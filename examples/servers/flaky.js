// @ts-check
/**
 * Planted property: just unreliable enough. The well-made ferry server, except that every 30th
 * tool call this process serves fails with a tool error ("busy, try again"). The failure is a
 * result with isError, not a protocol fault: the reference agent's trial simply fails.
 * Expected outcome (HTTP; one process serves the whole run, so the count runs across it): the
 * construct gate lands in EXTEND at the registered size (2 or 3 of 48 reference trials fail: a raw
 * pass the Wilson bound cannot publish). With the default policy it buys both reserve batches
 * (6 tasks / 18 trials each) and the pool of 84 resolves to PASS (power 0.815): SCORED, with the
 * ledger printing each batch. Registered with `--extensions 0`: EXTEND_EXHAUSTED.
 * Over stdio every trial is a fresh process that never reaches its 30th call, so nothing fails.
 */
import { ferryServer } from './lib/ferries.js';
import { CallCounter, KEEP_ALIVE_MS, toolError } from './lib/planted.js';
import { serve } from './lib/serve.js';

const EVERY = 30;
const counter = new CallCounter();
const bookings = new Map();

/** @type {import('./lib/ferries.js').Around} */
const around = (tool, handler) => async (args) => {
  const n = counter.next();
  if (n % EVERY === 0) return toolError(`${tool} is busy (call ${n}); try again in a moment`);
  return handler(args);
};

serve({
  keepAliveMs: KEEP_ALIVE_MS,
  factory: () => ferryServer('planted-flaky', { bookings, around }),
});
