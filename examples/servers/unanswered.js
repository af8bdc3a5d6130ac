// @ts-check
/**
 * Planted property: calls left unanswered. The well-made ferry server, except that it degrades
 * under sustained load: it answers its first 160 tool calls, then leaves every 12th call without
 * any response (no result, no error). The client's deadline expires; the request stays pending on
 * the wire tape.
 * Expected outcome (HTTP; one process serves the whole run): COMPROMISED. Generation, admission and
 * the null baselines finish inside the first 160 calls; in the construct phase about one reference
 * trial in eight times out, so oracle errors exceed the registered 5% and no verdict on the server
 * stands. The record's wire evidence and the tape show the unanswered requests as pending.
 * Over stdio every trial is a fresh process that never reaches the load, so nothing is dropped.
 */
import { ferryServer } from './lib/ferries.js';
import { CallCounter, never } from './lib/planted.js';
import { serve } from './lib/serve.js';

const WARM = 160;
const EVERY = 12;
const counter = new CallCounter();
const bookings = new Map();

/** @type {import('./lib/ferries.js').Around} */
const around = (_tool, handler) => async (args) => {
  const n = counter.next();
  if (n > WARM && n % EVERY === 0) return never();
  return handler(args);
};

serve({ factory: () => ferryServer('planted-unanswered', { bookings, around }) });
