// @ts-check
/**
 * Planted property: a thin surface. Two honest, well-described read-only tools (a weather station's
 * status and its latest wind reading) with output schemas: everything right, just too little of it.
 * Expected outcome (stdio or HTTP): INSUFFICIENT_SURFACE (`below_minimum_suite_size`). Every
 * candidate explore/1 can ground is admitted, but there are only a handful, fewer than the
 * registered minimum of 8 tasks; the record shows candidates, admitted and the admission rate.
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { KEEP_ALIVE_MS, plantedServer, READ_ONLY, structured } from './lib/planted.js';
import { serve } from './lib/serve.js';

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

serve({
  keepAliveMs: KEEP_ALIVE_MS,
  factory: () => {
    const server = plantedServer('planted-thin');
    register(server);
    return server;
  },
});
