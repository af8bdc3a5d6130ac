import { z } from 'zod';
import { Count } from '../record/common.js';
import { RegisteredExtension } from '../record/prereg.js';
import { AdmissionRule, KeyBasis } from '../record/suite-summary.js';
import { isPointer } from './pointer.js';
import { JsonObject } from './surface.js';

/**
 * Persisted shapes of the task suite (suite.json is published). Proposals are parsed loosely
 * enough that an empty prompt or an empty tool list reaches admission and is rejected there under
 * its own named rule; anything that does not even have the shape is rejected as `malformed`.
 */

export const Pointer = z.string().refine(isPointer, 'expected a JSON pointer ("" or "/a/0")');

/** `{"$from": {"step": 0, "pointer": "/id"}}`: a value taken from an earlier plan step's result. */
export const FromHandle = z.strictObject({
  $from: z.strictObject({ step: z.int().min(0), pointer: Pointer }),
});
export type FromHandle = z.infer<typeof FromHandle>;

export const PlanStep = z.looseObject({
  tool: z.string().min(1),
  arguments: JsonObject.default({}),
  /**
   * The call the server's errors asked for before any other (explore/2's preparing call): made
   * again wherever the plan is, and, when its tool is declared non-destructive, no bar to running
   * the plan a second time. Absent on every other step.
   */
  prepares: z.literal(true).optional(),
});
export type PlanStep = z.infer<typeof PlanStep>;

/**
 * Where the answer key sits in the final plan result: a JSON pointer into `structuredContent`
 * (or, for servers that return JSON as text, into the parsed text), or a regex group over the
 * text content.
 */
export const PointerExtract = z.looseObject({
  kind: z.literal('pointer'),
  pointer: Pointer,
  /** Which document of the result: structuredContent, the text as JSON, or the text's fact tree (docs/design.md §5.2). */
  source: z.enum(['structured', 'text-json', 'facts']).default('structured'),
});
export const RegexExtract = z.looseObject({
  kind: z.literal('regex'),
  pattern: z.string().min(1),
  flags: z.string().default(''),
  group: z.union([z.int().min(0), z.string().min(1)]).default(1),
});
export const Extract = z.discriminatedUnion('kind', [PointerExtract, RegexExtract]);
export type Extract = z.infer<typeof Extract>;

/**
 * Checks read the agent's final answer. A literal left out (`value`) is bound to the
 * execution-grounded answer key at admission, so generators never have to guess the key.
 */
/**
 * `decoys` are the same field's values from sibling entries of a listing: an answer that contains
 * one of them fails, so pasting the whole listing is not an answer.
 */
export const ContainsCheck = z.looseObject({
  kind: z.literal('contains'),
  value: z.string().optional(),
  decoys: z.array(z.string()).optional(),
});
export const MatchesCheck = z.looseObject({
  kind: z.literal('matches'),
  pattern: z.string(),
  flags: z.string().default(''),
});
export const NumberCheck = z.looseObject({
  kind: z.literal('number'),
  value: z.number().optional(),
  tolerance: z.number().default(0),
});
export const JsonCheck = z.looseObject({
  kind: z.literal('json'),
  pointer: Pointer,
  value: z.unknown().optional(),
});
export const AnswerCheck = z.discriminatedUnion('kind', [
  ContainsCheck,
  MatchesCheck,
  NumberCheck,
  JsonCheck,
]);
export type AnswerCheck = z.infer<typeof AnswerCheck>;

/** After the trial, a read-only verification call whose extracted value must satisfy `expect`. */
export const StateCheck = z.looseObject({
  kind: z.literal('state'),
  call: PlanStep,
  extract: Extract,
  expect: AnswerCheck,
});
export type StateCheck = z.infer<typeof StateCheck>;

export const Check = z.discriminatedUnion('kind', [
  ContainsCheck,
  MatchesCheck,
  NumberCheck,
  JsonCheck,
  StateCheck,
]);
export type Check = z.infer<typeof Check>;

