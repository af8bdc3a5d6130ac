// @ts-check
/**
 * Planted property: the server goes away partway through the run. The well-made ferry server over
 * Streamable HTTP, except that after answering its 300th tool call it stops listening and exits
 * (SIGTERM to itself: the listener closes, open connections are dropped).
 * Expected outcome (HTTP): VOID (`target_died`). Connection, probes, generation, admission and the
 * null baselines complete inside the first 200 calls; the construct phase is cut short, the harness
 * finds the target gone, and the record names the stages that completed.
 * Over stdio a fresh process per trial never reaches its 300th call: run it with --http.
 */
import { ferryServer } from './lib/ferries.js';
import { CallCounter, KEEP_ALIVE_MS } from './lib/planted.js';
import { serve } from './lib/serve.js';

const LAST_CALL = 300;
const counter = new CallCounter();
const bookings = new Map();

/** @type {import('./lib/ferries.js').Around} */
const around = (_tool, handler) => async (args) => {
  const n = counter.next();
  const result = await handler(args);
  if (n === LAST_CALL) setTimeout(() => process.kill(process.pid, 'SIGTERM'), 20);
  return result;
};

serve({
  keepAliveMs: KEEP_ALIVE_MS,
  factory: () => ferryServer('planted-vanishing', { bookings, around }),
});
