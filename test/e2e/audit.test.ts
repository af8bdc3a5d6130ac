/**
 * `fitness-report audit` end to end: every planted-outcome server through the real pipeline (no
 * test-only switch anywhere), once, in parallel. The CLI must exit 0 with a matching row per run;
 * then each run's record is read back and its planted property checked in the numbers: the counts
 * the refusal rests on, what the tapes show, and that `verify` recomputes every verdict. The audit
 * is the invocation's shared one (shared/planted-audit.ts): other e2e files read the same runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLANTED } from '../../src/audit/index.js';
import { AUDIT_SCHEMA, AuditEntry, AuditFile } from '../../src/audit/summary.js';
import { readRecord } from '../../src/record/io.js';
import type { RunRecord } from '../../src/record/run.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { pairExchanges } from '../../src/tape/pairing.js';
import { readTape } from '../../src/tape/reader.js';
import { suiteOf } from '../support/run/run-files.js';
import { plantedAudit } from './shared/planted-audit.js';

let lines: string[] = [];
let auditOut = '';
let exitCode = -1;

let summaries: AuditFile = [];
const records = new Map<string, RunRecord>();

function record(id: string): RunRecord {
  const r = records.get(id);
  if (!r) throw new Error(`no record for ${id}`);
  return r;
}
function dirOf(id: string): string {
  const dir = summaries.find((s) => s.id === id)?.dir;
  if (!dir) throw new Error(`no run directory for ${id}`);
  return dir;
}
function gate<G extends RunRecord['gates'][number]['gate']>(r: RunRecord, name: G) {
  const found = r.gates.find((g) => g.gate === name);
  if (!found) throw new Error(`no ${name} gate in ${r.runId}`);
  return found as Extract<RunRecord['gates'][number], { gate: G }>;
}

beforeAll(async () => {
  const audit = await plantedAudit();
  exitCode = audit.exitCode;
  lines = audit.lines;
  auditOut = audit.out;
  summaries = AuditFile.parse(JSON.parse(readFileSync(join(audit.out, 'audit.json'), 'utf8')));
  for (const s of summaries) if (s.dir) records.set(s.id, await readRecord(join(s.dir, 'record.json')));
}, 600_000);

describe('fitness-report audit', () => {
  it('exits 0 with one matching row per planted run', () => {
    const failed = summaries.filter((s) => !s.passed);
    expect(failed.map((s) => [s.id, ...s.mismatches, s.obtained?.explain ?? ''])).toEqual([]);
    expect(exitCode).toBe(0);
    for (const planted of PLANTED) {
      const row = lines.find((l) => l.startsWith(`${planted.id} `));
      expect(row, planted.id).toMatch(/ ok$/);
      expect(row).toContain(planted.expect.outcome);
    }
    expect(lines.at(-1)).toMatch(
      new RegExp(`^audit: all ${PLANTED.length} runs produced their planted outcome`),
    );
  });

  it('writes audit.json as AuditFile: every entry tagged, every field declared by the schema', () => {
    const written: unknown = JSON.parse(readFileSync(join(auditOut, 'audit.json'), 'utf8'));
    // Parsing drops what the schema does not declare: equal means every field is declared.
    expect(AuditFile.parse(written)).toEqual(written);
    expect(summaries.map((s) => s.schema)).toEqual(PLANTED.map(() => AUDIT_SCHEMA));
    expect(summaries.map((s) => s.id)).toEqual(PLANTED.map((p) => p.id));
    // The schema is not so loose that a wrong entry passes.
    const [first] = summaries;
    expect(AuditEntry.safeParse({ ...first, schema: 'fitness-report.audit/0' }).success).toBe(false);
    expect(AuditEntry.safeParse({ ...first, passed: 'yes' }).success).toBe(false);
  });

  it('re-derives every count in every record from its tapes and suite', () => {
    for (const s of summaries) {
      expect(s.agreements?.length ?? 0, s.id).toBeGreaterThan(10);
      expect(
        s.agreements?.filter((a) => !a.ok),
        s.id,
      ).toEqual([]);
    }
  });

  it('verify recomputes every stored verdict and checks every signature', async () => {
    for (const s of summaries) {
      const result = await verifyFitnessRun(dirOf(s.id));
      expect(result.problems, s.id).toEqual([]);
      expect(result.ok, s.id).toBe(true);
    }
  });

  it('publishes no score on any refused record', () => {
    for (const [id, r] of records) expect(Object.hasOwn(r, 'score'), id).toBe(r.outcome === 'SCORED');
  });

  it('prints the yield figure: asked, produced, proposed, admitted, registered and the outcome per run', () => {
    const at = lines.findIndex((l) => l.startsWith('Yield'));
    expect(at).toBeGreaterThan(0);
    for (const planted of PLANTED) {
      const r = record(planted.id);
      const row = lines.slice(at).find((l) => l.trim().startsWith(`${planted.id} `));
      const cells = row?.trim().split(/\s{2,}/) ?? [];
      const ledger = r.exploration;
      expect(cells.slice(1, 6), planted.id).toEqual([
        String(ledger?.asked ?? '-'),
        String(ledger?.produced ?? '-'),
        String(r.suite?.candidates ?? ledger?.proposed ?? '-'),
        r.suite ? String(r.suite.candidates - r.suite.rejected.total) : '-',
        String(r.suite?.registered ?? '-'),
      ]);
      expect(cells.at(-1), planted.id).toContain(r.outcome);
    }
  });
});

describe('what each planted property did, in the record', () => {
  it('well-made: the reference agent passes every trial and the nulls stay far below half the signal', () => {
    const r = record('well-made');
    expect(gate(r, 'construct')).toMatchObject({ verdict: 'PASS', k: 48, n: 48, errors: 0 });
    const last = r.gates.at(-1);
    expect(last).toMatchObject({ gate: 'null_baseline', signalSource: 'first_try', verdict: 'PROCEED' });
    if (last?.gate !== 'null_baseline') throw new Error('unreachable');
    expect(last.tNull ?? 1).toBeLessThan(0.25);
    expect(r.score?.firstTry.n).toBe(48);
    expect(r.score?.firstTry.k ?? 0).toBeGreaterThanOrEqual(43);
  });

  it('thin: every candidate admitted, and still fewer than 8 tasks', () => {
    const r = record('thin');
    const structural = gate(r, 'structural');
    expect(structural.verdict).toBe('PASS');
    expect(structural.candidates).toBe(structural.admitted);
    expect(structural.candidates).toBeLessThan(8);
    expect(gate(r, 'suite_size')).toMatchObject({
      registered: structural.admitted,
      minTasks: 8,
      deletedByScreen: 0,
    });
    expect(r.suite).toMatchObject({ candidates: structural.candidates, registered: structural.admitted });
  });

  it('constant-answers: random arguments reach the keys, nothing else does', () => {
    const nulls = gate(record('constant-answers'), 'null_baseline');
    expect(nulls.signalSource).toBe('ceiling');
    expect(nulls.nullRates['null-random-args']?.rate ?? 0).toBeGreaterThanOrEqual(0.5);
    expect(nulls.nullRates['null-no-tools']?.k).toBe(0);
    expect(nulls.nullRates['null-stubbed-empty']?.k).toBe(0);
  });

  it('calculator: the screen deletes every admitted candidate', () => {
    const r = record('calculator');
    const size = gate(r, 'suite_size');
    expect(size.registered).toBe(0);
    expect(size.deletedByScreen).toBeGreaterThanOrEqual(8);
    expect(r.suite?.deletedByScreen).toBe(size.deletedByScreen);
    const screen = r.identity.screen;
    expect(screen).toMatchObject({
      enabled: true,
      counts: { screened: size.deletedByScreen, deleted: size.deletedByScreen },
    });
  });

  it('drifting: admission re-runs each plan in a fresh process, and the keys do not stay put', () => {
    const r = record('drifting');
    const structural = gate(r, 'structural');
    expect(structural).toMatchObject({ verdict: 'FAIL', reason: 'answers_unstable' });
    expect((structural.unstable ?? 0) * 2).toBeGreaterThan(structural.candidates - structural.admitted);
    expect(r.suite?.rejected.byRule?.['key-unstable']).toBe(structural.unstable);
    // No paid gate ran: the drift was caught before any trial.
    expect(r.gates.map((g) => g.gate)).toEqual(['structural']);
  });

  it('unanswered: more than 5% of reference trials never got an answer, and the tape shows them pending', async () => {
    const construct = gate(record('unanswered'), 'construct');
    // Registered at the default deadline per call (20 s), recorded as such.
    expect(record('unanswered').prereg?.registration.agentLimits.callTimeoutMs).toBe(20_000);
    expect(construct.errors / (construct.n + construct.errors)).toBeGreaterThan(0.05);
    expect(construct.wire?.pending).toBe(construct.errors);
    const wire = await readTape(join(dirOf('unanswered'), 'wire.jsonl'));
    const pending = pairExchanges(wire.records).exchanges.filter(
      (e) => e.method === 'tools/call' && e.outcome === 'pending',
    );
    // The gate counts the calls pending when it decided (asserted above). On a loaded machine calls
    // still in flight when the run stopped stay pending on the tape too, so the tape holds at least
    // those in construct (seen in CI: 8 on the tape for 5 in the gate). A loaded machine can also
    // leave an exploration call past the run's 5 s deadline (seen in CI: two in generation); that is
    // before the overload window, so no null or drive call is ever pending.
    const inConstruct = pending.filter((e) => /::construct#\d$/.test(e.corrId ?? ''));
    expect(inConstruct.length).toBeGreaterThanOrEqual(construct.errors);
    for (const e of pending) expect(e.corrId).toMatch(/::construct#\d$|^(generate|admit)$/);
  });

  it('flaky: EXTEND at the registered size, two batches of 6 tasks / 18 trials, then PASS', () => {
    const construct = gate(record('flaky'), 'construct');
    const ledger = construct.extension.ledger;
    expect(ledger?.registered).toMatchObject({ tasks: 16, trials: 48, verdict: 'EXTEND' });
    expect(ledger?.batches.map((b) => [b.tasksAdded, b.trialsAdded])).toEqual([
      [6, 18],
      [6, 18],
    ]);
    expect(ledger?.batches.at(-1)?.verdict).toBe('PASS');
    expect(construct).toMatchObject({ verdict: 'PASS', n: 84, errors: 0 });
    expect(construct.explain).toMatch(/Sequence: registered \d+\/48: EXTEND; \+6 tasks \/ 18 trials/);
    expect(record('flaky').score?.tasks).toBe(28);
  });

  it('flaky --extensions 0: the same unresolved gate, refused where it stands', () => {
    const construct = gate(record('flaky-no-extensions'), 'construct');
    expect(construct.extension.policy).toMatchObject({ maxExtensions: 0 });
    expect(construct.extension.ledger?.batches).toEqual([]);
    expect(construct.extension.ledger?.registered.verdict).toBe('EXTEND');
    expect(construct.n + construct.errors).toBe(48);
  });

  it('vanishing: VOID naming what completed before the server went away', () => {
    const r = record('vanishing');
    expect(r.void?.completed.stages).toEqual(
      expect.arrayContaining(['generate', 'admit', 'register', 'nulls']),
    );
    expect(r.void?.completed.stages).not.toContain('construct');
    expect(r.void?.completed.trials.construct ?? 0).toBeLessThan(48);
    expect(r.void?.detail).toMatch(/stopped answering/);
  });

  it('decoys: construct passes on the working tools, the runner never succeeds first try, so there is no signal', () => {
    const r = record('decoys');
    expect(gate(r, 'construct')).toMatchObject({ verdict: 'PASS', k: 48, n: 48 });
    const last = r.gates.at(-1);
    expect(last).toMatchObject({
      gate: 'null_baseline',
      signalSource: 'first_try',
      verdict: 'INDETERMINATE',
    });
    expect(Object.hasOwn(r, 'score')).toBe(false);
  });

  it('tables: no annotations, so the reads are inferred read-only and the write is never called', () => {
    const r = record('tables');
    const ledger = new Map((r.exploration?.tools ?? []).map((t) => [t.tool, t]));
    for (const tool of ['list_tables', 'describe_table', 'read_rows'])
      expect(ledger.get(tool), tool).toMatchObject({ basis: 'inferred', explorable: true });
    expect(ledger.get('insert_row')).toMatchObject({ basis: 'none', explorable: false, calls: 0 });
    expect(gate(r, 'construct')).toMatchObject({ verdict: 'PASS' });
  });

  it('repository: the given repo_path is pre-registered and named in the prompts; without it, nothing is usable', () => {
    const r = record('repository');
    expect(r.prereg?.registration.given).toEqual([
      expect.objectContaining({ name: 'repo_path', origin: 'given', source: '--given' }),
    ]);
    const suite = suiteOf(dirOf('repository'));
    const path = r.exploration?.given[0]?.value ?? '';
    for (const task of suite.tasks) {
      expect(task.prompt).toContain(path);
      expect(String(task.answerKey)).not.toContain(path);
    }
    const none = record('repository-no-context');
    expect(none.refusal).toMatchObject({ gate: 'structural', reason: 'no_usable_results' });
    expect(gate(none, 'structural').exploration).toMatchObject({
      usable: 0,
      generatedOnly: expect.arrayContaining(['repo_path']),
    });
  });

  it('clock: every value it answers is set aside, the conversion explored as a compute tool, and the ledger says why', () => {
    const r = record('clock');
    const clock = r.exploration?.tools.find((t) => t.tool === 'get_current_time');
    expect(clock).toMatchObject({ basis: 'inferred', candidates: 0 });
    expect(clock?.skipped).toMatch(/time-varying/);
    // A compute tool (a value from its arguments, no stored object): explorable, and its answers
    // (a clock reading and the zones it was given) are no keys either.
    const convert = r.exploration?.tools.find((t) => t.tool === 'convert_time');
    expect(convert).toMatchObject({ basis: 'inferred', explorable: true, candidates: 0 });
    expect(convert?.basisDetail).toMatch(/computes a value from its arguments/);
    expect(convert?.skipped, JSON.stringify(convert)).toBeDefined();
  });

  it('hostile: the injected HTML and instructions reach the tapes verbatim and change nothing', () => {
    const r = record('hostile');
    expect(gate(r, 'construct')).toMatchObject({ verdict: 'PASS', k: 48, n: 48 });
    const wire = readFileSync(join(dirOf('hostile'), 'wire.jsonl'), 'utf8');
    expect(wire).toContain('<script>');
    expect(wire).toContain('ignore all previous instructions');
    expect(wire).toContain('<svg onload=');
  });
});
