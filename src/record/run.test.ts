import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { objectAt } from '../../test/support/object-at.js';
import { summarize } from '../core/issues.js';
import {
  describeExtensionProtocol,
  PREREG_DEFAULTS,
  PreRegistration,
  preregSha256,
  serializePrereg,
} from './prereg.js';
import { RunRecord } from './run.js';

type Obj = Record<string, unknown>;
/** Walks a parsed fixture to the object at `path`, for building invalid variants in place. */
const at = objectAt;
const load = (name: string): Obj =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const problem = (value: unknown): string => {
  const r = RunRecord.safeParse(value, { reportInput: true });
  return r.success ? 'valid' : summarize(r.error.issues);
};

describe('run record consistency', () => {
  it('accepts every committed v2 fixture', () => {
    for (const name of [
      'v2-scored.json',
      'v2-degenerate-null.json',
      'v2-insufficient-surface.json',
      'v2-gate-failed-construct.json',
      'v2-void.json',
    ]) {
      expect(problem(load(name)), name).toBe('valid');
    }
  });

  it('requires the refusal to name the last gate and its reason', () => {
    const r = load('v2-degenerate-null.json');
    at(r, 'refusal').reason = 'no_measurements';
    expect(problem(r)).toContain(
      'refusal: expected null_baseline noise_exceeds_signal (DEGENERATE) from the last gate',
    );
    delete r.refusal;
    expect(problem(r)).toContain('refusal: a DEGENERATE record needs its refusing gate');
  });

  it('requires gates in decision order and nothing after a refusal', () => {
    const r = load('v2-scored.json');
    const gates = r.gates as unknown[];
    [gates[0], gates[1]] = [gates[1], gates[0]];
    expect(problem(r)).toContain('gates[1]: structural is out of decision order');
    const after = load('v2-degenerate-null.json');
    (after.gates as unknown[]).push(at(load('v2-scored.json'), 'gates', 5));
    expect(problem(after)).toContain('no gate is decided after a refusal');
  });

  it('requires every decision point on a SCORED record', () => {
    const r = load('v2-scored.json');
    r.gates = (r.gates as unknown[]).slice(0, 6);
    expect(problem(r)).toContain('missing null_baseline:reference, null_baseline:first_try');
  });

  it('requires VOID details exactly on VOID records, and prereg and suite otherwise', () => {
    const v = load('v2-void.json');
    delete v.void;
    expect(problem(v)).toContain('void: void details are present exactly when the outcome is VOID');
    const s = load('v2-scored.json');
    delete s.prereg;
    expect(problem(s)).toContain('prereg: required unless the run is VOID');
    const early = load('v2-void.json');
    delete early.prereg;
    delete early.suite;
    delete at(early, 'identity').suiteHash;
    expect(problem(early)).toBe('valid');
  });

  it('checks the null gate signals against the numbers the record publishes', () => {
    const r = load('v2-scored.json');
    at(r, 'gates', 7).signal = 0.9;
    expect(problem(r)).toContain('gates[7].signal: expected the first_try rate 0.9166666666666666, got 0.9');
  });

  it('checks the free gates against the suite summary', () => {
    const r = load('v2-scored.json');
    at(r, 'gates', 2).deletedByScreen = 0;
    expect(problem(r)).toContain("gates[2].deletedByScreen: expected the suite's 2, got 0");
  });

  it('checks the suite fates add up and the rule tally matches the rejected candidates', () => {
    const r = load('v2-scored.json');
    at(r, 'suite').surplus = (at(r, 'suite').surplus as number) + 1;
    expect(problem(r)).toContain(
      'suite.candidates: expected rejected + deleted + registered + reserve + surplus = 61, got 60',
    );
    const t = load('v2-scored.json');
    Object.assign(at(t, 'suite', 'rejected', 'byRule'), { 'plan-failed': 7, duplicate: 3 });
    expect(problem(t)).toBe(
      'suite.rejected.byRule.duplicate: expected 2 (counted from candidates), got 3 (and 1 more)',
    );
  });

  it('checks identity against the registration and keeps URL userinfo out', () => {
    const r = load('v2-scored.json');
    at(r, 'identity').runner = 'openai:gpt-5';
    expect(problem(r)).toContain(
      'identity.runner: expected the registered anthropic:claude-haiku-4-5, got openai:gpt-5',
    );
    const u = load('v2-insufficient-surface.json');
    at(u, 'identity', 'target').description = 'http://user:pw@127.0.0.1:4100/mcp';
    expect(problem(u)).toContain('identity.target.description');
  });

  it('reads the runner determinism only as the runner gives it (a model is sampled, not deterministic)', () => {
    const r = load('v2-scored.json');
    at(r, 'score').runnerDeterminism = { deterministic: false, basis: 'sampled' };
    expect(problem(r)).toBe('valid');
    at(r, 'score').runnerDeterminism = { deterministic: true, basis: 'heuristic' };
    expect(problem(r)).toContain(
      'score.runnerDeterminism: expected the determinism of the runner anthropic:claude-haiku-4-5',
    );
    at(r, 'score').runnerDeterminism = { deterministic: true, basis: 'sampled' };
    expect(problem(r)).toContain('score.runnerDeterminism.deterministic');
  });

  it('rejects NaN and infinities anywhere a number is stored', () => {
    const r = load('v2-scored.json');
    at(r, 'score', 'firstTry', 'wilson').lower = Number.NaN;
    expect(problem(r)).toContain('score.firstTry.wilson.lower: expected number');
    const c = load('v2-scored.json');
    at(c, 'cost').usd = Number.POSITIVE_INFINITY;
    expect(problem(c)).toContain('cost.usd');
  });

  it('checks the cost figure is the sum of its breakdown and a floor names its reasons', () => {
    const r = load('v2-scored.json');
    at(r, 'cost').usd = (at(r, 'cost').usd as number) + 1;
    expect(problem(r)).toContain("cost.usd: expected the breakdown's sum");
    const f = load('v2-gate-failed-construct.json');
    at(f, 'cost').reasons = [];
    expect(problem(f)).toContain('cost.reasons: expected length >= 1, got 0');
  });

  it('keeps the extension ledger honest: two numbers per batch, pools that chain', () => {
    const r = load('v2-gate-failed-construct.json');
    at(r, 'gates', 5, 'extension', 'ledger', 'batches', 1).trialsAdded = 6;
    expect(problem(r)).toContain(
      "gates[5].extension.ledger.batches[1].trialsAdded: expected the pool's growth 18, got 6",
    );
    const p = load('v2-gate-failed-construct.json');
    at(p, 'gates', 5, 'extension', 'ledger', 'batches', 1, 'poolBefore').k = 57;
    expect(problem(p)).toContain('batches[1].poolBefore: expected the previous pool');
  });

  it('ties each gate outcome to its reason', () => {
    const r = load('v2-degenerate-null.json');
    at(r, 'gates', 4).outcome = 'INDETERMINATE';
    expect(problem(r)).toContain(
      'gates[4].outcome: reason noise_exceeds_signal implies outcome DEGENERATE, got INDETERMINATE',
    );
  });
});

