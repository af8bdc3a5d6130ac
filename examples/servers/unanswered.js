// @ts-check
/**
 * Planted property: calls left unanswered. The well-made ferry server, except that it buckles under
 * sustained load: it answers its first 285 tool calls, then, for its next 20, leaves every 4th call
 * without any response (no result, no error), then recovers. The client's deadline expires; each
 * dropped request stays pending on the wire tape.
 * Expected outcome (HTTP; one process serves the whole run): COMPROMISED. Generation, admission (which
 * runs each plan twice) and the null baselines finish inside the first 285 calls (261 to 266 with
 * explore/2 at seeds 1 to 4, since list members became handles; 270 left no margin); early in the construct phase 5 of the 48
 * reference trials time out (10%), so oracle errors exceed the registered 5% and no verdict on the
 * server stands. The record's wire evidence and the tape show the 5 unanswered requests as pending.
 * Over stdio every trial is a fresh process that never reaches the load, so nothing is dropped.
 */
import { ferryServer } from './lib/ferries.js';
import { CallCounter, KEEP_ALIVE_MS, never } from './lib/planted.js';
import { serve } from './lib/serve.js';

const WARM = 285;
const OVERLOADED = 20;
const EVERY = 4;
const counter = new CallCounter();
const bookings = new Map();

/** @type {import('./lib/ferries.js').Around} */
const around = (_tool, handler) => async (args) => {
  const n = counter.next();
  if (n > WARM && n <= WARM + OVERLOADED && n % EVERY === 0) return never();
  return handler(args);
};

serve({
  keepAliveMs: KEEP_ALIVE_MS,
  factory: () => ferryServer('planted-unanswered', { bookings, around }),
});
