import type { z } from 'zod';
import { DECISION_ORDER, decisionIndex, type GateId, type GateReason, type Outcome } from './outcome.js';

interface GateLike {
  gate: GateId;
  signalSource?: 'ceiling' | 'reference' | 'first_try';
  reason?: GateReason;
  outcome?: Outcome;
}

interface RecordLike {
  outcome: Outcome;
  refusal?: { gate: GateId; reason: GateReason };
  score?: unknown;
  void?: unknown;
  gates: readonly GateLike[];
}

type Ctx = z.RefinementCtx;

/** A refused record carries no score key at all; a SCORED one must carry it. */
export function scoreIffScored(r: RecordLike, ctx: Ctx): void {
  const has = Object.hasOwn(r, 'score');
  if (r.outcome === 'SCORED' && !has) {
    ctx.addIssue({ code: 'custom', path: ['score'], message: 'a SCORED record must carry a score' });
  }
  if (r.outcome !== 'SCORED' && has) {
    ctx.addIssue({
      code: 'custom',
      path: ['score'],
      message: `a ${r.outcome} record must carry no score key`,
    });
  }
}

export function voidIffVoid(r: RecordLike, ctx: Ctx): void {
  const has = Object.hasOwn(r, 'void');
  if ((r.outcome === 'VOID') !== has) {
    ctx.addIssue({
      code: 'custom',
      path: ['void'],
      message: 'void details are present exactly when the outcome is VOID',
    });
  }
}

/** Gates appear in decision order; only the last may refuse, and it names the record's refusal. */
export function gatesMatchOutcome(r: RecordLike, ctx: Ctx): void {
  let last = -1;
  r.gates.forEach((g, i) => {
    const at = decisionIndex(g);
    if (at <= last) {
      ctx.addIssue({
        code: 'custom',
        path: ['gates', i],
        message: `${DECISION_ORDER[at]} is out of decision order`,
      });
    }
    last = at;
    if (g.outcome !== undefined && i !== r.gates.length - 1) {
      ctx.addIssue({ code: 'custom', path: ['gates', i + 1], message: 'no gate is decided after a refusal' });
    }
  });
  const final = r.gates.at(-1);
  const refusing = final?.outcome !== undefined ? final : undefined;
  const refusalOutcome = r.outcome !== 'SCORED' && r.outcome !== 'VOID';
  if (refusalOutcome) {
    if (!refusing || !r.refusal) {
      ctx.addIssue({
        code: 'custom',
        path: ['refusal'],
        message: `a ${r.outcome} record needs its refusing gate`,
      });
      return;
    }
    if (
      refusing.outcome !== r.outcome ||
      refusing.gate !== r.refusal.gate ||
      refusing.reason !== r.refusal.reason
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['refusal'],
        message: `expected ${refusing.gate} ${refusing.reason} (${refusing.outcome}) from the last gate, got ${r.refusal.gate} ${r.refusal.reason} (${r.outcome})`,
      });
    }
    return;
  }
  if (r.refusal)
    ctx.addIssue({ code: 'custom', path: ['refusal'], message: `a ${r.outcome} record has no refusal` });
  if (refusing)
    ctx.addIssue({
      code: 'custom',
      path: ['gates', r.gates.length - 1],
      message: `refuses a ${r.outcome} record`,
    });
  if (r.outcome === 'SCORED' && r.gates.length !== DECISION_ORDER.length) {
    const have = new Set(r.gates.map((g) => DECISION_ORDER[decisionIndex(g)]));
    const missing = DECISION_ORDER.filter((d) => !have.has(d));
    ctx.addIssue({
      code: 'custom',
      path: ['gates'],
      message: `a SCORED record decides every gate; missing ${missing.join(', ')}`,
    });
  }
}

interface SignalView {
  gates: readonly { gate: GateId; signalSource?: string; signal?: number; rate?: number }[];
  score?: { firstTry: { wilson: { point: number } } };
}

/** The null gate's later signals are the numbers this record publishes elsewhere, not copies. */
export function signalsAgree(r: SignalView, ctx: Ctx): void {
  const construct = r.gates.find((g) => g.gate === 'construct');
  r.gates.forEach((g, i) => {
    if (g.gate !== 'null_baseline' || g.signal === undefined) return;
    const expected =
      g.signalSource === 'reference'
        ? construct?.rate
        : g.signalSource === 'first_try'
          ? r.score?.firstTry.wilson.point
          : g.signalSource === 'ceiling'
            ? 1
            : undefined;
    if (expected !== undefined && expected !== g.signal) {
      ctx.addIssue({
        code: 'custom',
        path: ['gates', i, 'signal'],
        message: `expected the ${g.signalSource} rate ${expected}, got ${g.signal}`,
      });
    }
  });
}

type SuiteField = 'candidates' | 'admitted' | 'registered' | 'deletedByScreen';

interface SuiteView {
  suite?: { candidates: number; rejected: { total: number }; registered: number; deletedByScreen: number };
  gates: readonly {
    gate: GateId;
    candidates?: number;
    admitted?: number;
    registered?: number;
    deletedByScreen?: number;
  }[];
}

/** The free gates decided on the suite this record summarises. */
export function gatesAgreeWithSuite(r: SuiteView, ctx: Ctx): void {
  const s = r.suite;
  if (!s) return;
  const expected: Partial<Record<GateId, readonly (readonly [SuiteField, number])[]>> = {
    structural: [
      ['candidates', s.candidates],
      ['admitted', s.candidates - s.rejected.total],
      ['registered', s.registered],
    ],
    suite_size: [
      ['registered', s.registered],
      ['deletedByScreen', s.deletedByScreen],
    ],
  };
  r.gates.forEach((g, i) => {
    for (const [field, want] of expected[g.gate] ?? []) {
      const got = g[field];
      if (got !== want) {
        ctx.addIssue({
          code: 'custom',
          path: ['gates', i, field],
          message: `expected the suite's ${want}, got ${String(got)}`,
        });
      }
    }
  });
}