export const Candidate = z.looseObject({
  id: z.string(),
  prompt: z.string(),
  expectedTools: z.array(z.string()),
  plan: z.array(PlanStep),
  extract: Extract,
  check: Check,
  answerKey: z.unknown().optional(),
  /** The value the generator saw when it ran this plan (explore/2): admission compares (key-unstable). */
  observedKey: z.unknown().optional(),
  destructive: z.boolean().optional(),
  serverRequiredBecause: z.string(),
});
export type Candidate = z.infer<typeof Candidate>;

/** An admitted candidate: key grounded by execution, check bound to it, destructiveness decided. */
export const Task = Candidate.extend({
  answerKey: z.unknown().refine((key) => key !== undefined, 'answerKey is required'),
  destructive: z.boolean(),
  /** The arguments each plan step was called with at admission ($from handles resolved). */
  boundArguments: z.array(JsonObject),
  /** Why its key carries information (absent on suites written before admission recorded it). */
  keyBasis: KeyBasis.optional(),
  /**
   * Plan steps whose bound arguments differed between admission's two executions: a value an
   * earlier step mints per call (an output id) was passed on, and is no state of the server.
   * Absent when none, and on suites written before it.
   */
  perCall: z.array(z.int().min(0)).optional(),
});
export type Task = z.infer<typeof Task>;

/**
 * The extension plan suite.json registers, in prereg.json's own names (`RegisteredExtension`): the
 * reserve's batch size, how many batches were registered, how many were asked for and, when fewer
 * were registered, why. suite.json always carries what was asked for; prereg.json only when reduced.
 */
export const ExtensionPlan = RegisteredExtension.extend({ requestedMaxExtensions: Count });
export type ExtensionPlan = z.infer<typeof ExtensionPlan>;

/** The same plan as fitness-report.suite/1 spelled it, before suite.json took prereg.json's names. */
export const ExtensionPlanV1 = z.looseObject({
  batchTasks: z.int().min(1),
  maxExtensionsRequested: z.int().min(0),
  maxExtensions: z.int().min(0),
  reduction: z.string().optional(),
});
export type ExtensionPlanV1 = z.infer<typeof ExtensionPlanV1>;

/** A suite/1 plan under its current names; every other field is kept as it was. */
export function migrateExtensionV1(plan: ExtensionPlanV1): ExtensionPlan {
  const { maxExtensionsRequested, reduction, ...rest } = plan;
  return {
    ...rest,
    requestedMaxExtensions: maxExtensionsRequested,
    ...(reduction ? { reducedBecause: reduction } : {}),
  };
}

// The rule names are part of the run record's vocabulary; the suite uses the record's list.
export const RejectionRule = AdmissionRule;
export type RejectionRule = AdmissionRule;

export const Evidence = z.record(z.string(), z.unknown());

export const Fate = z.discriminatedUnion('fate', [
  z.looseObject({ fate: z.literal('rejected'), rule: RejectionRule, detail: z.string(), evidence: Evidence }),
  z.looseObject({ fate: z.literal('deleted-by-screen'), detail: z.string(), evidence: Evidence }),
  z.looseObject({ fate: z.literal('registered'), position: z.int().min(0) }),
  z.looseObject({ fate: z.literal('reserve'), position: z.int().min(0), batch: z.int().min(1) }),
  z.looseObject({
    fate: z.literal('surplus'),
    /** Set when the task was held back because its key already answers its share of the suite. */
    keyRepeated: z.string().optional(),
  }),
]);
export type Fate = z.infer<typeof Fate>;

export const LedgerEntry = z.looseObject({
  seq: z.int().min(0),
  id: z.string(),
  /** The candidate as the generator proposed it (raw when it did not even parse). */
  candidate: z.unknown(),
  answerKey: z.unknown().optional(),
  fate: Fate,
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;
