/**
 * The span tree an exported run becomes, as plain data (times in ms since the epoch, taken from the
 * tapes). Built by pure functions (run-spans.ts, mcp-spans.ts, model-spans.ts); otlp.ts hands it to
 * the OpenTelemetry SDK.
 */
export type AttrValue = string | number | boolean | string[];
export type Attributes = Record<string, AttrValue>;

export interface SpanEvent {
  name: string;
  timeMs: number;
  attributes: Attributes;
}

export interface SpanNode {
  name: string;
  kind: 'internal' | 'client';
  startMs: number;
  endMs: number;
  attributes: Attributes;
  events: SpanEvent[];
  /** Set when the operation failed; the message is one line. */
  error?: string;
  children: SpanNode[];
}

export function span(name: string, startMs: number, endMs: number, attributes: Attributes = {}): SpanNode {
  return {
    name,
    kind: 'internal',
    startMs,
    endMs: Math.max(startMs, endMs),
    attributes,
    events: [],
    children: [],
  };
}

/** Widens a parent to cover its children (a child never starts before or ends after its parent). */
export function cover(node: SpanNode): SpanNode {
  for (const c of node.children) {
    cover(c);
    node.startMs = Math.min(node.startMs, c.startMs);
    node.endMs = Math.max(node.endMs, c.endMs);
  }
  node.children.sort((a, b) => a.startMs - b.startMs);
  return node;
}

/** Every node of a tree, parents before children. */
export function walk(node: SpanNode): SpanNode[] {
  return [node, ...node.children.flatMap(walk)];
}

/** A time from a tape, or undefined when it does not parse. */
export function ms(t: string | undefined): number | undefined {
  if (t === undefined) return undefined;
  const v = Date.parse(t);
  return Number.isFinite(v) ? v : undefined;
}

const MAX_CONTENT = 8192;

/** Content attributes are clipped: an exporter is not the place for a 100 MB tool result. */
export function contentText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.length > MAX_CONTENT ? `${text.slice(0, MAX_CONTENT)}… (${text.length} characters)` : text;
}
