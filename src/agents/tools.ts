import { AsyncLocalStorage } from 'node:async_hooks';
import { dynamicTool, type JSONSchema7, jsonSchema, type ToolSet } from 'ai';
import type { ToolCallOutcome as WireOutcome } from '../connect/session.js';
import { sameJson } from '../core/canonical.js';
import { isRecord } from '../core/json.js';
import type { FailureClass } from '../record/score.js';
import { CACHED_PREFIX } from './cache.js';
import { changesHandle, type PlannedArguments } from './handles.js';
import { randomArguments } from './random-args.js';
import type { OracleError, Phase, SurfaceTools, ToolCallRecord, ToolSession } from './types.js';

export interface ToolContext {
  phase: Phase;
  corrId: string;
  session?: ToolSession;
  seed: number;
  callTimeoutMs: number;
  signal: AbortSignal;
  /** Every call, in order, as the trial saw it. */
  calls: ToolCallRecord[];
  /** Set by the first call that could not complete (transport death or timeout). */
  oracle: { error?: OracleError };
  /** null-random-args: the task's planned arguments per tool (what a random call must change). */
  planned?: PlannedArguments;
}

/** An empty tool result: what null-stubbed-empty answers every call with. */
export const EMPTY_RESULT = { content: [] };

/** MCP schemas are JSON Schema objects; providers need `type: "object"` at the top. */
function objectSchema(schema: Record<string, unknown>): JSONSchema7 {
  const { $schema: _s, ...rest } = schema;
  // Left as a cast: JSONSchema7 types each keyword, and the server's schema reaches the provider as declared.
  return { ...rest, type: 'object' } as JSONSchema7;
}

type ToolDescriptor = SurfaceTools[number];

/** The AI SDK schema of each surface tool, made once per tool object (shared by every tool set). */
const schemas = new WeakMap<ToolDescriptor, ReturnType<typeof jsonSchema>>();

function inputSchemaOf(tool: ToolDescriptor): ReturnType<typeof jsonSchema> {
  let schema = schemas.get(tool);
  if (schema === undefined) {
    schema = jsonSchema(objectSchema(tool.inputSchema));
    schemas.set(tool, schema);
  }
  return schema;
}

function failureOf(outcome: WireOutcome): FailureClass | undefined {
  switch (outcome.kind) {
    case 'result':
      return outcome.isError ? 'tool_error' : undefined;
    case 'invalid-result':
    case 'rpc-error':
      return 'protocol_error';
    case 'timeout':
      return 'timeout';
    case 'failed':
      return 'transport';
  }
}

function describe(outcome: WireOutcome): string | undefined {
  if (outcome.kind === 'rpc-error') return `JSON-RPC error ${outcome.code}: ${outcome.message}`;
  if (outcome.kind === 'invalid-result') return `invalid result: ${outcome.message}`;
  if (outcome.kind === 'timeout') return `no response within ${outcome.timeoutMs} ms`;
  if (outcome.kind === 'failed') return `transport failed: ${outcome.message}`;
  return undefined;
}

/** What the model is shown for a call: the result itself, or an error result it can read. */
function modelView(outcome: WireOutcome): unknown {
  if (outcome.kind === 'result') return outcome.result;
  return { isError: true, content: [{ type: 'text', text: describe(outcome) ?? 'the call failed' }] };
}

async function callServer(
  ctx: ToolContext,
  name: string,
  args: Record<string, unknown>,
  toolCallId: string,
  randomised?: boolean,
): Promise<unknown> {
  if (ctx.session === undefined) throw new Error('no session for a server call');
  const outcome = await ctx.session.callTool(name, args, {
    corrId: ctx.corrId,
    timeoutMs: ctx.callTimeoutMs,
    signal: ctx.signal,
  });
  const failure = failureOf(outcome);
  const message = describe(outcome);
  const record: ToolCallRecord = {
    tool: name,
    toolCallId,
    arguments: args,
    ...(failure ? { failure } : {}),
    ...(outcome.kind === 'timeout' || outcome.kind === 'failed' ? {} : { latencyMs: outcome.latencyMs }),
    ...(outcome.kind === 'result' ? { result: outcome.result } : {}),
    ...(message ? { message } : {}),
    ...(randomised === undefined ? {} : { randomised }),
  };
  ctx.calls.push(record);
  if ((outcome.kind === 'timeout' || outcome.kind === 'failed') && !ctx.signal.aborted) {
    ctx.oracle.error ??= {
      kind: outcome.kind === 'timeout' ? 'timeout' : 'transport',
      message: message ?? '',
    };
  }
  return modelView(outcome);
}

