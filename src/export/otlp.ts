import { type Context, ROOT_CONTEXT, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import { ExportResultCode } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { FitnessError } from '../core/errors.js';
import { PRODUCER, VERSION } from '../version.js';
import type { SpanNode } from './span-tree.js';

export interface OtlpTarget {
  /** An OTLP/HTTP endpoint: a base URL (`/v1/traces` is appended) or the full traces URL. */
  endpoint: string;
  /** Request headers (e.g. Langfuse's `Authorization: Basic …`); never written anywhere. */
  headers?: Record<string, string>;
  serviceName?: string;
  timeoutMs?: number;
}

/** `http://host:4318` → `http://host:4318/v1/traces`; a URL already ending in /v1/traces is kept. */
export function tracesUrl(endpoint: string): string {
  if (!URL.canParse(endpoint)) throw new FitnessError('OTLP_ENDPOINT', `${endpoint}: not a URL`);
  const url = new URL(endpoint);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FitnessError('OTLP_ENDPOINT', `${endpoint}: only http and https OTLP endpoints`);
  if (!url.pathname.endsWith('/v1/traces')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`;
  return url.href;
}

/** The endpoint as it may be printed: no userinfo, no query. */
function shown(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  u.search = '';
  return u.href;
}

function emit(tracer: Tracer, node: SpanNode, parent: Context): void {
  const s = tracer.startSpan(
    node.name,
    {
      kind: node.kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL,
      startTime: new Date(node.startMs),
      attributes: node.attributes,
    },
    parent,
  );
  for (const e of node.events) s.addEvent(e.name, e.attributes, new Date(e.timeMs));
  if (node.error !== undefined) s.setStatus({ code: SpanStatusCode.ERROR, message: node.error });
  const ctx = trace.setSpan(parent, s);
  for (const child of node.children) emit(tracer, child, ctx);
  s.end(new Date(node.endMs));
}

/** The tree as finished SDK spans (backdated to the tapes' times), ready for any exporter. */
export function finishedSpans(root: SpanNode, serviceName = PRODUCER): ReadableSpan[] {
  const memory = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName, [ATTR_SERVICE_VERSION]: VERSION }),
    spanProcessors: [new SimpleSpanProcessor(memory)],
    // A long run is one trace of many spans: the default 128-attribute / 128-event limits are kept.
    spanLimits: { eventCountLimit: 1000 },
  });
  emit(provider.getTracer(PRODUCER, VERSION), root, ROOT_CONTEXT);
  return memory.getFinishedSpans();
}

/** Sends the spans to an OTLP/HTTP (protobuf) endpoint; a failure is one line naming the endpoint. */
export async function sendSpans(spans: ReadableSpan[], target: OtlpTarget): Promise<void> {
  const url = tracesUrl(target.endpoint);
  const exporter = new OTLPTraceExporter({
    url,
    headers: target.headers ?? {},
    timeoutMillis: target.timeoutMs ?? 10_000,
  });
  try {
    const result = await new Promise<{ code: ExportResultCode; error?: Error }>((resolve) =>
      exporter.export(spans, resolve),
    );
    if (result.code !== ExportResultCode.SUCCESS) {
      const why = (result.error?.message ?? 'export failed').replace(/\s+/g, ' ');
      throw new FitnessError('OTLP_EXPORT_FAILED', `${shown(url)}: ${why}`);
    }
  } finally {
    await exporter.shutdown().catch(() => undefined);
  }
}
