import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/board/site.js';
import { main } from '../../src/cli/main.js';
import { sha256Hex } from '../../src/core/canonical.js';
import { RerunRecord } from '../../src/record/rerun.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { mcnemarExact } from '../../src/stats/mcnemar.js';
import { signFlipExact } from '../../src/stats/sign-flip.js';
import { readTape } from '../../src/tape/reader.js';
import { agentArgNames, firstTries, wireArgNames } from '../support/run/tape-reads.js';
import { cli, stopAll } from './roster/cli.js';
import { captureIO, loadRun, outDir, server } from './run/helpers.js';
import { sharedAmbiguousRun, sharedThinRun } from './shared/shared-runs.js';

afterAll(() => stopAll());

/** Processes whose environment carries a session marker of the harness process `pid`. */
function markedBy(pid: number): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const env = readFileSync(`/proc/${entry}/environ`, 'latin1');
      if (env.includes(`FITNESS_REPORT_SESSION=${pid}-`)) found.push(entry);
    } catch {
      // gone already, or not ours to read
    }
  }
  return found;
}

const runLine = (io: { stdout: string[] }, word: string) =>
  (io.stdout.find((l) => l.startsWith(`${word}: `)) ?? '').slice(word.length + 2);

const readRerun = (dir: string) =>
  RerunRecord.parse(JSON.parse(readFileSync(join(dir, 'rerun.json'), 'utf8')));

/**
 * The planted ambiguous server offline, run and then rerun with its own rule proposals: the rerun
 * drives the same registered suite with the proposed descriptions and the `vessel` → `vesselId`
 * rename shown to the heuristic runner, while the server keeps receiving `vessel`. Every number of
 * the measured effect is recounted here from the two agent tapes.
 */
