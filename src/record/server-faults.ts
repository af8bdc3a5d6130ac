import { z } from 'zod';
import { Count, NonEmpty } from './common.js';

/** What the wire tape shows of one tool's calls during generation and admission. */
export const ToolFaults = z.looseObject({
  tool: NonEmpty,
  /** tools/call requests sent (corr ids `generate` and `admit`). */
  calls: Count,
  /** Requests that never got a response on the tape. */
  pending: Count,
  timeouts: Count,
  transportErrors: Count,
  frameRefusals: Count,
  /** `wire:<line>` of the harness's `fitness.call-failed` events for this tool. */
  tapeRefs: z.array(NonEmpty),
});
export type ToolFaults = z.infer<typeof ToolFaults>;

/**
 * The server's failures during generation and admission, per tool, as the wire tape shows them
 * (timeouts, transport errors, frames over the size or depth limit). Present only when there were
 * any: it is what a VOID `timeout`/`transport_error`/`target_died` run points at, and what a run that
 * went on anyway discloses.
 */
export const ServerFaults = z.looseObject({
  stage: z.literal('generation'),
  tools: z.array(ToolFaults),
});
export type ServerFaults = z.infer<typeof ServerFaults>;
