import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { dishonestEvidence, dishonestFailures } from '../support/findings-honesty.js';
import { captureIO, loadRun, outDir } from './run/helpers.js';
import { sharedAmbiguousRun, sharedThinRun } from './shared/shared-runs.js';

/**
 * The planted ambiguous server offline: its fleet tools take `vessel`, documented as "The vessel.",
 * and accept only the id list_vessels returns; a name gets "Invalid input.". The heuristic runner
 * passes the name the task states, so the drive's own calls produce the findings, and every
 * evidence line is read back from the wire tape.
 */
describe('findings on the planted ambiguous server', () => {
  const out = outDir();
  let dir = '';

  it('records argument misuse on vessel and error-text findings, with evidence on the wire', async () => {
    // The run rerun-planted reruns, made once for both (shared/shared-runs.ts); only read here.
    const run = await sharedAmbiguousRun();
    expect(run.code).toBe(0);
    dir = (run.stdout.find((l) => l.startsWith('run: ')) ?? '').replace(/^run: /, '');
    const { record, tapes } = await loadRun(dir);
    const block = record.findings;
    if (block === undefined) throw new Error('no findings');
    const misuse = block.findings.filter((f) => f.kind === 'argument-misuse');
    expect(misuse.length).toBeGreaterThan(0);
    for (const f of misuse) {
      expect(f.parameter).toBe('vessel');
      expect(f.tool).toMatch(/^get_vessel/);
    }
    const texts = block.findings.filter((f) => f.kind === 'error-text');
    expect(texts.map((f) => f.tool).sort()).toEqual(misuse.map((f) => f.tool).sort());
    for (const f of texts) expect(f.detail?.texts).toEqual(['Invalid input.']);
    expect(dishonestEvidence(block, tapes.wire)).toEqual([]);
    // The route tools answer well: nothing is said about them.
    expect(block.findings.some((f) => f.tool.includes('route'))).toBe(false);
  }, 600_000);

  it('explains every failed first try by a finding, or lists it as unexplained with lines of its own trial', async () => {
    const { record, tapes } = await loadRun(dir);
    const block = record.findings;
    const failures = block?.failures;
    const first = record.score?.firstTry;
    if (block === undefined || failures === undefined || first === undefined)
      throw new Error('no failures block or no score');
    expect(failures.failedFirstTry).toBe(first.n - first.k);
    expect(failures.failedFirstTry).toBeGreaterThan(0);
    const ids = new Set(block.findings.map((f) => f.id));
    for (const t of failures.trials)
      if (t.cause === 'unexplained') expect(t.finding).toBeUndefined();
      else expect(ids.has(t.finding ?? ''), `${t.trial} cites ${t.finding}`).toBe(true);
    // The name passed where an id was needed: an argument, counted by the vessel finding.
    expect(failures.trials.some((t) => t.cause === 'argument' && /\.vessel:/.test(t.text))).toBe(true);
    expect(failures.explained).toBeGreaterThan(0);
    expect(dishonestFailures(block, tapes.wire, tapes.agent)).toEqual([]);
  });

  it('the markdown links every evidence line to the viewer and ends with how to reproduce', async () => {
    const { record } = await loadRun(dir);
    const md = captureIO();
    expect(await main(['findings', dir, '--format', 'markdown'], md)).toBe(0);
    const text = md.stdout.join('\n');
    const at = (ref: string) => `viewer.html?run=${record.runId}#line=${encodeURIComponent(ref)}`;
    for (const f of record.findings?.findings ?? [])
      for (const ref of f.evidence) expect(text).toContain(`[${ref}](<${at(ref)}>)`);
    // No evidence line stands bare: every plane:line is a link's label.
    expect(text.replace(/\[(wire|agent|judge):\d+\]\(<[^>]+>\)/g, '')).not.toMatch(
      /\b(wire|agent|judge):\d+/,
    );
    expect(text).toMatch(/### Failed first tries\n\nthe findings explain \d+ of \d+ drive trial/);
    const reproduce = text.slice(text.indexOf('### To reproduce'));
    expect(reproduce).toContain(
      `- \`fitness-report run --seed 1 --runner heuristic -- ${record.identity.target.description}\``,
    );
    expect(reproduce).toContain(`- \`fitness-report rerun ${dir} --with-rewrites\``);
    const site = captureIO();
    const url = 'https://owner.example/fitness/';
    expect(await main(['findings', dir, '--format', 'markdown', '--site-url', url], site)).toBe(0);
    const first = record.findings?.findings[0]?.evidence[0] ?? '';
    expect(site.stdout.join('\n')).toContain(`[${first}](<${url}${at(first)}>)`);
    const bad = captureIO();
    expect(await main(['findings', dir, '--format', 'markdown', '--site-url', 'ftp:x'], bad)).toBe(2);
    expect(bad.stderr.join('\n')).toMatch(/--site-url must be an http\(s\) URL \(got ftp:x\)/);
  });

  it('proposes rewrites from rules, labelled offline, each citing its findings', async () => {
    const { record } = await loadRun(dir);
    const block = record.findings;
    const ids = new Set(block?.findings.map((f) => f.id));
    expect(block?.proposals.length).toBeGreaterThan(0);
    for (const p of block?.proposals ?? []) {
      expect(p.source).toBe('rules');
      for (const id of p.answers) expect(ids.has(id)).toBe(true);
      expect(p.parameters[0]).toMatchObject({ name: 'vessel', rename: 'vesselId' });
    }
    expect(block?.proposalsNote).toMatch(/offline/);
  });

  it('verify re-derives the findings from the tapes, and notices an edited finding', async () => {
    const ok = await verifyFitnessRun(dir);
    expect(ok.problems).toEqual([]);
    expect(ok.checked.join('\n')).toMatch(/findings: \d+ re-derived from the tapes/);
    const copy = join(out, 'edited');
    cpSync(dir, copy, { recursive: true });
    const path = join(copy, 'record.json');
    const record = JSON.parse(readFileSync(path, 'utf8'));
    record.findings.findings[0].count += 1;
    writeFileSync(path, JSON.stringify(record));
    const edited = await verifyFitnessRun(copy);
    expect(edited.problems.join('\n')).toMatch(/findings: \d+ re-derived from the tapes \(they differ\)/);
  });

  it('findings prints text, JSON and markdown', async () => {
    const text = captureIO();
    expect(await main(['findings', dir], text)).toBe(0);
    expect(text.stdout.join('\n')).toMatch(/\[argument-misuse\] get_vessel\w*\.vessel ×\d+/);
    const json = captureIO();
    expect(await main(['findings', dir, '--json'], json)).toBe(0);
    expect(JSON.parse(json.stdout.join('\n')).findings.findings.length).toBeGreaterThan(0);
    const md = captureIO();
    const file = join(out, 'findings.md');
    expect(await main(['findings', dir, '--format', 'markdown', '--out', file], md)).toBe(0);
    const written = readFileSync(file, 'utf8');
    expect(written).toMatch(/^## Fitness Report findings: planted-ambiguous/);
    expect(written).toMatch(/\| argument-misuse \| `get_vessel/);
    expect(written).toMatch(/deterministic rules \(rules\/1\), no model/);
  });

  it('a run refused before its drive has no findings and says why', async () => {
    const io = await sharedThinRun();
    expect(io.code).toBe(1);
    const thin = (io.stdout.find((l) => l.startsWith('run: ')) ?? '').replace(/^run: /, '');
    expect((await loadRun(thin)).record.findings).toBeUndefined();
    const f = captureIO();
    expect(await main(['findings', thin], f)).toBe(1);
    expect(f.stdout.join('\n')).toMatch(
      /no findings: the run was refused at suite_size \(below_minimum_suite_size\) before its drive/,
    );
  }, 300_000);

  it('a bad option is a one-line usage error', async () => {
    const io = captureIO();
    expect(await main(['findings', dir, '--format', 'pdf'], io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/--format must be text, json or markdown/);
  });
});
