// @ts-check
/**
 * Planted shape: a clock with no annotations, modelled on the time servers people install. Its one
 * read (`get_current_time`, for one of the harbour's time zones) answers JSON text with the zone,
 * the current date-time and whether daylight saving is in force; `convert_time` turns a wall-clock
 * time in one zone into another. Every answer is either the question restated, a boolean, or a
 * clock reading that is different a second later.
 * Expected outcome (stdio or HTTP): INSUFFICIENT_SURFACE (`no_candidates`). explore/2 calls
 * `get_current_time` for each zone and finds nothing to ground a task on: the ledger names each
 * value it set aside (time-varying, a boolean, named in the prompt). `convert_time` has no read verb
 * in its name, so it is not inferred read-only and is not explored.
 */
import * as z from 'zod';
import { KEEP_ALIVE_MS, plantedServer, toolError } from './lib/planted.js';
import { serve } from './lib/serve.js';

const ZONES = /** @type {const} */ ({
  'Europe/London': 0,
  'Atlantic/Reykjavik': 0,
  'Europe/Oslo': 60,
  'America/Halifax': -240,
});
const zone = z.enum(/** @type {[keyof typeof ZONES, ...(keyof typeof ZONES)[]]} */ (Object.keys(ZONES)));

/** @param {number} offsetMinutes */
function isoAt(offsetMinutes) {
  const local = new Date(Date.now() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** @param {unknown} value */
function text(value) {
  return { content: [{ type: /** @type {const} */ ('text'), text: JSON.stringify(value, null, 2) }] };
}

/** @param {import('@modelcontextprotocol/server').McpServer} server */
function register(server) {
  server.registerTool(
    'get_current_time',
    {
      description: 'Get the current time in one of the harbour time zones.',
      inputSchema: z.object({ timezone: zone }),
    },
    async ({ timezone }) => text({ timezone, datetime: isoAt(ZONES[timezone]), is_dst: false }),
  );
  server.registerTool(
    'convert_time',
    {
      description: 'Convert a wall-clock time (HH:MM) in one time zone to another time zone.',
      inputSchema: z.object({
        source_timezone: zone,
        time: z.string().regex(/^\d{2}:\d{2}$/),
        target_timezone: zone,
      }),
    },
    async ({ source_timezone, time, target_timezone }) => {
      const [h, m] = time.split(':').map(Number);
      if (h === undefined || m === undefined || h > 23 || m > 59) return toolError(`invalid time ${time}`);
      const minutes = (((h * 60 + m - ZONES[source_timezone] + ZONES[target_timezone]) % 1440) + 1440) % 1440;
      const out = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      return text({
        source: { timezone: source_timezone, time },
        target: { timezone: target_timezone, time: out },
      });
    },
  );
}

serve({
  keepAliveMs: KEEP_ALIVE_MS,
  factory: () => {
    const server = plantedServer('planted-clock');
    register(server);
    return server;
  },
});
