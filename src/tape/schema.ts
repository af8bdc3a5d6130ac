import { z } from 'zod';

/**
 * mcp-tape v1 line shapes (DESIGN.md §9). Every line is a loose object so unknown extra fields survive a
 * read/write round trip; readers classify lines with these schemas and count what they cannot classify.
 */

export const TAPE_VERSION = 1;

/** The three planes a run writes, one file each. */
export const Plane = z.enum(['wire', 'agent', 'judge']);
export type Plane = z.infer<typeof Plane>;

/** `mcp` for the wire plane, `llm` for model planes; readers accept any string. */
export const TapeKind = z.string().min(1);

export const Producer = z.looseObject({
  name: z.string(),
  version: z.string(),
  configHash: z.string().optional(),
});
export type Producer = z.infer<typeof Producer>;

export const MetaLine = z.looseObject({
  v: z.literal(TAPE_VERSION),
  type: z.literal('meta'),
  startedAt: z.string(),
  label: z.string(),
  command: z.string(),
  kind: TapeKind,
  source: z.string(),
  producer: Producer,
});
export type MetaLine = z.infer<typeof MetaLine>;

/** `in` = client → server, `out` = server → client; `raw` is the verbatim JSON-RPC envelope. */
export const MessageDir = z.enum(['in', 'out']);
export type MessageDir = z.infer<typeof MessageDir>;

/** Set on a message line whose frame was over the size limit: `raw` then keeps only the routing keys. */
export const Truncation = z.looseObject({
  bytes: z.number().int().nonnegative(),
  head: z.string(),
  /** Why the body was left out when it was not its size: `secret-in-key` or `unserializable`. */
  reason: z.string().optional(),
});
export type Truncation = z.infer<typeof Truncation>;

export const MessageLine = z.looseObject({
  t: z.string(),
  dir: MessageDir,
  raw: z.unknown(),
  corr_id: z.string().optional(),
  /** Session tag when one file holds several sessions; pairing never crosses tags. */
  session: z.string().optional(),
  truncated: Truncation.optional(),
});
export type MessageLine = z.infer<typeof MessageLine>;

export const EventLine = z.looseObject({
  t: z.string(),
  dir: z.literal('event'),
  kind: z.string(),
  raw: z.unknown(),
  corr_id: z.string().optional(),
  session: z.string().optional(),
});
export type EventLine = z.infer<typeof EventLine>;

/** Usage as the tape states it: `input_tokens` excludes cache reads and writes. */
export const TurnUsage = z.looseObject({
  input_tokens: z.number().int().nonnegative().optional(),
  output_tokens: z.number().int().nonnegative().optional(),
  cache_read_input_tokens: z.number().int().nonnegative().optional(),
  cache_creation_input_tokens: z.number().int().nonnegative().optional(),
  thinking_tokens: z.number().int().nonnegative().optional(),
});
export type TurnUsage = z.infer<typeof TurnUsage>;

export const TextBlock = z.looseObject({ type: z.literal('text'), text: z.string() });
export const ThinkingBlock = z.looseObject({ type: z.literal('thinking'), thinking: z.string() });
export const ToolUseBlock = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});
export const ToolResultBlock = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.unknown(),
  is_error: z.boolean().optional(),
});
/** Any block the reader does not know: kept, never fatal. */
export const OtherBlock = z.looseObject({ type: z.string() });
export const Block = z.union([TextBlock, ThinkingBlock, ToolUseBlock, ToolResultBlock, OtherBlock]);
export type Block = z.infer<typeof Block>;

export const TurnTiming = z.looseObject({
  startedAt: z.string().optional(),
  endedAt: z.string().optional(),
  latencyMs: z.number().nonnegative().optional(),
});

export const TurnLine = z.looseObject({
  t: z.string(),
  type: z.literal('turn'),
  role: z.string(),
  blocks: z.array(Block),
  model: z.string().optional(),
  usage: TurnUsage.optional(),
  timing: TurnTiming.optional(),
  corr_id: z.string(),
  /** Re-sent context: kept in the stream, excluded from every aggregate. */
  echoed: z.boolean().optional(),
  /** A model call that failed; `message` is one line. */
  error: z.looseObject({ message: z.string(), code: z.string().optional() }).optional(),
});
export type TurnLine = z.infer<typeof TurnLine>;

export const EndLine = z.looseObject({
  t: z.string(),
  type: z.literal('end'),
  reason: z.string(),
  durationMs: z.number().nonnegative(),
});
export type EndLine = z.infer<typeof EndLine>;

/** Harness event kinds this package writes. Readers accept any `fitness.*` (or other) kind. */
export const EventKind = {
  http: 'fitness.http',
  process: 'fitness.process',
  stderr: 'fitness.stderr',
  stdoutNoise: 'fitness.stdout-noise',
  transportError: 'fitness.transport-error',
  connect: 'fitness.connect',
  modelError: 'fitness.model-error',
  /** A session went past the tape's byte cap: its later lines were dropped (counted in the record). */
  tapeTruncated: 'fitness.tape-truncated',
  /** A frame the transport refused (too large, nested too deep): the session ends. */
  frameRefused: 'fitness.frame-refused',
  /** A harness call that failed at the transport (timeout, transport error, frame limit), per tool. */
  callFailed: 'fitness.call-failed',
  /** Run-level: the run stopped (signal, budget, dead target) and how its shutdown went. */
  runStop: 'fitness.run-stop',
  /** Agent plane: how one trial ended (steps, check, the limit it ran into), under its corr id. */
  trial: 'fitness.trial',
} as const;

/** `fitness.http`: one HTTP exchange, secrets never included. */
export const HttpEventRaw = z.looseObject({
  method: z.string(),
  url: z.string(),
  status: z.number().int().optional(),
  requestHeaders: z.record(z.string(), z.string()),
  responseHeaders: z.record(z.string(), z.string()).optional(),
  durationMs: z.number().nonnegative(),
  error: z.string().optional(),
  bodyHead: z.string().optional(),
});
export type HttpEventRaw = z.infer<typeof HttpEventRaw>;

/** `fitness.model-error`: a model call that threw before reporting usage. */
export const ModelErrorRaw = z.looseObject({ model: z.string(), message: z.string() });
