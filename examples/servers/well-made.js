// @ts-check
/**
 * Planted property: none; a well-made server. A coastal ferry operator with ten tools (eight reads,
 * one booking, one cancellation), clear names and descriptions, truthful annotations, an output
 * schema on every tool, integer ids that chain from list_routes / list_vessels to six lookups, and
 * every value an agent could be asked for unique in its result. The answers depend on the question.
 * Expected outcome (offline heuristic runner, explore/1, stdio or HTTP): SCORED. Only the two lists
 * answer without the right id, so the nulls stay far below half the signal, and the lexical agent
 * finds each lookup from the task's own words.
 *
 * `--regress`: the same server after a release that breaks the fleet list for an agent: the list's
 * old name, `enumerate_vessels`, is back beside `list_vessels` with the same description and input,
 * and every call to it fails ("moved to list_vessels"). One tool more on the surface, so its suite is
 * another suite of the same server (compare reads it unpaired). Expected outcome (offline, seed 1):
 * SCORED, with every task that starts at the fleet list failing on the first try (the plain runner,
 * choosing between two identically described tools, takes the name that sorts first), so
 * `run --baseline <a well-made run> --fail-on regression` finds it `worse` (docs/ci.md).
 */
import { KEEP_ALIVE_MS } from './lib/planted.js';
import { serve } from './lib/serve.js';
import { wellMadeServer } from './lib/well-made-server.js';

/** Bookings live as long as the process (shared by every HTTP session, fresh per stdio process). */
const bookings = new Map();

const argv = process.argv.slice(2);
const regress = argv.includes('--regress');

serve(
  {
    keepAliveMs: KEEP_ALIVE_MS,
    factory: () => wellMadeServer({ bookings, regress }),
  },
  argv.filter((a) => a !== '--regress'),
);
