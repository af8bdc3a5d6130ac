import { z } from 'zod';

/**
 * `mcp-tape.stats/1`, what `tape stats --json` prints: the format's fields and, beside them, our
 * finer counts as extra fields. Derived anew from the tapes every time and never rewritten, so its
 * objects are `z.object` (unknown fields dropped on read), like the viewer's data file.
 */
export const STATS_SCHEMA = 'mcp-tape.stats/1';

const Count = z.number().int().nonnegative();
const Line = z.number().int().positive();

/** Where a tool row's calls were seen: JSON-RPC pairs (`mcp`), model `tool_use` blocks (`turn`), or both. */
export const ToolOrigin = z.enum(['mcp', 'turn', 'mixed']);
export type ToolOrigin = z.infer<typeof ToolOrigin>;

/** One `tools[]` entry of mcp-tape.stats/1, with our finer split as extra fields. */
export const ToolStats = z.object({
  name: z.string(),
  calls: Count,
  /** Failed calls: `isError` results and JSON-RPC error responses alike. */
  errors: Count,
  /** Nearest-rank percentiles over answered calls; absent when none was answered. */
  p50Ms: z.number().optional(),
  p95Ms: z.number().optional(),
  origin: ToolOrigin,
  /** Calls with no answer on the tape. */
  pending: Count,
  /** Extra: of `errors`, the `isError` results (and `is_error` tool results on the turn plane). */
  resultErrors: Count,
  /** Extra: of `errors`, the JSON-RPC error responses. */
  rpcErrors: Count,
});
export type ToolStats = z.infer<typeof ToolStats>;

/** One `errors[]` entry of mcp-tape.stats/1. */
export const ErrorEntry = z.object({
  t: z.string().optional(),
  source: z.enum(['tool', 'jsonrpc', 'llm']),
  name: z.string(),
  message: z.string(),
  /** Extra: the tape line that shows it. */
  line: Line.optional(),
});
export type ErrorEntry = z.infer<typeof ErrorEntry>;

const tokens = {
  inputTokens: Count.optional(),
  outputTokens: Count.optional(),
  cacheReadTokens: Count.optional(),
  cacheCreationTokens: Count.optional(),
  thinkingTokens: Count.optional(),
};

/** One model's generations (non-echoed assistant turns); a token count is absent when no turn reported it. */
export const ModelStats = z.object({
  model: z.string(),
  calls: Count,
  ...tokens,
  /** Present only when every turn with usage was priced. */
  estCostUsd: z.number().nonnegative().optional(),
  priced: z.boolean(),
  /** Extra: turns with usage that had no price. */
  unpricedTurns: Count,
  /** Extra: failed model calls (turn errors and model-error events). */
  errors: Count,
});
export type ModelStats = z.infer<typeof ModelStats>;

export const ModelSummary = z.object({
  models: Count,
  assistantTurns: Count,
  turns: Count,
  echoedTurns: Count,
  ...tokens,
});
export type ModelSummary = z.infer<typeof ModelSummary>;

export const CostStats = z.object({
  /** List-price estimates from the built-in table, never billing data. */
  estimated: z.literal(true),
  currency: z.literal('USD'),
  /** Absent when no model was priced. */
  totalUsd: z.number().nonnegative().optional(),
  /** Some usage had no price: the total is a lower bound. */
  partial: z.boolean(),
  unpricedModels: z.array(z.string()),
});
export type CostStats = z.infer<typeof CostStats>;

export const ModelsBlock = z.object({
  perModel: z.array(ModelStats),
  summary: ModelSummary,
  cost: CostStats,
});
export type ModelsBlock = z.infer<typeof ModelsBlock>;

export const SessionStats = z.object({
  label: z.string().optional(),
  kind: z.string().optional(),
  startedAt: z.string().optional(),
  endedAt: z.string().optional(),
  durationMs: z.number().optional(),
  command: z.array(z.string()).optional(),
  /** `name@version` of whoever wrote the tape. */
  producer: z.string().optional(),
  records: z.object({
    total: Count,
    meta: Count,
    message: Count,
    event: Count,
    turn: Count,
    end: Count,
    other: Count,
  }),
  skippedLines: Count,
  endReason: z.string().optional(),
  exitCode: z.number().int().nullable().optional(),
  /** Extra: the suite hash our producer block carries. */
  configHash: z.string().optional(),
  /** Extra: every skipped line and why. */
  skipped: z.array(z.object({ line: Line, reason: z.string() })),
  /** Extra: lines that claim a known type but lack what it needs (counted under their claim, unused). */
  invalid: z.array(z.object({ line: Line, claimed: z.string(), problem: z.string() })),
});
export type SessionStats = z.infer<typeof SessionStats>;

/** Our finer counts, beside the format's fields. */
const extras = {
  /** Unanswered requests of every method. */
  pendingByMethod: z.array(z.object({ method: z.string(), count: Count })),
  rpcErrorsByMethod: z.array(
    z.object({ method: z.string(), code: z.number().int().optional(), count: Count }),
  ),
  /** Responses no earlier request explains. */
  orphanResponses: Count,
  /** Requests that shared an id with another open request of their session. */
  reusedIds: Count,
};

const plane = {
  schema: z.literal(STATS_SCHEMA),
  file: z.string(),
  session: SessionStats,
  /** Absent when the tape carries no model generations (a pure MCP plane). */
  models: ModelsBlock.optional(),
  tools: z.array(ToolStats),
  errors: z.array(ErrorEntry),
  ...extras,
};

/** mcp-tape.stats/1 for one file (a plane), with our extras. */
export const PlaneStats = z.object(plane);
export type PlaneStats = z.infer<typeof PlaneStats>;

/** What `tape stats --json` prints: one plane's block, or several planes and their merged view. */
export const TapeStats = z.object({
  ...plane,
  /** Absent on a merged view of several files. */
  file: z.string().optional(),
  /** Several files: one block per plane; the top level is the merged view. */
  planes: z.array(z.object({ plane: z.string(), ...plane })).optional(),
  /** Merged view: which planes the tool table was taken from (the planes describe the same calls). */
  toolsFrom: z.array(z.enum(['mcp', 'turn'])).optional(),
});
export type TapeStats = z.infer<typeof TapeStats>;
