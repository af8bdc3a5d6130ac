import type { PriorDiscovery } from '@modelcontextprotocol/client';
import type { McpSession } from '../connect/session.js';
import type { ExplorationLedger } from '../record/exploration.js';
import type { FindingsBlock } from '../record/findings.js';
import type { PreRegistration } from '../record/prereg.js';
import type { ScoreBlock } from '../record/score.js';
import type { Surface } from '../record/surface.js';
import type { AdmissionEntry } from '../suite/admission/types.js';
import type { ToolSafety } from '../suite/destructive.js';
import type { GivenValue } from '../suite/given.js';
import type { Registration } from '../suite/register.js';
import type { ScreenResult } from '../suite/screen.js';
import type { GeneratorFault, SuiteFile } from '../suite/suite-file.js';
import type { ToolSurface } from '../suite/surface.js';
import type { CallWatch } from './watched-calls.js';

// Each stage is a function from one product to the next; a product holds what its stage made
// certain, and every later product extends it. The context keeps the latest one (`Reached`).

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

/** The drive ran; its score stands unless the first-try null gate refused it. */
export interface Driven extends Registered {
  readonly score: ScoreBlock | undefined;
}

export interface Found extends Driven {
  readonly findings: FindingsBlock | undefined;
}

interface Products {
  connected: Connected;
  surveyed: Surveyed;
  policed: Policed;
  proposed: Proposed;
  generated: Generated;
  screened: Screened;
  suited: Suited;
  registered: Registered;
  driven: Driven;
  found: Found;
}

const ORDER = [
  'started',
  'connected',
  'surveyed',
  'policed',
  'proposed',
  'generated',
  'screened',
  'suited',
  'registered',
  'driven',
  'found',
] as const;

type Stage = (typeof ORDER)[number];

/** The latest product a run reached (none before it connects). */
export type Reached =
  | { stage: 'started' }
  | { [S in keyof Products]: { stage: S; product: Products[S] } }[keyof Products];

/** The stages from `S` on. */
type From<S extends Stage, T extends readonly Stage[] = typeof ORDER> = T extends readonly [
  infer H extends Stage,
  ...infer R extends readonly Stage[],
]
  ? H extends S
    ? T[number]
    : From<S, R>
  : never;

function since<S extends Stage>(reached: Reached, stage: S): reached is Extract<Reached, { stage: From<S> }> {
  return ORDER.indexOf(reached.stage) >= ORDER.indexOf(stage);
}

// Each accessor gives the product of its stage when the run got that far (a later product extends it).
export const connectedOf = (r: Reached): Connected | undefined =>
  since(r, 'connected') ? r.product : undefined;
export const surveyedOf = (r: Reached): Surveyed | undefined =>
  since(r, 'surveyed') ? r.product : undefined;
export const policedOf = (r: Reached): Policed | undefined => (since(r, 'policed') ? r.product : undefined);
export const proposedOf = (r: Reached): Proposed | undefined =>
  since(r, 'proposed') ? r.product : undefined;
export const screenedOf = (r: Reached): Screened | undefined =>
  since(r, 'screened') ? r.product : undefined;
export const suitedOf = (r: Reached): Suited | undefined => (since(r, 'suited') ? r.product : undefined);
export const registeredOf = (r: Reached): Registered | undefined =>
  since(r, 'registered') ? r.product : undefined;
export const foundOf = (r: Reached): Found | undefined => (since(r, 'found') ? r.product : undefined);

/**
 * The product reached, as far as the screen at most: what the fallback VOID record is built from
 * when the full record cannot be (the policy, the exploration ledger and the screen counts stay;
 * the suite, its pre-registration and findings, which may be what failed, do not).
 */
export function atMostScreened(r: Reached): Reached {
  const screened = screenedOf(r);
  return screened === undefined ? r : { stage: 'screened', product: screened };
}
