import { z } from 'zod';

/**
 * The mcp-tape v1 line shapes, strictly, as the format's own text states them (the mcp-tape README's
 * "Trace format", the format notes in docs/tapes.md): what a producer must write, not what a reader
 * tolerates (see schema.ts for that). Unknown extra fields are allowed everywhere: the format is
 * extensible and readers keep what they do not know.
 */

/** ISO-8601 with millisecond precision, as `t` and `startedAt` are specified. */
export const IsoMs = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/, 'not ISO-8601 with milliseconds')
  .refine((s) => Number.isFinite(Date.parse(s)), 'not a real time');

export const StrictMeta = z.looseObject({
  v: z.literal(1),
  type: z.literal('meta'),
  startedAt: IsoMs,
  label: z.string(),
  /** The argv array of what was recorded. */
  command: z.array(z.string()).min(1, 'command is an empty argv'),
  mcpTapVersion: z.string().optional(),
  kind: z.string().min(1).optional(),
  source: z.string().optional(),
  producer: z.union([z.looseObject({ name: z.string() }), z.string()]).optional(),
});

const RpcId = z.union([z.string(), z.number()]);

const RpcError = z.looseObject({ code: z.number().int(), message: z.string(), data: z.unknown().optional() });

/** One JSON-RPC 2.0 message: request, notification, or response (exactly one of result / error). */
export const RpcMessage = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([RpcId, z.null()]).optional(),
    method: z.string().optional(),
    params: z.union([z.looseObject({}), z.array(z.unknown())]).optional(),
    result: z.unknown().optional(),
    error: RpcError.optional(),
  })
  .superRefine((m, ctx) => {
    const hasResult = 'result' in m;
    const hasError = 'error' in m;
    if (m.method !== undefined) {
      if (hasResult || hasError)
        ctx.addIssue({ code: 'custom', message: 'a request carries neither result nor error' });
      if (m.id === null) ctx.addIssue({ code: 'custom', message: 'a request id is never null' });
      return;
    }
    if (!('id' in m))
      ctx.addIssue({ code: 'custom', message: 'neither a request, a notification nor a response' });
    else if (hasResult === hasError)
      ctx.addIssue({ code: 'custom', message: 'a response carries exactly one of result and error' });
  });

/** `raw`: the verbatim JSON-RPC envelope, or a batch (a non-empty array of them). */
export const RawFrame = z.union([RpcMessage, z.array(RpcMessage).min(1)]);

export const StrictMessage = z.looseObject({
  t: IsoMs,
  dir: z.enum(['in', 'out']),
  raw: RawFrame,
  corr_id: z.string().optional(),
});

export const StrictEvent = z.looseObject({
  t: IsoMs,
  dir: z.literal('event'),
  kind: z.string().min(1),
  raw: z.unknown().refine((v) => v !== undefined, 'raw is missing'),
  corr_id: z.string().optional(),
});

const Count = z.number().int().nonnegative();

export const StrictUsage = z
  .looseObject({
    input_tokens: Count.optional(),
    output_tokens: Count.optional(),
    cache_read_input_tokens: Count.optional(),
    cache_creation_input_tokens: Count.optional(),
    thinking_tokens: Count.optional(),
  })
  .refine(
    (u) =>
      u.thinking_tokens === undefined ||
      u.output_tokens === undefined ||
      u.thinking_tokens <= u.output_tokens,
    'thinking_tokens is a subset of output_tokens',
  );

export const KNOWN_BLOCKS = ['text', 'thinking', 'tool_use', 'tool_result'] as const;

export const StrictBlock = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  z.looseObject({ type: z.literal('thinking'), thinking: z.string() }),
  z.looseObject({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() }),
  z.looseObject({
    type: z.literal('tool_result'),
    tool_use_id: z.string(),
    content: z.unknown(),
    is_error: z.boolean().optional(),
  }),
]);

export const StrictTurn = z.looseObject({
  t: IsoMs,
  type: z.literal('turn'),
  role: z.string().min(1),
  blocks: z.array(z.looseObject({ type: z.string().min(1) })),
  model: z.string().optional(),
  usage: StrictUsage.optional(),
  timing: z.looseObject({}).optional(),
  corr_id: z.string().optional(),
  echoed: z.boolean().optional(),
});

export const StrictEnd = z.looseObject({
  t: IsoMs,
  type: z.literal('end'),
  durationMs: z.number().nonnegative(),
  reason: z.string().optional(),
  exitCode: z.number().int().nullable().optional(),
  /** Ours: the suite hash, once a suite was registered (see `EndLine`). */
  configHash: z.string().optional(),
});

/** Our own marker for a frame the writer cut down to its routing keys (docs/design.md §9). */
export const TruncatedMarker = z.looseObject({ bytes: z.number().int().nonnegative(), head: z.string() });
