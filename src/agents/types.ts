import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ToolCallOutcome as WireOutcome } from '../connect/session.js';
import type { CallUsage } from '../record/pricing.js';
import type { FailureClass } from '../record/score.js';
import type { TrialBudget } from '../record/trial-count.js';
import type { Task } from '../suite/schema.js';
import type { ToolDescriptor } from '../suite/surface.js';
import type { Phase } from '../tape/phases.js';

export type { Phase };

/** Per-trial limits (the registered `agentLimits`, plus the per-call deadline). */
export interface TrialLimits {
  maxSteps: number;
  maxOutputTokens: number;
  tokenBudgetPerTrial: number;
  trialTimeoutMs: number;
  /** Deadline of one tools/call; an unanswered call past it is a timeout (an oracle error). */
  callTimeoutMs: number;
}

/** Which limit a trial ran into; absent when it finished on its own. */
export type Exhaustion = TrialBudget;

/** The runner model as the loop needs it: the model, and the id every turn and usage row carries. */
export interface AgentModel {
  model: LanguageModelV3;
  id: string;
  provider: string;
}

/** The slice of an MCP session a trial calls tools through (McpSession satisfies it). */
export interface ToolSession {
  callTool(
    name: string,
    args: Record<string, unknown>,
    options: { corrId?: string; timeoutMs?: number; signal?: AbortSignal },
  ): Promise<WireOutcome>;
}

/** Where model turns go (TapeWriter satisfies it). */
export interface TurnSink {
  turn(input: {
    role: string;
    blocks: Record<string, unknown>[];
    corr_id: string;
    model?: string;
    usage?: Record<string, number>;
    timing?: { startedAt?: string; endedAt?: string; latencyMs?: number };
    error?: { message: string; code?: string };
  }): number;
}

/** One tool call as the trial saw it. */
export interface ToolCallRecord {
  tool: string;
  toolCallId: string;
  /** The arguments actually sent (after replacement in null-random-args). */
  arguments: Record<string, unknown>;
  /** Absent when the call succeeded. */
  failure?: FailureClass;
  /** Absent when no response arrived. */
  latencyMs?: number;
  /** Answered locally (null-stubbed-empty): never reached the server. */
  stubbed?: boolean;
  /**
   * null-random-args: whether the random arguments differ from the agent's own AND change an
   * argument that carries the task's handle (`handles.ts`). A call whose random arguments equal the
   * real call (every argument-free tool), or that leaves every planned argument of its tool as
   * planned (only optional, unplanned fields randomised), is the real call, not a null.
   */
  randomised?: boolean;
  /** The result as it came off the wire (kept in memory for the construct criterion, never persisted). */
  result?: unknown;
  message?: string;
}

/** The trial did not complete: transport death, a call timeout, a model API error, no session. */
export interface OracleError {
  kind: 'transport' | 'timeout' | 'model' | 'connect';
  message: string;
}

export interface TrialSpec {
  task: Task;
  phase: Phase;
  rep: number;
  /** `<taskId>` for the drive, `<taskId>::<phase>` otherwise, `#<rep>` suffix for reps. */
  corrId: string;
}

export interface TrialResult {
  taskId: string;
  phase: Phase;
  rep: number;
  corrId: string;
  answer: string;
  checkPassed: boolean;
  checkDetail: string;
  /** Check passed, no tool call errored, budget not exhausted. */
  firstTry: boolean;
  /** Construct only: check passed AND an expected tool's successful result carried the key. */
  constructPassed?: boolean;
  /**
   * null-random-args only: at least one call went out with arguments other than the agent's own.
   * A trial that is not applicable measured the real call, so it counts in neither k nor n.
   */
  nullApplicable?: boolean;
  exhausted?: Exhaustion;
  oracleError?: OracleError;
  /** The model call that threw, with its code (the pipeline stops on faults no retry can fix). */
  modelError?: { code: string; message: string };
  /** The run was aborted under this trial: it is not counted. */
  abandoned?: boolean;
  /**
   * construct and drive: a call sent with a plan step's admitted arguments no longer gave what
   * admission read from it (`drift.ts`): the server's state changed during the run.
   */
  stateChanged?: string;
  toolCalls: ToolCallRecord[];
  /** Line of the answer's assistant turn on the trial's turn sink (the agent plane in a run). */
  answerLine?: number;
  /** One row per model call. */
  usage: CallUsage[];
  steps: number;
  durationMs: number;
  /** How long the trial waited for its session (server start and handshake); absent when it opened none. */
  serverWaitMs?: number;
}

export type SurfaceTools = readonly ToolDescriptor[];
