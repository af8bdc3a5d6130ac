// @ts-check
/**
 * The planted well-made ferry server (../well-made.js) as a factory, so a test can serve it in
 * memory as the script serves it over stdio or HTTP. `regress` adds the release that breaks the
 * fleet list: its old name, `enumerate_vessels`, back beside `list_vessels` with the same
 * description and input, failing every call ("moved to list_vessels").
 */
import * as z from 'zod';
import { FERRY_DESCRIPTIONS, ferryServer } from './ferries.js';
import { READ_ONLY, toolError } from './planted.js';

/**
 * @param {{ bookings: Map<string, Record<string, unknown>>, regress?: boolean }} options
 *   `bookings` lives as long as what serves the server: the process, or the test's session.
 */
export function wellMadeServer({ bookings, regress = false }) {
  const server = ferryServer('planted-well-made', { bookings });
  if (regress)
    server.registerTool(
      'enumerate_vessels',
      { description: FERRY_DESCRIPTIONS.list_vessels, inputSchema: z.object({}), annotations: READ_ONLY },
      async () => toolError('enumerate_vessels has moved to list_vessels'),
    );
  return server;
}
