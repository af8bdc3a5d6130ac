/**
 * `export otlp` and `run --otlp` end to end: planted runs (HTTP and stdio) become OpenTelemetry spans
 * that arrive at a local OTLP/HTTP receiver, decoded there with the official protobuf definitions,
 * as the documented tree with the tapes' times; an unreachable endpoint is one line and exit 1, and
 * leaves the run untouched.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { parseCorrId } from '../../src/tape/corr-id.js';
import { pairExchanges } from '../../src/tape/pairing.js';
import { readTape } from '../../src/tape/reader.js';
import { type ReceivedSpan, type Receiver, startReceiver } from '../support/otlp-receiver.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { captureIO, outDir, runCommandOn, server } from './run/helpers.js';
import { auditedRun } from './shared/planted-audit.js';

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

async function cli(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const io = { ...captureIO(), env };
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

function trace(spans: readonly ReceivedSpan[], traceId: string) {
  const mine = spans.filter((s) => s.traceId === traceId);
  const byId = new Map(mine.map((s) => [s.spanId, s]));
  const parent = (s: ReceivedSpan) => byId.get(s.parentSpanId);
  return { spans: mine, parent, root: mine.filter((s) => s.parentSpanId === '') };
}

function digest(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir).map((f) => [
      f,
      createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex'),
    ]),
  );
}

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const address = s.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('export otlp', () => {
  it('an HTTP run arrives as the documented span tree with the tapes times', async () => {
    const { dir, record } = await auditedRun('well-made');
    const res = await cli(['export', 'otlp', dir, '--endpoint', receiver.url]);
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    const traceId = /trace ([0-9a-f]{32})/.exec(res.out)?.[1] ?? '';
    const t = trace(receiver.spans, traceId);
    expect(receiver.requests.every((r) => r.contentType === 'application/x-protobuf')).toBe(true);

    // One root: the run, with one evaluation event per gate decision, in decision order.
    expect(t.root.map((s) => s.name)).toEqual([`fitness-report run ${record.identity.serverSlug}`]);
    const root = t.root[0] as ReceivedSpan;
    expect(root.resource['service.name']).toBe('fitness-report');
    expect(root.attributes).toMatchObject({
      'fitness.run.id': record.runId,
      'fitness.outcome': record.outcome,
    });
    const evaluations = root.events.filter((e) => e.name === 'gen_ai.evaluation.result');
    expect(evaluations.map((e) => e.attributes['gen_ai.evaluation.name'])).toEqual([
      ...record.gates.map((g) => g.gate),
      'first_try',
    ]);
    expect(evaluations.map((e) => e.attributes['gen_ai.evaluation.score.label']).slice(0, -1)).toEqual(
      record.gates.map((g) => g.verdict),
    );
    expect(root.startMs).toBe(Date.parse(record.identity.startedAt));

    // Under it: probes, stages, and one span per phase holding its trials.
    const children = t.spans.filter((s) => t.parent(s) === root).map((s) => s.name);
    expect(children).toEqual(
      expect.arrayContaining(['probes', 'stage connect', 'phase construct', 'phase drive']),
    );
    // One invoke_agent span per trial the tapes name; its outcome from the trial's end event.
    const agent = await readTape(join(dir, 'agent.jsonl'));
    const wireTape = await readTape(join(dir, 'wire.jsonl'));
    const named = new Set(
      [...agent.records, ...wireTape.records].flatMap((r) => {
        const corr =
          r.type === 'turn' || r.type === 'event' || r.type === 'message' ? r.value.corr_id : undefined;
        const c = corr === undefined ? undefined : parseCorrId(corr);
        return c?.kind === 'trial' ? [c.trial] : [];
      }),
    );
    const passed = new Map(
      agent.records.flatMap((r) =>
        r.type === 'event' && r.value.kind === 'fitness.trial' && r.value.corr_id !== undefined
          ? [[r.value.corr_id, (r.value.raw as { checkPassed?: unknown }).checkPassed]]
          : [],
      ),
    );
    const trials = t.spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'invoke_agent');
    expect(new Set(trials.map((s) => s.attributes['fitness.trial.corr_id']))).toEqual(named);
    expect(trials.length).toBe(named.size);
    expect(passed.size).toBeGreaterThan(50);
    for (const s of trials) {
      expect(s.name).toBe(`invoke_agent ${s.attributes['fitness.phase']}`);
      expect(t.parent(s)?.name).toBe(`phase ${s.attributes['fitness.phase']}`);
      expect(s.attributes['fitness.trial.passed']).toBe(
        passed.get(String(s.attributes['fitness.trial.corr_id'])),
      );
    }

    // One client span per JSON-RPC request on the wire, timed by its request and response lines.
    const wire = await readTape(join(dir, 'wire.jsonl'));
    const exchanges = pairExchanges(wire.records).exchanges;
    const calls = t.spans.filter((s) => s.attributes['mcp.method.name'] !== undefined);
    expect(calls.length).toBe(exchanges.length);
    const byRef = new Map(calls.map((s) => [s.attributes['fitness.tape.ref'], s]));
    for (const x of exchanges) {
      const s = byRef.get(`wire:${x.requestLine}`) as ReceivedSpan;
      expect(s.kind).toBe(3); // SPAN_KIND_CLIENT
      expect(s.startMs).toBe(x.requestMs);
      if (x.responseMs !== undefined) expect(s.endMs).toBe(x.responseMs);
      expect(s.attributes['jsonrpc.request.id']).toBe(String(x.id));
      expect(s.attributes['network.transport']).toBe('tcp');
      if (x.method === 'tools/call') {
        expect(s.name).toBe(`tools/call ${x.tool}`);
        expect(s.attributes).toMatchObject({
          'gen_ai.tool.name': x.tool,
          'gen_ai.operation.name': 'execute_tool',
        });
        const corr = x.corrId === undefined ? undefined : parseCorrId(x.corrId);
        if (corr?.kind === 'trial') expect(t.parent(s)?.attributes['fitness.trial.corr_id']).toBe(corr.trial);
      }
      if (x.outcome === 'tool-error') expect(s.attributes['error.type']).toBe('tool_error');
      if (x.outcome === 'rpc-error')
        expect(s.attributes['rpc.response.status_code']).toBe(String(x.error?.code));
    }
    // A 2026-07-28 session has no session: no mcp.session.id, ever.
    const modern = calls.filter((s) => s.attributes['mcp.protocol.version'] === '2026-07-28');
    expect(modern.length).toBeGreaterThan(10);
    expect(calls.some((s) => 'mcp.session.id' in s.attributes)).toBe(false);
    // Model turns are chat spans inside their trial; no content unless asked.
    const chats = t.spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'chat');
    expect(chats.length).toBeGreaterThan(0);
    for (const s of chats) expect(t.parent(s)?.attributes['gen_ai.operation.name']).toBe('invoke_agent');
    for (const s of t.spans) {
      expect(s.attributes).not.toHaveProperty('gen_ai.tool.call.arguments');
      expect(s.attributes).not.toHaveProperty('gen_ai.output.messages');
      // Every child lies within its parent.
      const p = t.parent(s);
      if (p) expect(s.startMs >= p.startMs && s.endMs <= p.endMs).toBe(true);
    }
  }, 1_200_000);

  it('a stdio run: pipe transport; --content carries arguments from the redacted copy only', async () => {
    const { dir } = await auditedRun('thin');
    // A phrase the tape carries in a tool result stands in for a secret given at export.
    const wire = await readTape(join(dir, 'wire.jsonl'));
    const secret = wire.records
      .flatMap((r) => (r.type === 'message' && r.value.dir === 'out' ? [JSON.stringify(r.value.raw)] : []))
      .filter((raw) => raw.includes('"content":[{"type":"text"'))
      .map((raw) => /[A-Za-z]{4,}[A-Za-z ]{4,}[A-Za-z]/.exec(raw.slice(raw.indexOf('"text":"') + 8))?.[0])
      .find((m) => m !== undefined);
    expect(secret).toBeDefined();
    const res = await cli(
      ['export', 'otlp', dir, '--endpoint', receiver.url, '--content', '--secret-env', 'S'],
      {
        S: secret,
      },
    );
    expect(res.code).toBe(0);
    const t = trace(receiver.spans, /trace ([0-9a-f]{32})/.exec(res.out)?.[1] ?? '');
    const calls = t.spans.filter((s) => s.attributes['mcp.method.name'] === 'tools/call');
    expect(calls.length).toBeGreaterThan(0);
    for (const s of calls) expect(s.attributes['network.transport']).toBe('pipe');
    expect(calls.some((s) => typeof s.attributes['gen_ai.tool.call.arguments'] === 'string')).toBe(true);
    const sent = JSON.stringify(t.spans.map((s) => s.attributes));
    expect(sent).not.toContain(secret);
    expect(sent).toContain('[REDACTED]');
  }, 1_200_000);

  it('an unreachable endpoint is one line and exit 1, and the run is untouched', async () => {
    const { dir } = await auditedRun('thin');
    const before = digest(dir);
    const port = await closedPort();
    const res = await cli([
      'export',
      'otlp',
      dir,
      '--endpoint',
      `http://127.0.0.1:${port}`,
      '--timeout',
      '3000',
    ]);
    expect(res.code).toBe(1);
    expect(res.err.split('\n')).toHaveLength(1);
    expect(res.err).toMatch(
      new RegExp(`^fitness-report export: OTLP_EXPORT_FAILED: http://127\\.0\\.0\\.1:${port}/v1/traces: `),
    );
    expect(digest(dir)).toEqual(before);
    const usage = await cli(['export', 'otlp', dir]);
    expect(usage.err).toContain('--endpoint URL is required');
  }, 1_200_000);
});

/** The run command on the thin server in memory: its subject is what the command exports, not the process. */
describe('run --otlp', () => {
  const target = plantedInMemory('thin');
  afterAll(() => target.closeAll());
  const run = async (flags: string[]) => {
    const io = captureIO();
    const code = await runCommandOn(target, flags, io);
    return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
  };

  it('sends the recorded run; an unreachable endpoint exits 1 with the run complete', async () => {
    const out = outDir();
    const sent = await run(['--out', out, '--otlp', receiver.url]);
    expect(sent.err).toMatch(/otlp: exported \d+ spans as trace [0-9a-f]{32}/);
    const traceId = /trace ([0-9a-f]{32})/.exec(sent.err)?.[1] ?? '';
    expect(trace(receiver.spans, traceId).root.map((s) => s.name)).toEqual([
      'fitness-report run planted-thin',
    ]);
    const port = await closedPort();
    const failed = await run(['--out', out, '--otlp', `http://127.0.0.1:${port}`]);
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(/fitness-report run: otlp: OTLP_EXPORT_FAILED: /);
    const runDir = /^run: (.*)$/m.exec(failed.out)?.[1] ?? '';
    expect(readdirSync(runDir)).toEqual(
      expect.arrayContaining(['record.json', 'signature.json', 'wire.jsonl']),
    );
    expect((await cli(['verify', runDir])).code).toBe(0);
    expect((await cli(['run', '--otlp', 'ftp://x', '--', 'node', ...server('thin')])).code).toBe(2);
  }, 600_000);
});
