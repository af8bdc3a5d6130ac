// @ts-check
/**
 * The planted thin server (examples/servers/thin.js, whose header says what is planted) as a
 * factory: one server instance, built without serving it, as its entry serves one per stdio
 * process and per HTTP request. The tests' in-memory target builds it here too.
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { plantedServer, READ_ONLY, structured } from './planted.js';

/** @param {McpServer} server */
function register(server) {
  server.registerTool(
    'get_station_status',
    {
      title: 'Station status',
      description: 'Reports the weather station name, its operating status and when it was last calibrated.',
      inputSchema: z.object({}),
      outputSchema: z.object({ station: z.string(), status: z.string(), lastCalibrated: z.string() }),
      annotations: READ_ONLY,
    },
    async () =>
      structured({ station: 'Gull Point Light', status: 'operational', lastCalibrated: '2026-10-02' }),
  );
  server.registerTool(
    'get_wind',
    {
      title: 'Latest wind',
      description:
        'The latest wind reading at the station: direction, speed and gusts in knots, and the sea state.',
      inputSchema: z.object({
        units: z.enum(['knots']).describe('the only unit the station reports'),
      }),
      outputSchema: z.object({
        direction: z.string(),
        speedKnots: z.number(),
        gustKnots: z.number(),
        seaState: z.string(),
      }),
      annotations: READ_ONLY,
    },
    async () =>
      structured({ direction: 'west-southwest', speedKnots: 14, gustKnots: 22, seaState: 'moderate swell' }),
  );
}

/** One thin server instance. */
export function thinServer() {
  const server = plantedServer('planted-thin');
  register(server);
  return server;
}