/** The trial a tool call belongs to: set around each trial's agent loop (see `withToolContext`). */
const trialScope = new AsyncLocalStorage<ToolContext>();

/** Runs one trial's agent loop with `ctx` as the context of every tool call made inside it. */
export function withToolContext<T>(ctx: ToolContext, run: () => Promise<T>): Promise<T> {
  return trialScope.run(ctx, run);
}

/**
 * Parameter renames shown to the model in place of the server's names (a rerun's presentation of
 * proposed rewrites): presented name → the server's name, per presented tool object.
 */
const presentedNames = new WeakMap<ToolDescriptor, ReadonlyMap<string, string>>();

/**
 * A tool as the model is shown it with another description, parameter docs and parameter names;
 * every call made through it reaches the server under the server's own parameter names.
 */
export function presentTool(
  tool: ToolDescriptor,
  view: { description: string; inputSchema: Record<string, unknown>; renames: ReadonlyMap<string, string> },
): ToolDescriptor {
  const presented: ToolDescriptor = { ...tool, description: view.description, inputSchema: view.inputSchema };
  if (view.renames.size > 0) presentedNames.set(presented, view.renames);
  return presented;
}

/** The arguments under the server's parameter names (a presented rename mapped back). */
function serverArguments(tool: ToolDescriptor, args: Record<string, unknown>): Record<string, unknown> {
  const renames = presentedNames.get(tool);
  if (renames === undefined) return args;
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [renames.get(k) ?? k, v]));
}

async function execute(tool: ToolDescriptor, input: unknown, toolCallId: string): Promise<unknown> {
  const ctx = trialScope.getStore();
  if (ctx === undefined) throw new Error(`tool ${tool.name} was called outside a trial`);
  const shown = isRecord(input) ? input : {};
  const given = serverArguments(tool, shown);
  if (ctx.phase === 'null-stubbed-empty') {
    ctx.calls.push({ tool: tool.name, toolCallId, arguments: given, stubbed: true, latencyMs: 0 });
    return EMPTY_RESULT;
  }
  if (ctx.phase !== 'null-random-args') return callServer(ctx, tool.name, given, toolCallId);
  const args = await randomArguments(tool.inputSchema, ctx.seed, `${ctx.corrId}:${ctx.calls.length}`);
  const randomised = !sameJson(args, given) && changesHandle(tool.name, args, ctx.planned);
  return callServer(ctx, tool.name, args, toolCallId, randomised);
}

/** One tool set per list of tools offered, shared by every trial that offers that list. */
const toolSets = new WeakMap<SurfaceTools, ToolSet>();

/**
 * The server's tools as AI SDK tools, built once per list and shared by every trial and phase:
 * each call runs in the trial whose loop made it (`withToolContext`). Real calls go through the
 * recorded session with the trial's corr id; null-stubbed-empty answers locally; null-random-args
 * lets the model choose the tool and replaces its arguments with seeded schema-valid random ones
 * before the real call. Built per trial, 5,000 tools were 5,000 fresh objects per trial that lived
 * as long as the trial (long enough to reach the old generation, which is what grew the heap).
 */
export function toolSet(tools: SurfaceTools): ToolSet {
  const cached = toolSets.get(tools);
  if (cached !== undefined) return cached;
  const set: ToolSet = {};
  const last = tools.at(-1);
  for (const tool of tools) {
    set[tool.name] = dynamicTool({
      ...(tool.description === undefined ? {} : { description: tool.description }),
      // The last definition closes the tools' cached prefix (see cache.ts).
      ...(tool === last ? { providerOptions: CACHED_PREFIX } : {}),
      inputSchema: inputSchemaOf(tool),
      execute: (input, { toolCallId }) => execute(tool, input, toolCallId),
    });
  }
  toolSets.set(tools, set);
  return set;
}
