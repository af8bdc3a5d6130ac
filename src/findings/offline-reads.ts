import { sameCanonical } from '../core/canonical.js';
import { toolReads } from '../models/heuristic/reads.js';
import type { Proposal } from '../record/findings.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { overridesFrom, presentedTools } from './override.js';

/**
 * Whether the offline (heuristic) runner could behave differently with the proposal: what it reads
 * of the tool as `rerun --with-rewrites` presents it (override.ts) differs from what it reads of the
 * server's own tool (models/heuristic/reads.ts: the description's words, the parameters' names, the
 * forms their examples state, the fields they name in code). Prose that changes none of it, and a
 * proposal of server changes only, cannot show an effect under that runner. A proposal for a tool
 * the server does not list is never shown to a runner.
 */
export function offlineTestable(p: Proposal, tool: ToolDescriptor | undefined): boolean {
  if (tool === undefined) return false;
  const [shown] = presentedTools([tool], overridesFrom([p], new Map([[tool.name, tool]])));
  return shown !== undefined && !sameCanonical(toolReads(tool), toolReads(shown));
}
