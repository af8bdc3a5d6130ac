import type { PriorDiscovery } from '@modelcontextprotocol/client';
import type { AgentModel, TrialResult } from '../agents/types.js';
import type { McpSession } from '../connect/session.js';
import type { ExplorationLedger } from '../record/exploration.js';
import type { FindingsBlock } from '../record/findings.js';
import type { GateRecord } from '../record/gate.js';
import type { VoidReason } from '../record/outcome.js';
import type { UsageRow } from '../record/pricing.js';
import type { ProbeResult } from '../record/probe.js';
import type { Signer } from '../record/signer.js';
import type { Surface } from '../record/surface.js';
import type { Phase } from '../record/void.js';
import type { ToolSafety } from '../suite/destructive.js';
import type { GivenValue } from '../suite/given.js';
import type { Registration } from '../suite/register.js';
import type { ScreenResult } from '../suite/screen.js';
import type { SuiteFile } from '../suite/suite-file.js';
import type { ToolSurface } from '../suite/surface.js';
import type { RunConfig } from './config.js';
import type { RunEvent } from './events.js';
import type { RunTapes } from './tapes.js';

/** A stop the run cannot recover from: the record becomes VOID with this reason. */
export class RunStop extends Error {
  constructor(
    readonly reason: Exclude<VoidReason, 'budget_cap'>,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** Everything one run has learned so far; the record (scored, refused or void) is built from it. */
export interface RunState {
  config: RunConfig;
  /**
   * Id, directory and slug change at most once, right after connecting (`nameRun`). The tapes keep
   * writing through their open files, but a tape's `path` is where it was opened: read a tape back
   * at `join(dir, FILES.…)`.
   */
  runId: string;
  dir: string;
  slug: string;
  startedAt: Date;
  tapes: RunTapes;
  secrets: string[];
  abort: AbortController;
  progress: (line: string) => void;
  /** Typed progress events (the live display); never read back by the pipeline. */
  emit: (event: RunEvent) => void;
  runner?: AgentModel;
  judge?: AgentModel;
  /** Completed pipeline stages, in order. */
  stages: string[];
  trials: Partial<Record<Phase, number>>;
  gates: GateRecord[];
  probes: ProbeResult[];
  usage: UsageRow[];
  session?: McpSession;
  prior?: PriorDiscovery;
  surface?: Surface;
  tools?: ToolSurface;
  safety?: ToolSafety[];
  /** Given context (explicit and derived), resolved before generation. */
  given?: GivenValue[];
  /** explore/2's exploration ledger. */
  exploration?: ExplorationLedger;
  screen?: ScreenResult;
  registration?: Registration;
  suiteFile?: SuiteFile;
  preregSha?: string;
  /** When prereg.json was written (before the first gate trial). */
  preregAt?: Date;
  /** policy.json's sha256 and when it was written (before the first model call). */
  policy?: { sha256: string; at: Date };
  /** Who will sign the run (set when the run finishes, before the record is built). */
  signer?: Signer;
  /** Every trial run, by phase (the construct and drive trials feed the gates and the score). */
  results: TrialResult[];
  ownNotes: { id: string; text: string }[];
  /** Findings from the drive's tapes (src/findings), once the drive is done. */
  findings?: FindingsBlock;
  /** An in-flight liveness check of the target, shared by trials that saw it fail. */
  health?: Promise<boolean> | undefined;
}

export function completed(state: RunState, stage: string): void {
  state.stages.push(stage);
  state.progress(`${stage}: done`);
  state.emit({ type: 'stage', stage });
}

/** Model calls made: kept for the record's cost block and reported to the live display. */
export function addUsage(state: RunState, rows: readonly UsageRow[]): void {
  state.usage.push(...rows);
  if (rows.length > 0) state.emit({ type: 'usage', rows });
}

/** Throws the run's stop when it was aborted (Ctrl-C, target died, a fatal model fault). */
export function checkStop(state: RunState): void {
  if (!state.abort.signal.aborted) return;
  const reason = state.abort.signal.reason;
  throw reason instanceof RunStop ? reason : new RunStop('aborted', 'the run was aborted');
}
