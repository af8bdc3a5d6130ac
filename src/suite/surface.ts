import { z } from 'zod';

/**
 * The small slice of an MCP session the suite needs. The pipeline adapts its session to these
 * shapes, so the suite never depends on the connect layer and tests can use in-memory fakes.
 * Everything here comes from the server under test and is validated, never cast.
 */

export const ToolAnnotations = z.looseObject({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});
export type ToolAnnotations = z.infer<typeof ToolAnnotations>;

export const JsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof JsonObject>;

export const ToolDescriptor = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  inputSchema: JsonObject,
  outputSchema: JsonObject.optional(),
  annotations: ToolAnnotations.optional(),
});
export type ToolDescriptor = z.infer<typeof ToolDescriptor>;

export const ToolSurface = z.looseObject({
  tools: z.array(ToolDescriptor),
  instructions: z.string().optional(),
});
export type ToolSurface = z.infer<typeof ToolSurface>;

/** A CallToolResult as far as the suite reads it; unknown block types are kept, not rejected. */
export const ContentBlock = z.looseObject({ type: z.string(), text: z.string().optional() });
export const ToolResult = z.looseObject({
  content: z.array(ContentBlock).default([]),
  structuredContent: JsonObject.optional(),
  isError: z.boolean().optional(),
});
export type ToolResult = z.infer<typeof ToolResult>;

/**
 * What one call produced: a tool result (which may itself carry `isError`) or a protocol-level
 * failure (JSON-RPC error, transport death, timeout). `result` is whatever came off the wire.
 */
export type ToolCallOutcome =
  | { kind: 'result'; result: unknown }
  | {
      kind: 'error';
      message: string;
      code?: number;
      /** The call did not complete at the transport: no response in time, or the connection failed. */
      transport?: 'timeout' | 'failed';
      /** The answer came in a frame over the transport's size or depth limit (what was refused). */
      refused?: string;
      /** The server answered with a result the client rejected: it breaks the output schema the tool declares. */
      invalidResult?: true;
    };

export type ToolCaller = (name: string, args: Record<string, unknown>) => Promise<ToolCallOutcome>;

export interface DroppedTool {
  index: number;
  reason: string;
}

/**
 * Validates a server's tool list tool by tool: a malformed entry is dropped and reported rather
 * than failing the whole surface, because one broken tool should cost one tool, not the run.
 */
export function parseSurface(raw: { tools: unknown; instructions?: unknown }): {
  surface: ToolSurface;
  dropped: DroppedTool[];
} {
  const list = Array.isArray(raw.tools) ? raw.tools : [];
  const tools: ToolDescriptor[] = [];
  const dropped: DroppedTool[] = [];
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    const parsed = ToolDescriptor.safeParse(entry);
    if (!parsed.success) {
      dropped.push({ index, reason: parsed.error.issues[0]?.message ?? 'invalid tool' });
    } else if (seen.has(parsed.data.name)) {
      dropped.push({ index, reason: `duplicate tool name ${parsed.data.name}` });
    } else {
      seen.add(parsed.data.name);
      tools.push(parsed.data);
    }
  });
  if (!Array.isArray(raw.tools)) dropped.push({ index: -1, reason: 'tools is not an array' });
  const surface: ToolSurface = { tools };
  if (typeof raw.instructions === 'string') surface.instructions = raw.instructions;
  return { surface, dropped };
}

/** Text blocks joined by newlines: the text view of a result that checks and regex extracts read. */
export function resultText(result: ToolResult): string {
  return result.content
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text)
    .join('\n');
}

/** The text content parsed as JSON, for servers that return JSON as text; undefined if it is not. */
export function resultTextJson(result: ToolResult): unknown {
  const text = resultText(result).trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function findTool(surface: ToolSurface, name: string): ToolDescriptor | undefined {
  return surface.tools.find((tool) => tool.name === name);
}