describe('rerun --with-rewrites on the planted ambiguous server', () => {
  const out = outDir();
  let original = '';
  let rerun = '';

  it('measures the proposals paired per trial, with the server untouched', async () => {
    // The run findings-planted asserts on, made once for both (shared/shared-runs.ts). A rerun is
    // written beside its original, so this file reruns a copy of it in a directory of its own.
    const run = await sharedAmbiguousRun();
    expect(run.code).toBe(0);
    const shared = runLine(run, 'run');
    original = join(out, basename(shared));
    cpSync(shared, original, { recursive: true });
    const before = sha256Hex(readFileSync(join(original, 'record.json'), 'utf8'));
    const r = captureIO();
    expect(await main(['rerun', original, '--with-rewrites', '--target-from-record'], r)).toBe(0);
    rerun = runLine(r, 'rerun');
    expect(readFileSync(join(original, 'record.json'), 'utf8')).toSatisfy(
      (t: string) => sha256Hex(t) === before,
    );
    const a = await loadRun(original);
    const record = readRerun(rerun);
    expect(record.outcome).toBe('MEASURED');
    expect(record.rerunOf).toMatchObject({
      runId: a.record.runId,
      suiteHash: a.record.suite?.hash,
      recordSha256: before,
    });
    expect(record.targetFrom).toBe('original');
    const e = record.effect;
    if (e === undefined) throw new Error('no effect');
    // pairs = the original's drive trials; both rates over them; b and c recounted from the tapes.
    const o = firstTries(a.tapes.agent);
    const w = firstTries(await readTape(join(rerun, 'agent.jsonl')));
    expect(e.pairs).toBe(a.record.score?.firstTry.n);
    expect(e.pairs).toBe(o.size);
    expect(w.size).toBe(o.size);
    expect(e.original.k).toBe(a.record.score?.firstTry.k);
    const b = [...o].filter(([corr, passed]) => passed && w.get(corr) === false).length;
    const c = [...o].filter(([corr, passed]) => !passed && w.get(corr) === true).length;
    expect(e.mcnemar).toMatchObject({ b, c, discordant: b + c, alpha: 0.05 });
    expect(e.rewritten.k).toBe([...w.values()].filter(Boolean).length);
    expect(e.mcnemar.pValue).toBe(mcnemarExact(b, c, 0.05).pValue);
    // The verdict follows the task-level test: per task, rewritten − original first tries over its reps.
    const diffs = new Map<string, number>();
    for (const [corr, was] of o) {
      const task = corr.replace(/#\d+$/, '');
      diffs.set(task, (diffs.get(task) ?? 0) + Number(w.get(corr)) - Number(was));
    }
    const tasks = signFlipExact([...diffs.values()], 0.05);
    expect(e.taskLevel).toMatchObject({
      tasks: diffs.size,
      statistic: tasks.statistic,
      pValue: tasks.pValue,
    });
    expect(e.verdict === 'no measurable effect').toBe(!tasks.rejects);
    // The proposals say the id is digits and where list_vessels gives it; a reader of parameter
    // documentation (the offline runner reads stated forms and the fields a description names)
    // then lists the fleet first and passes the id: an improvement at the task level.
    expect(e.verdict).toBe('improved');
    expect(tasks.rejects).toBe(true);
    expect(e.rewritten.k).toBeGreaterThan(e.original.k);
    expect(e.runnerKind).toBe('lexical');
    expect(e.statement).toMatch(/lexical agent/);
    expect(r.stdout[0]).toMatch(new RegExp(`^MEASURED ${e.verdict}: .*b = ${b}, c = ${c}`));
    // The override names every proposal's tool and the findings it answers.
    const ids = new Set(a.record.findings?.findings.map((f) => f.id));
    expect(record.overrides.map((x) => x.tool).sort()).toEqual(
      [...new Set(a.record.findings?.proposals.map((p) => p.tool))].sort(),
    );
    for (const x of record.overrides)
      for (const p of x.proposals) for (const id of p.answers) expect(ids.has(id)).toBe(true);
    // Presentation only: the runner sent vesselId, the server received vessel.
    const rerunTapes = {
      wire: await readTape(join(rerun, 'wire.jsonl')),
      agent: await readTape(join(rerun, 'agent.jsonl')),
    };
    expect([...agentArgNames(rerunTapes.agent)]).toEqual(['vesselId']);
    expect([...wireArgNames(rerunTapes.wire)]).toEqual(['vessel']);
  }, 600_000);

  it('verify re-derives the pairing and the McNemar numbers, and notices an edited p-value', async () => {
    const ok = await verifyFitnessRun(rerun);
    expect(ok.problems).toEqual([]);
    expect(ok.checked.join('\n')).toMatch(
      /pairing: \d+ pairs, b = \d+, c = \d+, p = .* re-derived from both agent tapes/,
    );
    expect(ok.checked.join('\n')).toMatch(
      /task-level test: \d+ tasks, .*recomputed the same from the per-task counts/,
    );
    const parent = mkdtempSync(join(tmpdir(), 'fitness-rerun-edit-'));
    cpSync(original, join(parent, basename(original)), { recursive: true });
    cpSync(rerun, join(parent, basename(rerun)), { recursive: true });
    const path = join(parent, basename(rerun), 'rerun.json');
    const edited = JSON.parse(readFileSync(path, 'utf8'));
    edited.effect.mcnemar.pValue = 0.5 * edited.effect.mcnemar.pValue;
    writeFileSync(path, JSON.stringify(edited));
    const bad = await verifyFitnessRun(join(parent, basename(rerun)));
    const problems = bad.problems.join('\n');
    expect(problems).toMatch(/^files: rerun\.json/m);
    expect(problems).toMatch(/^mcnemar: /m);
    expect(problems).toMatch(/^pairing: .*the record says/m);
  });

  it('the board shows the effect on the original record page and never makes a row of the rerun', async () => {
    const site = mkdtempSync(join(tmpdir(), 'fitness-rerun-site-'));
    const built = await buildSite({ runs: [out], out: site });
    expect(built.runs).toBe(1);
    const record = readRerun(rerun);
    const e = record.effect;
    const index = readFileSync(join(site, 'index.html'), 'utf8');
    expect(index).not.toContain(record.runId);
    const page = readFileSync(join(site, 'records', `${basename(original)}.html`), 'utf8');
    expect(page).toContain('Measured effect of the proposals');
    expect(page).toContain(`b = ${e?.mcnemar.b} passed first try only originally, c = ${e?.mcnemar.c}`);
    expect(page).toContain(`first try ${e?.original.k}/${e?.pairs}`);
    expect(page).toContain(`<strong>${e?.verdict}</strong>`);
    expect(page).toContain(
      `exact sign-flip test (two-sided) p = ${e?.taskLevel?.pValue.toPrecision(3)} at the pre-registered alpha 0.05`,
    );
    expect(page).toContain(`compare=${record.runId}`);
    expect(page).toContain('effect on a lexical agent');
    expect(JSON.parse(readFileSync(join(site, 'data', `${record.runId}.json`), 'utf8')).planes.length).toBe(
      3,
    );
  });

  it('refuses a server whose surface changed, showing and recording both digests', async () => {
    const io = captureIO();
    const args = [
      'rerun',
      original,
      '--with-rewrites',
      '--env',
      'FERRY_TIMETABLE=1',
      '--',
      'node',
      ...server('ambiguous'),
    ];
    expect(await main(args, io)).toBe(1);
    const refused = readRerun(runLine(io, 'rerun'));
    const digest = (await loadRun(original)).record.server?.surfaceDigest ?? '';
    expect(refused.outcome).toBe('REFUSED');
    expect(refused.targetFrom).toBe('flags');
    expect(refused.refusal?.originalDigest).toBe(digest);
    expect(refused.refusal?.currentDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(refused.refusal?.currentDigest).not.toBe(digest);
    expect(io.stdout[0]).toBe(
      `REFUSED surface_changed: the server's surface changed since ${basename(original)}: surface digest ${digest} then, ${refused.refusal?.currentDigest} now; a paired rerun needs the same surface`,
    );
    expect(refused.effect).toBeUndefined();
    expect((await verifyFitnessRun(runLine(io, 'rerun'))).problems).toEqual([]);
  }, 120_000);

  it('refuses a run with no proposals, saying so and writing nothing', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'fitness-rerun-none-'));
    const copy = join(parent, basename(original));
    cpSync(original, copy, { recursive: true });
    const path = join(copy, 'record.json');
    const record = JSON.parse(readFileSync(path, 'utf8'));
    record.findings.proposals = [];
    writeFileSync(path, JSON.stringify(record));
    const io = captureIO();
    expect(await main(['rerun', copy, '--with-rewrites'], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(
      /has no rewrite proposals \(\d+ finding\(s\), none with a proposal\)/,
    );
    expect(readdirSync(parent)).toEqual([basename(original)]);
  });

  it('refuses a run that never drove, saying why, and writes nothing', async () => {
    const run = await sharedThinRun();
    expect(run.code).toBe(1);
    // A copy in a folder of its own: a rerun writes beside its original, and this one must write nothing.
    const thinOut = outDir();
    const thin = join(thinOut, basename(runLine(run, 'run')));
    cpSync(runLine(run, 'run'), thin, { recursive: true });
    const r = captureIO();
    expect(await main(['rerun', thin, '--with-rewrites'], r)).toBe(1);
    expect(r.stderr).toHaveLength(1);
    expect(r.stderr[0]).toMatch(
      /never drove \(it was refused at suite_size \(below_minimum_suite_size\) before its drive\): it has no findings and no proposals to rerun$/,
    );
    expect(readdirSync(thinOut)).toEqual([basename(thin)]);
  }, 300_000);

  it('Ctrl-C during a rerun ends it VOID aborted, recorded and signed, with none of its servers left', async () => {
    // Beside the original (the default), where verify finds it to re-derive the pairing.
    const dir = dirname(original);
    const before = new Set(readdirSync(dir));
    const child = cli(['rerun', original, '--with-rewrites', '--target-from-record']);
    await child.waitFor(/^rerun \S+: .* \(paired with /);
    // Once the drive has trials done (each its own server process), and more to come.
    await child.waitFor(/^drive: \d+\/\d+ trials$/);
    child.child.kill('SIGINT');
    expect(await child.exited).toBe(3);
    expect(child.lines.some((l) => /SIGINT: stopping; finishing the record \(VOID aborted\)/.test(l))).toBe(
      true,
    );
    const [made] = readdirSync(dir).filter((d) => d.includes('-rerun-') && !before.has(d));
    if (made === undefined) throw new Error(`no rerun directory in ${dir}`);
    const record = readRerun(join(dir, made));
    expect(record.outcome).toBe('VOID');
    expect(record.void?.reason).toBe('aborted');
    const io = captureIO();
    expect(await main(['verify', join(dir, made)], io), io.stdout.join('\n')).toBe(0);
    // Every server the rerun started carries its pid in the session marker: none may survive it.
    expect(markedBy(child.child.pid ?? -1)).toEqual([]);
  }, 240_000);

  it('a missing --with-rewrites or an unknown flag is a one-line usage error', async () => {
    const io = captureIO();
    expect(await main(['rerun', original], io)).toBe(2);
    expect(io.stderr).toEqual([
      'fitness-report rerun: USAGE: rerun needs --with-rewrites (the only kind of rerun)',
    ]);
    const bad = captureIO();
    expect(await main(['rerun', original, '--with-rewrites', '--tasks', '3'], bad)).toBe(2);
    expect(bad.stderr[0]).toMatch(/unknown option '--tasks'/);
  });
});
