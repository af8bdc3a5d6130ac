import { createServer, type Server } from 'node:http';
// The official OTLP protobuf definitions, as generated (protobufjs) into @opentelemetry/otlp-transformer
// 0.216, the last release that shipped them: an independent decoder of what the exporter encodes.
import protos from 'otlp-transformer-protos/build/src/generated/root.js';
import { z } from 'zod';

/** A decoded OTLP span, with ids as hex, times as ms, attributes as plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  startMs: number;
  endMs: number;
  attributes: Record<string, unknown>;
  events: { name: string; timeMs: number; attributes: Record<string, unknown> }[];
  status: { code: number; message: string };
  resource: Record<string, unknown>;
}

export interface Receiver {
  url: string;
  spans: ReceivedSpan[];
  requests: { path: string; contentType: string; headers: Record<string, string | string[] | undefined> }[];
  close(): Promise<void>;
}

const AnyValue: z.ZodType<AnyValueT> = z.lazy(() =>
  z.looseObject({
    stringValue: z.string().optional(),
    boolValue: z.boolean().optional(),
    intValue: z.union([z.string(), z.number()]).optional(),
    doubleValue: z.number().optional(),
    arrayValue: z.looseObject({ values: z.array(AnyValue).optional() }).optional(),
  }),
);
interface AnyValueT {
  stringValue?: string | undefined;
  boolValue?: boolean | undefined;
  intValue?: string | number | undefined;
  doubleValue?: number | undefined;
  arrayValue?: { values?: AnyValueT[] | undefined } | undefined;
}
const KeyValues = z.array(z.looseObject({ key: z.string(), value: AnyValue.optional() })).optional();
const Nanos = z.union([z.string(), z.number()]);
const Span = z.looseObject({
  traceId: z.string(),
  spanId: z.string(),
  parentSpanId: z.string().optional(),
  name: z.string(),
  kind: z.number(),
  startTimeUnixNano: Nanos,
  endTimeUnixNano: Nanos,
  attributes: KeyValues,
  events: z.array(z.looseObject({ name: z.string(), timeUnixNano: Nanos, attributes: KeyValues })).optional(),
  status: z.looseObject({ code: z.number().optional(), message: z.string().optional() }).optional(),
});
const ExportRequest = z.looseObject({
  resourceSpans: z.array(
    z.looseObject({
      resource: z.looseObject({ attributes: KeyValues }).optional(),
      scopeSpans: z.array(z.looseObject({ spans: z.array(Span) })),
    }),
  ),
});

interface MessageType {
  decode(body: Uint8Array): unknown;
  toObject(message: unknown, options: Record<string, unknown>): unknown;
}

/** `opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest` in the generated module. */
function requestType(): MessageType {
  let node: unknown = protos;
  for (const key of 'opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest'.split('.')) {
    node =
      node !== null && (typeof node === 'object' || typeof node === 'function')
        ? Reflect.get(node, key)
        : undefined;
  }
  if (typeof node !== 'function' || typeof Reflect.get(node, 'decode') !== 'function')
    throw new Error('otlp-transformer-protos: ExportTraceServiceRequest is missing');
  const type = node;
  return {
    decode: (body) => Reflect.apply(Reflect.get(type, 'decode'), type, [body]),
    toObject: (m, o) => Reflect.apply(Reflect.get(type, 'toObject'), type, [m, o]),
  };
}

function value(v: AnyValueT | undefined): unknown {
  if (v === undefined) return undefined;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.arrayValue !== undefined) return (v.arrayValue.values ?? []).map(value);
  return undefined;
}

function attributes(list: z.infer<typeof KeyValues>): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, value(kv.value)]));
}

const nanosToMs = (n: string | number) => Number(BigInt(String(n)) / 1_000_000n);
const hex = (b64: string | undefined) => Buffer.from(b64 ?? '', 'base64').toString('hex');

/** Decodes one ExportTraceServiceRequest body with the official definitions. */
export function decodeTraces(body: Uint8Array): ReceivedSpan[] {
  const Request = requestType();
  const message = ExportRequest.parse(
    Request.toObject(Request.decode(body), { longs: String, bytes: String, defaults: true }),
  );
  return message.resourceSpans.flatMap((rs) =>
    rs.scopeSpans.flatMap((ss) =>
      ss.spans.map((s) => ({
        traceId: hex(s.traceId),
        spanId: hex(s.spanId),
        parentSpanId: hex(s.parentSpanId),
        name: s.name,
        kind: s.kind,
        startMs: nanosToMs(s.startTimeUnixNano),
        endMs: nanosToMs(s.endTimeUnixNano),
        attributes: attributes(s.attributes),
        events: (s.events ?? []).map((e) => ({
          name: e.name,
          timeMs: nanosToMs(e.timeUnixNano),
          attributes: attributes(e.attributes),
        })),
        status: { code: s.status?.code ?? 0, message: s.status?.message ?? '' },
        resource: attributes(rs.resource?.attributes),
      })),
    ),
  );
}

/** A local OTLP/HTTP receiver on 127.0.0.1: POST /v1/traces (protobuf), answered 200 and decoded. */
export async function startReceiver(): Promise<Receiver> {
  const spans: ReceivedSpan[] = [];
  const requests: Receiver['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        headers: req.headers,
      });
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      try {
        spans.push(...decodeTraces(Buffer.concat(chunks)));
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
