import { Task } from '../../src/suite/schema.js';
import type { ToolDescriptor } from '../../src/suite/surface.js';
import { parseTape, type TapeRecord } from '../../src/tape/reader.js';

export interface CallSpec {
  corr: string;
  tool: string;
  args?: Record<string, unknown>;
  /** structuredContent of a successful result. */
  structured?: Record<string, unknown>;
  /** Text of an isError result. */
  error?: string;
  rpcError?: { code: number; message: string };
  pending?: boolean;
  latencyMs?: number;
}

/**
 * Builds a run's wire and agent tapes line by line, in the shapes the run writes: a `surface`
 * tools/list, tools/call request/response pairs under trial corr ids, and the agent plane's
 * `fitness.trial` event per trial. Tests of src/findings read them back with the tape reader.
 */
export class FakeTapes {
  private readonly wire: string[] = [];
  private readonly agent: string[] = [];
  private id = 0;
  private ms = Date.parse('2026-12-01T10:00:00.000Z');

  constructor() {
    const meta = (kind: string) =>
      JSON.stringify({ v: 1, type: 'meta', startedAt: this.at(), label: 'fake', command: ['node'], kind });
    this.wire.push(meta('mcp'));
    this.agent.push(meta('llm'));
  }

  private at(plus = 0): string {
    this.ms += plus;
    return new Date(this.ms).toISOString();
  }

  listTools(tools: readonly ToolDescriptor[]): this {
    const id = ++this.id;
    this.wire.push(
      JSON.stringify({
        t: this.at(1),
        dir: 'in',
        raw: { jsonrpc: '2.0', id, method: 'tools/list' },
        corr_id: 'surface',
      }),
    );
    this.wire.push(
      JSON.stringify({
        t: this.at(1),
        dir: 'out',
        raw: { jsonrpc: '2.0', id, result: { tools } },
        corr_id: 'surface',
      }),
    );
    return this;
  }

  call(spec: CallSpec): this {
    const id = ++this.id;
    const request = {
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: spec.tool, arguments: spec.args ?? {} },
    };
    this.wire.push(JSON.stringify({ t: this.at(1), dir: 'in', raw: request, corr_id: spec.corr }));
    if (spec.pending) return this;
    const result = spec.rpcError
      ? { error: spec.rpcError }
      : spec.error !== undefined
        ? { result: { content: [{ type: 'text', text: spec.error }], isError: true } }
        : {
            result: {
              content: [{ type: 'text', text: JSON.stringify(spec.structured ?? {}) }],
              ...(spec.structured ? { structuredContent: spec.structured } : {}),
            },
          };
    this.wire.push(
      JSON.stringify({
        t: this.at(spec.latencyMs ?? 5),
        dir: 'out',
        raw: { jsonrpc: '2.0', id, ...result },
        corr_id: spec.corr,
      }),
    );
    return this;
  }

  /** `extra`: more of the event's fields (`firstTry`, `oracleError`), as newer runs write them. */
  trialEnd(
    corr: string,
    checkPassed: boolean,
    exhausted: string | null = null,
    extra: Record<string, unknown> = {},
  ): this {
    this.agent.push(
      JSON.stringify({
        t: this.at(1),
        dir: 'event',
        kind: 'fitness.trial',
        raw: { phase: 'drive', rep: 1, steps: 2, checkPassed, exhausted, durationMs: 10, ...extra },
        corr_id: corr,
      }),
    );
    return this;
  }

  records(): { wire: TapeRecord[]; agent: TapeRecord[] } {
    return {
      wire: parseTape(`${this.wire.join('\n')}\n`, 'wire').records,
      agent: parseTape(`${this.agent.join('\n')}\n`, 'agent').records,
    };
  }
}

/** A registered task with a plan: `steps` of [tool, raw arguments, bound arguments]. */
export function fakeTask(
  id: string,
  expected: string[],
  steps: [string, Record<string, unknown>, Record<string, unknown>][],
): Task {
  return Task.parse({
    id,
    prompt: `task ${id}`,
    expectedTools: expected,
    plan: steps.map(([tool, args]) => ({ tool, arguments: args })),
    extract: { kind: 'pointer', pointer: '/value' },
    check: { kind: 'contains', value: 'answer' },
    answerKey: 'answer',
    destructive: false,
    serverRequiredBecause: 'the value is only on the server',
    boundArguments: steps.map(([, , bound]) => bound),
  });
}
