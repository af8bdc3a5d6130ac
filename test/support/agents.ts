import type { TrialSession } from '../../src/agents/trial.js';
import type { ToolCallOutcome } from '../../src/connect/session.js';
import type { Task } from '../../src/suite/schema.js';
import type { ToolDescriptor } from '../../src/suite/surface.js';

/** Test doubles for the agent loop's unit tests: a tiny in-memory weather server and one task. */
export const WEATHER_TOOLS: ToolDescriptor[] = [
  {
    name: 'get_forecast',
    description: 'Forecast for one city: the sky and the high temperature.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', minLength: 2 } },
      required: ['city'],
    },
    annotations: { readOnlyHint: true },
  },
];

export const FORECAST_TASK: Task = {
  id: 'forecast-oslo',
  prompt: 'What is the sky like in the forecast for city "Oslo"? Reply with the value itself.',
  expectedTools: ['get_forecast'],
  plan: [{ tool: 'get_forecast', arguments: { city: 'Oslo' } }],
  extract: { kind: 'pointer', pointer: '/sky', source: 'structured' },
  check: { kind: 'contains', value: 'freezing drizzle' },
  answerKey: 'freezing drizzle',
  boundArguments: [{ city: 'Oslo' }],
  destructive: false,
  serverRequiredBecause: 'the forecast is live data',
};

export interface FakeSession extends TrialSession {
  readonly calls: { name: string; args: Record<string, unknown>; corrId?: string }[];
  closed: number;
}

/** A session whose forecast answers from `sky`, or fails the way `mode` says. */
export function fakeSession(
  sky = 'freezing drizzle',
  mode: 'ok' | 'timeout' | 'tool-error' | 'rpc-error' = 'ok',
): FakeSession {
  const session: FakeSession = {
    calls: [],
    closed: 0,
    async callTool(name, args, options): Promise<ToolCallOutcome> {
      session.calls.push({ name, args, ...(options.corrId ? { corrId: options.corrId } : {}) });
      if (mode === 'timeout') return { kind: 'timeout', timeoutMs: options.timeoutMs ?? 0, latencyMs: 5 };
      if (mode === 'rpc-error') return { kind: 'rpc-error', code: -32602, message: 'bad', latencyMs: 1 };
      const city = typeof args.city === 'string' ? args.city : '';
      if (mode === 'tool-error' || city.length < 2)
        return {
          kind: 'result',
          result: { content: [{ type: 'text', text: 'unknown city' }], isError: true },
          isError: true,
          latencyMs: 1,
        };
      const structuredContent = { city, sky, high: 3 };
      return {
        kind: 'result',
        result: { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent },
        isError: false,
        latencyMs: 2,
      };
    },
    async close() {
      session.closed += 1;
    },
  };
  return session;
}

/** A sink that keeps turns in memory. */
export function memorySink() {
  const turns: Record<string, unknown>[] = [];
  return {
    turns,
    turn(input: Record<string, unknown>) {
      turns.push(input);
      return turns.length;
    },
  };
}
