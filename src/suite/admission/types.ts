import type { ToolSafety } from '../destructive.js';
import type { Candidate, RejectionRule, Task } from '../schema.js';
import type { ToolCaller, ToolSurface } from '../surface.js';
import type { ArgumentValidator } from './arguments.js';

export interface Rejection {
  rule: RejectionRule;
  detail: string;
  evidence: Record<string, unknown>;
}

export type Verdict = ({ admitted: true; task: Task } | ({ admitted: false } & Rejection)) & {
  /** The execution-grounded key, once the plan ran (kept for rejected candidates too). */
  answerKey?: unknown;
};

/** One candidate's admission outcome, in proposal order. */
export interface AdmissionEntry {
  seq: number;
  id: string;
  candidate: unknown;
  verdict: Verdict;
}

/** A value of the machine or the harness (our runtime, host, user, folders, client name, variables). */
export interface HostFact {
  what: string;
  value: string;
  /** A variable of the harness's environment: named in a rejection, its value never quoted. */
  unquoted?: boolean;
  /** What this machine says of its own software or hardware (runtime, OS, kernel, architecture, memory, processor). */
  machine?: boolean;
}

export interface AdmissionOptions {
  surface: ToolSurface;
  safety: readonly ToolSafety[];
  allowDestructive: boolean;
  /** Executes plan and verification calls against the server under test. */
  caller: ToolCaller;
  /**
   * Runs the second execution of a read-only plan (key stability) against a fresh server process,
   * so a value of one process (its pid, a per-process id) never passes; absent: the same caller.
   */
  recheck?: ToolCaller;
  /**
   * Opens a server session of its own for one plan, as a trial gets (a fresh process over stdio):
   * a read-only plan that failed in the exploration's session is made again in one, and then
   * re-checked in another. Absent (HTTP: one server): `recheck` is asked instead.
   */
  isolated?: () => Promise<IsolatedSession>;
  /** Given-context values (never answer keys). */
  given?: readonly string[];
  /** Facts of the machine and the harness (key-environmental): never keys. */
  host?: readonly HostFact[];
  /** Read-only plans run at most this many at a time (default 1: one at a time). */
  concurrency?: number;
  /** Told of each admitted task as soon as its verdict is in (in the order verdicts come, not proposal order). */
  onAdmitted?: (task: Task) => void;
}

/** What the rules need, built once per admission run. */
export interface RuleContext {
  surface: ToolSurface;
  safety: Map<string, ToolSafety>;
  allowDestructive: boolean;
  validator: ArgumentValidator;
}

export type Rule = (candidate: Candidate, context: RuleContext) => Rejection | undefined;

export function reject(
  rule: RejectionRule,
  detail: string,
  evidence: Record<string, unknown> = {},
): Rejection {
  return { rule, detail, evidence };
}

/** A server session opened for one plan, closed after it. */
export interface IsolatedSession {
  caller: ToolCaller;
  close: () => Promise<void>;
}
