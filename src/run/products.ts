import type { PriorDiscovery } from '@modelcontextprotocol/client';
import type { McpSession } from '../connect/session.js';
import type { ExplorationLedger } from '../record/exploration.js';
import type { Pool } from '../record/extension.js';
import type { FindingsBlock } from '../record/findings.js';
import type { GateRecord } from '../record/gate.js';
import type { RateCounts } from '../record/gate-input.js';
import type { PreRegistration } from '../record/prereg.js';
import type { ProbeResult } from '../record/probe.js';
import type { ScoreBlock } from '../record/score.js';
import type { Surface } from '../record/surface.js';
import type { AdmissionEntry } from '../suite/admission/types.js';
import type { ToolSafety } from '../suite/destructive.js';
import type { GivenValue } from '../suite/given.js';
import type { Registration } from '../suite/register.js';
import type { Task } from '../suite/schema.js';
import type { ScreenResult } from '../suite/screen.js';
import type { GeneratorFault, SuiteFile } from '../suite/suite-file.js';
import type { ToolSurface } from '../suite/surface.js';
import type { NullPhase } from '../tape/phases.js';
import type { CallWatch } from './watched-calls.js';

// Each stage is a function from one product to the next; a product holds what its stage made
// certain, and every later product extends it. The driver keeps each one (`Reached`).

/** The run's main session: a refused frame during generation replaces it with a fresh one. */
export interface MainSession {
  session: McpSession;
}

/** A file written once and hashed (policy.json, prereg.json). */
export interface Written {
  sha256: string;
  at: Date;
}

export interface Connected {
  readonly main: MainSession;
  /** The era verdict every later session on the target reuses. */
  readonly prior: PriorDiscovery | undefined;
}

/** tools/list, validated tool by tool, and the safety signal from the annotations. */
export interface Surveyed extends Connected {
  /** The record's surface block; its digest is what the suite is registered against. */
  readonly surface: Surface & { digest: string };
  readonly tools: ToolSurface;
  readonly safety: ToolSafety[];
}

/** policy.json written (before the first model call), with the given context it names. */
export interface Policed extends Surveyed {
  readonly given: GivenValue[];
  readonly policy: Written;
}

/** Candidates proposed, with the safety every later stage acts on (the policy applied). */
export interface Proposed extends Policed {
  readonly proposals: unknown[];
  readonly asked: number;
  readonly faults: GeneratorFault[];
  /** explore/2's exploration ledger; judge/1 keeps none. */
  readonly exploration: ExplorationLedger | undefined;
  /** The server failures generation met; admission goes on watching them. */
  readonly watch: CallWatch;
}

export interface Generated extends Proposed {
  readonly admission: AdmissionEntry[];
}

export interface Screened extends Generated {
  /** The null screen's result; none when the screen is off. */
  readonly screen: ScreenResult | undefined;
}

/** The suite registered and suite.json written: the suite hash is fixed, prereg.json comes next. */
export interface Suited extends Screened {
  readonly registration: Registration;
  readonly suiteFile: SuiteFile;
}

/** prereg.json written too: nothing after this can change the registration. */
export interface Registered extends Suited {
  readonly prereg: Written & { doc: PreRegistration };
}

/** The drive ran, with its score; the first-try null gate then says whether the score stands. */
export interface Driven extends Registered {
  readonly score: ScoreBlock;
}

export interface Found extends Driven {
  readonly findings: FindingsBlock | undefined;
}

/** The null phases' counts so far, per phase (k = check passed over the applicable trials). */
export type NullCounts = Record<NullPhase, RateCounts>;

/** Registered null trials never run, per phase: what a curtailed ceiling gate must re-prove. */
export type Unrun = Partial<Record<NullPhase, number>>;

/**
 * The null phases before the ceiling gate: their counts (a reserve batch the construct buys adds
 * its nulls to them), and, when curtailment was registered, the trials each phase never ran.
 */
export interface NullsRan {
  readonly counts: NullCounts;
  readonly unrun: Unrun | undefined;
}

/** Construct with its extensions: its gate (decided next), its pool, and the reserve tasks bought (the drive runs them too). */
export interface Constructed {
  readonly gate: GateRecord;
  readonly pool: Pool;
  readonly consumed: Task[];
}

/**
 * The product of each stage, under the stage's name (`Stage`, whose order is the run's): the driver
 * (`driver.ts`) keeps each as its stage ends. The main line's products extend one another, from
 * `Connected` to `Found`; the probes, the null phases and construct make what the record or a later
 * stage reads beside them.
 */
export interface Products {
  connect: Connected;
  probes: ProbeResult[];
  surface: Surveyed;
  policy: Policed;
  generate: Proposed;
  admit: Generated;
  screen: Screened;
  register: Suited;
  prereg: Registered;
  nulls: NullsRan;
  construct: Constructed;
  drive: Driven;
  findings: Found;
}

/**
 * The products a run reached, each under the stage that made it: what the record is built from,
 * however the run ends. A later product extends the earlier ones, so each is read where it was made.
 */
export type Reached = Partial<Products>;

/**
 * The products reached, as far as the screen at most and without the probes: what the fallback VOID
 * record is built from when the full record cannot be (the policy, the exploration ledger and the
 * screen counts stay; the probes, the suite, its pre-registration and findings, which may be what
 * failed, do not).
 */
export function atMostScreened(reached: Reached): Reached {
  const {
    probes: _p,
    register: _r,
    prereg: _pr,
    nulls: _n,
    construct: _c,
    drive: _d,
    findings: _f,
    ...kept
  } = reached;
  return kept;
}
