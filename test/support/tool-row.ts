import type { PlaneStats, ToolStats } from '../../src/tape/stats-schema.js';

/** The `tools[]` row of one tool of a tape's stats, if it was called. */
export function toolRow(stats: Pick<PlaneStats, 'tools'>, name: string): ToolStats | undefined {
  return stats.tools.find((t) => t.name === name);
}