describe('pre-registration', () => {
  it('exports the defaults of docs/design.md §4', () => {
    expect(PREREG_DEFAULTS).toMatchObject({
      tasks: 16,
      minTasks: 8,
      minAdmissionRate: 0.25,
      overGeneration: 2,
      reps: { nulls: 1, construct: 3, drive: 3 },
      extension: { batchTasks: 6, maxExtensions: 2 },
      construct: { threshold: 0.9, alpha: 0.05, detectableRate: 0.8, power: 0.8 },
      nulls: { ratio: 0.5, percentile: 95 },
      compromisedErrorShare: 0.05,
    });
  });

  it('hashes the canonical bytes of prereg.json; the fixture records that hash', () => {
    const r = load('v2-scored.json');
    const p = PreRegistration.parse(at(r, 'prereg').registration);
    expect(preregSha256(p)).toBe(at(r, 'prereg').sha256);
    const text = serializePrereg(p);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.indexOf('"compromisedErrorShare"')).toBeLessThan(text.indexOf('"construct"'));
    expect(preregSha256({ ...p, seed: p.seed + 1 })).not.toBe(at(r, 'prereg').sha256);
  });

  it('states the extension protocol in the run’s own numbers', () => {
    expect(describeExtensionProtocol(PREREG_DEFAULTS)).toContain(
      '2 registered reserve batches of 6 tasks (18 construct trials at 3 reps)',
    );
    expect(
      describeExtensionProtocol({ ...PREREG_DEFAULTS, extension: { batchTasks: 6, maxExtensions: 0 } }),
    ).toContain('registered no extension batch');
  });
});
