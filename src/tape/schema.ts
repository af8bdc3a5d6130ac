import * as z from 'zod/mini';

/**
 * mcp-tape v1 line shapes (docs/design.md §9). Every line is a loose object so unknown extra fields survive a
 * read/write round trip; readers classify lines with these schemas and count what they cannot classify.
 * Written with zod/mini and free of node-only imports: the Node reader, the writer and the replay
 * viewer in the browser (src/board/client) all parse tape lines with these same schemas.
 */

export const TAPE_VERSION = 1;

/** The three planes a run writes, one file each. */
export const Plane = z.enum(['wire', 'agent', 'judge']);
export type Plane = z.infer<typeof Plane>;

/** `mcp` for the wire plane, `llm` for model planes; readers accept any string (absent means `mcp`). */
export const TapeKind = z.string().check(z.minLength(1));
export const DEFAULT_KIND = 'mcp';

export const Producer = z.looseObject({
  name: z.string(),
  version: z.string(),
  configHash: z.optional(z.string()),
});
export type Producer = z.infer<typeof Producer>;

/** An optional field a reader tolerates: a value of the wrong type reads as absent, never fatal. */
const tolerated = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/**
 * The meta line as any producer may write it (mcp-tape v1): only `v`, `type`, `startedAt`, `label`
 * and `command` (the argv array) are required; `mcpTapVersion`, `kind`, `source` and `producer` are
 * optional and unknown values are tolerated. A `command` string (our tapes before mcp-tape v1 was
 * followed exactly) is still read; the validator reports it.
 */
export const MetaLine = z.looseObject({
  v: z.number(),
  type: z.literal('meta'),
  startedAt: z.string(),
  label: z.string(),
  command: z.union([z.array(z.string()), z.string()]),
  mcpTapVersion: tolerated(z.string()),
  kind: tolerated(TapeKind),
  source: tolerated(z.string()),
  producer: tolerated(z.union([Producer, z.string()])),
});
export type MetaLine = z.infer<typeof MetaLine>;

/** The meta line this package writes: every field docs/design.md §9 names, `command` as argv. */
export const WrittenMetaLine = z.strictObject({
  v: z.literal(TAPE_VERSION),
  type: z.literal('meta'),
  startedAt: z.string(),
  label: z.string(),
  command: z.array(z.string()).check(z.minLength(1)),
  kind: TapeKind,
  source: z.string(),
  producer: Producer,
});
export type WrittenMetaLine = z.infer<typeof WrittenMetaLine>;

/** The meta line's kind, `mcp` when the producer left it out. */
export function metaKind(meta: MetaLine | undefined): string | undefined {
  if (meta === undefined) return undefined;
  return meta.kind ?? DEFAULT_KIND;
}

/** `name@version` of whoever wrote the tape, from `source`, `producer` or `mcpTapVersion`. */
export function metaProducer(meta: MetaLine | undefined): string | undefined {
  if (meta === undefined) return undefined;
  if (meta.source !== undefined && meta.source !== '') return meta.source;
  const p = meta.producer;
  if (typeof p === 'string' && p !== '') return p;
  if (p !== undefined && typeof p === 'object') return p.version ? `${p.name}@${p.version}` : p.name;
  return meta.mcpTapVersion === undefined ? undefined : `mcp-tape@${meta.mcpTapVersion}`;
}

/** The meta line's argv (a legacy string command is one element). */
export function metaCommand(meta: MetaLine | undefined): string[] | undefined {
  if (meta === undefined) return undefined;
  return typeof meta.command === 'string' ? [meta.command] : meta.command;
}

/** `in` = client → server, `out` = server → client; `raw` is the verbatim JSON-RPC envelope. */
export const MessageDir = z.enum(['in', 'out']);
export type MessageDir = z.infer<typeof MessageDir>;

/** Set on a message line whose frame was over the size limit: `raw` then keeps only the routing keys. */
export const Truncation = z.looseObject({
  bytes: z.int().check(z.nonnegative()),
  head: z.string(),
  /** Why the body was left out when it was not its size: `secret-in-key` or `unserializable`. */
  reason: z.optional(z.string()),
});
export type Truncation = z.infer<typeof Truncation>;

