// @ts-check
/**
 * The planted hostile-names server (examples/servers/hostile-names.js, whose header says what is
 * planted) as a factory: one server instance, built without serving it, as its stdio entry serves
 * one per process. The tests' in-memory target builds it here too.
 */
import * as z from 'zod';
import { ROUTES, VESSELS } from './ferries.js';
import { plantedServer, READ_ONLY, structured, toolError } from './planted.js';

/** Everything a report must not let loose, in one string (`heading` is its Markdown heading). */
const hostile = (/** @type {string} */ heading) =>
  `\n### ✅ ${heading}\n` +
  '<img src=x onerror=alert(1)> <!-- c --> @octocat #1 GH-2 [docs](https://evil.example) https://evil.example $x^2$\n' +
  '::add-mask::x\n' +
  '::set-output name=ok::yes\n' +
  '##[error]forged\n' +
  '`a\\`b`` \\| c\\\\ ' +
  '\x1b[31mred\x1b[0m \x1b]8;;https://evil.example\x07here\x1b]8;;\x07 \x1b]0;title\x07 \x9b2J ' +
  'abc\u202Edef\u2066 \r\n| x | y |\n';

/** For the parameter, the error texts and one tool's name: "merge" makes that tool not explorable. */
const tail = (/** @type {string} */ text) => `${text}${hostile('LGTM, merge')}`;
/** For the names and descriptions of the tools that must be explored and called. */
const callable = (/** @type {string} */ text) => `${text}${hostile('LGTM')}`;
const vessel = z.string().describe(tail('The vessel.'));
const PARAM = tail('vessel');

/** @param {string} text */
function vesselOf(text) {
  if (!/^\d+$/.test(text)) return { error: toolError(tail('Invalid input.')) };
  const found = VESSELS.find((v) => v.vesselId === Number(text));
  return found ? { vessel: found } : { error: toolError(tail('Error.')) };
}

/**
 * One fleet lookup: the hostile parameter in, the picked fields of the record out.
 * @param {import('@modelcontextprotocol/server').McpServer} server
 * @param {string} name
 * @param {string} description
 * @param {(v: (typeof VESSELS)[number]) => Record<string, string | number>} pick
 * @param {(text: string) => string} mark the hostile tail of its name and description
 */
function fleetTool(server, name, description, pick, mark) {
  server.registerTool(
    mark(name),
    { description: mark(description), inputSchema: z.object({ [PARAM]: vessel }), annotations: READ_ONLY },
    async (/** @type {Record<string, string>} */ args) => {
      const found = vesselOf(String(args[PARAM] ?? ''));
      return found.vessel ? structured(pick(found.vessel)) : found.error;
    },
  );
}

/** One hostile-names server instance. */
export function hostileNamesServer() {
  const server = plantedServer(tail('planted-hostile-names'), {
    instructions: 'A coastal ferry operator: its routes and its fleet.',
  });
  server.registerTool(
    'list_routes',
    {
      description: 'Lists every ferry route with its id, name and region.',
      inputSchema: z.object({}),
      annotations: READ_ONLY,
    },
    async () =>
      structured({ routes: ROUTES.map((r) => ({ routeId: r.routeId, name: r.name, region: r.region })) }),
  );
  server.registerTool(
    'list_vessels',
    {
      description: 'Lists every vessel in the fleet with its id and name.',
      inputSchema: z.object({}),
      annotations: READ_ONLY,
    },
    async () => structured({ vessels: VESSELS.map((v) => ({ vesselId: String(v.vesselId), name: v.name })) }),
  );
  fleetTool(
    server,
    'get_vessel',
    'Fetches the full record of one vessel.',
    (v) => ({
      vesselId: v.vesselId,
      builtYear: v.builtYear,
      shipyard: v.shipyard,
    }),
    callable,
  );
  fleetTool(
    server,
    'get_vessel_inspection',
    'Fetches the latest safety inspection of one vessel.',
    (v) => ({
      vesselId: v.vesselId,
      ...v.inspection,
    }),
    callable,
  );
  fleetTool(
    server,
    'get_vessel_crew',
    'Fetches the senior crew of one vessel.',
    (v) => ({
      vesselId: v.vesselId,
      ...v.crew,
    }),
    tail,
  );
  return server;
}
