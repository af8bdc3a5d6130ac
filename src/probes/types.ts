import type { ProbeResult, TapeRef } from '../record/probe.js';

/** A JSON-RPC frame as it crossed the wire (validated field by field where it is read). */
export type Frame = Record<string, unknown>;

/** How long one probe request waits for its answer by default: over stdio this includes starting the process. */
export const PROBE_STEP_MS = { stdio: 15_000, memory: 15_000, http: 10_000 } as const;

export interface LineOptions {
  corrId?: string | undefined;
  session?: string | undefined;
}

/**
 * What the probes write to: the wire-plane tape. `TapeWriter` from src/tape satisfies it; each call
 * returns the 1-based line number written, which becomes a `wire:<line>` tape reference.
 */
export interface ProbeTape {
  message(dir: 'in' | 'out', raw: unknown, options?: LineOptions): number;
  event(kind: string, raw: unknown, options?: LineOptions): number;
  /** A fresh session tag, so the pairing of one raw exchange never crosses into another. */
  newSession?(): string;
}

/** One step of a raw exchange: a frame, and (HTTP only) headers to send with it. */
export interface Step {
  readonly frame: Frame;
  readonly headers?: Readonly<Record<string, string>>;
}

/** What one step observed. */
export interface StepResult {
  /** HTTP status (undefined on stdio). */
  readonly status?: number | undefined;
  /** The response frame whose id matches the step's request (requests only). */
  readonly response?: Frame | undefined;
  /** The tape lines of this step: the request, the HTTP event, the response frames. */
  readonly refs: readonly TapeRef[];
  /** Transport failure or timeout (one line), when nothing usable came back. */
  readonly error?: string | undefined;
}

/**
 * A channel of fresh raw exchanges with the target: each call opens a new connection (a new
 * process on stdio), sends the steps in order (waiting for each request's response), records every
 * frame on the tape, and closes. On HTTP a session id and the negotiated `MCP-Protocol-Version`
 * from an `initialize` answer are carried to the later steps of the same exchange.
 */
export interface RawChannel {
  /** `memory`: a server object in the harness's process (a test seam); frames as on stdio, no HTTP. */
  readonly transport: 'stdio' | 'http' | 'memory';
  exchange(steps: readonly Step[], corrId: string): Promise<StepResult[]>;
}

/** How the target negotiated: the raw discover (and, for legacy servers, initialize) exchange. */
export interface Negotiation {
  readonly era: 'modern' | 'legacy' | undefined;
  readonly version: string | undefined;
  readonly discover: StepResult;
  readonly initialize?: StepResult | undefined;
  /** Server capabilities from the discover (modern) or initialize (legacy) result. */
  readonly capabilities: Frame | undefined;
  /** Lines that justify the negotiated revision. */
  readonly refs: readonly TapeRef[];
}

/** The raw `tools/list` answer (first page), read from the wire frame, not a typed SDK result. */
export interface ToolsListing {
  readonly step: StepResult | undefined;
  readonly result: Frame | undefined;
  readonly tools: readonly Frame[];
}

/**
 * What the recorded MCP session (src/connect's McpSession satisfies it) negotiated through the SDK
 * client: the revision a real client actually gets.
 */
export interface SessionFacts {
  readonly protocolVersion: string | undefined;
  readonly era: 'modern' | 'legacy' | undefined;
}

/** Everything a probe may look at. */
export interface ProbeContext {
  /** The SDK session's negotiation, when the caller opened one. */
  readonly session?: SessionFacts | undefined;
  readonly channel: RawChannel;
  readonly negotiation: Negotiation;
  readonly tools: ToolsListing;
  /** The connection carries a credential (a provided header or a non-anonymous credential context). */
  readonly authenticated: boolean;
  /** HTTP target whose host is a loopback address. */
  readonly loopback: boolean;
}

export interface Probe {
  readonly id: string;
  readonly summary: string;
  run(ctx: ProbeContext): Promise<ProbeResult>;
}

export type { ProbeResult, TapeRef };