export const MessageLine = z.looseObject({
  t: z.string(),
  dir: MessageDir,
  /** One JSON-RPC message, or a batch (an array of them, 2025-03-26). */
  raw: z.unknown(),
  corr_id: tolerated(z.string()),
  /** Session tag when one file holds several sessions; pairing never crosses tags. */
  session: tolerated(z.string()),
  /** Producer namespace of a line when files of several producers were merged; pairing never crosses it. */
  source: tolerated(z.string()),
  truncated: tolerated(Truncation),
});
export type MessageLine = z.infer<typeof MessageLine>;

export const EventLine = z.looseObject({
  t: z.string(),
  dir: z.literal('event'),
  kind: z.catch(z.string(), 'unknown'),
  raw: z.unknown(),
  corr_id: tolerated(z.string()),
  session: tolerated(z.string()),
});
export type EventLine = z.infer<typeof EventLine>;

const tokens = tolerated(z.int().check(z.nonnegative()));

/** Usage as the tape states it: `input_tokens` excludes cache reads and writes. */
export const TurnUsage = z.looseObject({
  input_tokens: tokens,
  output_tokens: tokens,
  cache_read_input_tokens: tokens,
  cache_creation_input_tokens: tokens,
  thinking_tokens: tokens,
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
  is_error: z.optional(z.boolean()),
});
/** Any block the reader does not know: kept, never fatal. */
export const OtherBlock = z.looseObject({ type: z.string() });
export const Block = z.union([TextBlock, ThinkingBlock, ToolUseBlock, ToolResultBlock, OtherBlock]);
export type Block = z.infer<typeof Block>;

/** A turn's blocks as read: anything that is not a block (no `type`) is dropped, never fatal. */
const Blocks = z.pipe(
  z.catch(z.array(z.unknown()), []),
  z.transform((blocks) =>
    blocks.flatMap((b) => {
      const r = z.safeParse(Block, b);
      return r.success ? [r.data] : [];
    }),
  ),
);

export const TurnTiming = z.looseObject({
  startedAt: tolerated(z.string()),
  endedAt: tolerated(z.string()),
  latencyMs: tolerated(z.number().check(z.nonnegative())),
});

export const TurnLine = z.looseObject({
  t: z.string(),
  type: z.literal('turn'),
  role: z.catch(z.string(), 'unknown'),
  blocks: Blocks,
  model: tolerated(z.string()),
  usage: tolerated(TurnUsage),
  timing: tolerated(TurnTiming),
  /** Our tapes always carry it (docs/design.md §9); other producers may not. */
  corr_id: tolerated(z.string()),
  /** Re-sent context: kept in the stream, excluded from every aggregate. */
  echoed: tolerated(z.boolean()),
  /** A model call that failed; `message` is one line. */
  error: tolerated(z.looseObject({ message: z.string(), code: z.optional(z.string()) })),
  source: tolerated(z.string()),
});
export type TurnLine = z.infer<typeof TurnLine>;

/**
 * The last line. Ours carries `reason` (no `exitCode`: no process is wrapped); mcp-tape's proxy
 * writes `exitCode`. Ours also carries `configHash`, the suite hash, once a suite was registered:
 * the meta line is written before the suite exists and tapes are append-only, so the hash is on the
 * end line and the reader shows it on the meta's `producer` (see `TapeBuilder.finish`).
 */
export const EndLine = z.looseObject({
  t: z.string(),
  type: z.literal('end'),
  reason: tolerated(z.string()),
  durationMs: tolerated(z.number().check(z.nonnegative())),
  exitCode: tolerated(z.nullable(z.int())),
  configHash: tolerated(z.string()),
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
  status: z.optional(z.int()),
  requestHeaders: z.record(z.string(), z.string()),
  responseHeaders: z.optional(z.record(z.string(), z.string())),
  durationMs: z.number().check(z.nonnegative()),
  error: z.optional(z.string()),
  bodyHead: z.optional(z.string()),
});
export type HttpEventRaw = z.infer<typeof HttpEventRaw>;
