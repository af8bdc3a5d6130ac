import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { SUITE_SCHEMA } from '../../src/suite/suite-file.js';
import { pairExchanges } from '../../src/tape/pairing.js';
import { captureIO, loadRun } from './run/helpers.js';
import { sharedWellMadeRun } from './shared/shared-runs.js';

/**
 * The offline path end to end through the run command: no key set, the heuristic runner and
 * explore/2, the well-made planted server (served in memory: what is read back is the run, not the
 * process). Then the record, the suite and the three tapes are read back and every count the record
 * publishes is re-derived from the tapes. The run is the shared one (shared/shared-runs.ts: this
 * exact command, made once for the files that read it); the test that edits a file edits a copy.
 */
describe('fitness-report run (offline) on the well-made server', () => {
  let dir = '';

  it('completes SCORED with a valid record, three tapes and suite.json', async () => {
    const io = await sharedWellMadeRun();
    expect(io.stderr.join('\n')).not.toMatch(/\n\s+at /);
    expect(io.code).toBe(0);
    expect(io.stdout[0]).toMatch(
      /^SCORED first-try \d+\/\d+ = .* \(95% .* clustered by task, \d+\.\d effective of \d+ trials; plain Wilson .*\)/,
    );
    dir = (io.stdout[1] ?? '').replace(/^run: /, '');
    const { record, tapes, suite } = await loadRun(dir);
    expect(record.outcome).toBe('SCORED');
    expect(record.identity.runner).toBe('heuristic');
    // The offline runner is deterministic: every task's reps agree, so the rate rests on its tasks,
    // and the record says so (the interval is drawn at n_eff = tasks, not at the trial count).
    expect(record.score?.firstTry.clustered).toMatchObject({
      rhoBound: 'reps_agree',
      rho: 1,
      nEff: record.score?.tasks,
      m: record.score?.reps,
    });
    // The planner says the same before the run: its effective observations are the task counts.
    const size = record.gates.find((g) => g.gate === 'suite_size');
    const plan = record.gates.find((g) => g.gate === 'plan_power');
    if (size?.gate !== 'suite_size' || plan?.gate !== 'plan_power') throw new Error('no plan_power');
    expect(plan.effective).toMatchObject({
      runnerDeterminism: { deterministic: true, basis: 'heuristic' },
      registeredTasks: size.registered,
      atRegistered: { min: size.registered, max: size.registered },
      atMax: { min: plan.effective?.maxTasks, max: plan.effective?.maxTasks },
    });
    expect(record.identity.generator).toEqual({ name: 'explore', version: '2' });
    expect(record.gates.map((g) => (g.gate === 'null_baseline' ? `null:${g.signalSource}` : g.gate))).toEqual(
      [
        'structural',
        'answer_leak',
        'suite_size',
        'plan_power',
        'null:ceiling',
        'construct',
        'null:reference',
        'null:first_try',
      ],
    );
    // loadRun read suite.json through the product's reader (it throws on a file that does not validate).
    expect(suite).toMatchObject({ schema: SUITE_SCHEMA, hash: record.suite?.hash });
    expect(tapes.wire.meta?.kind).toBe('mcp');
    expect(tapes.agent.meta?.kind).toBe('llm');
    expect(tapes.judge.meta?.kind).toBe('llm');
    for (const tape of Object.values(tapes)) {
      expect(tape.end?.reason).toBe('SCORED');
      expect(tape.meta?.producer).toMatchObject({ configHash: record.suite?.hash });
    }
  }, 600_000);

  it('publishes counts the tapes re-derive: trials, tool calls, errors, pending, tokens', async () => {
    const { record, tapes } = await loadRun(dir);
    const score = record.score;
    if (!score) throw new Error('no score');
    const driveCorr = (c: string | undefined) => c !== undefined && !c.includes('::') && /#\d+$/.test(c);
    // Trials: every drive trial opens with one system turn under its own corr id.
    const driveTrials = new Set(
      tapes.agent.records.flatMap((r) =>
        r.type === 'turn' && driveCorr(r.value.corr_id) ? [r.value.corr_id] : [],
      ),
    );
    expect(driveTrials.size).toBe(score.firstTry.n);
    // Tool calls and their outcomes, per tool, from request/response pairing on the wire tape.
    const calls = pairExchanges(tapes.wire.records).exchanges.filter(
      (x) => x.method === 'tools/call' && driveCorr(x.corrId),
    );
    for (const tool of score.tools) {
      const mine = calls.filter((x) => x.tool === tool.tool);
      expect(mine.length).toBe(tool.calls);
      expect(mine.filter((x) => x.outcome === 'tool-error').length).toBe(tool.errorsByClass.tool_error ?? 0);
      expect(mine.filter((x) => x.outcome === 'pending').length).toBe(tool.errorsByClass.timeout ?? 0);
    }
    expect(calls.length).toBe(score.tools.reduce((a, t) => a + t.calls, 0));
    // Tokens: the runner's and the screen's turns sum to the cost breakdown.
    const cost = record.cost;
    if (cost.kind === 'none') throw new Error('no cost figure');
    expect(cost.kind).toBe('total');
    const turns = tapes.agent.records.flatMap((r) =>
      r.type === 'turn' && r.value.role === 'assistant' ? [r.value] : [],
    );
    const input = turns.reduce((a, t) => a + (t.usage?.input_tokens ?? 0), 0);
    const output = turns.reduce((a, t) => a + (t.usage?.output_tokens ?? 0), 0);
    expect(input).toBe(cost.breakdown.runner.tokens.input + cost.breakdown.screen.tokens.input);
    expect(output).toBe(cost.breakdown.runner.tokens.output + cost.breakdown.screen.tokens.output);
    expect(turns.length).toBe(cost.breakdown.runner.calls + cost.breakdown.screen.calls);
    const driveTokens = turns
      .filter((t) => driveCorr(t.corr_id))
      .reduce((a, t) => a + (t.usage?.input_tokens ?? 0), 0);
    expect(driveTokens).toBe(score.tokens.input);
    // The construct gate's wire evidence is what the wire tape shows for construct corr ids.
    const construct = record.gates.find((g) => g.gate === 'construct');
    const constructCalls = pairExchanges(tapes.wire.records).exchanges.filter(
      (x) => x.method === 'tools/call' && (x.corrId ?? '').includes('::construct'),
    );
    if (construct?.gate !== 'construct' || !construct.wire) throw new Error('no construct evidence');
    expect(constructCalls.length).toBe(construct.wire.toolCalls);
    expect(constructCalls.filter((x) => x.outcome === 'pending').length).toBe(construct.wire.pending);
    expect(record.cost.reasons).toEqual([]);
    // Every call is cited (the first 20 lines in tape order), the ones that succeeded too.
    const cited = constructCalls
      .filter((x) => !(x.corrId ?? '').endsWith('::verify'))
      .map((x) => x.responseLine ?? x.requestLine)
      .sort((a, b) => a - b)
      .slice(0, 20)
      .map((line) => `wire:${line}`);
    expect(construct.wire.refs).toEqual({
      pending: [],
      errorResults: [],
      protocolErrors: [],
      calls: cited,
    });
    // Each null rate links the agent-plane answers behind its k: assistant turns of that phase.
    const nulls = record.gates.findLast((g) => g.gate === 'null_baseline');
    if (nulls?.gate !== 'null_baseline') throw new Error('no null baseline');
    for (const [phase, rate] of Object.entries(nulls.nullRates)) {
      expect(rate.tapeRefs).toHaveLength(Math.min(rate.k, 20));
      for (const ref of rate.tapeRefs ?? []) {
        const line = tapes.agent.records.find((x) => `agent:${x.line}` === ref);
        if (line?.type !== 'turn') throw new Error(`${ref} is not a turn`);
        expect(line.value.role).toBe('assistant');
        expect(line.value.corr_id).toMatch(new RegExp(`::${phase}(#\\d+)?$`));
      }
    }
  });

  it('verify passes on the fresh run and fails once record.json is edited', async () => {
    const ok = captureIO();
    expect(await main(['verify', dir], ok)).toBe(0);
    expect(ok.stdout.at(-1)).toBe('verified');
    const copy = join(mkdtempSync(join(tmpdir(), 'run-scored-')), 'run');
    cpSync(dir, copy, { recursive: true });
    const path = join(copy, 'record.json');
    const { record } = await loadRun(copy);
    if (!record.score) throw new Error('no score');
    record.score.firstTry.wilson.lower = 0.99;
    writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
    const bad = captureIO();
    expect(await main(['verify', copy], bad)).toBe(1);
    expect(bad.stdout.join('\n')).toMatch(/^files\s+MISMATCH\s+record\.json: changed$/m);
    expect(bad.stdout.join('\n')).toMatch(/^interval first-try\s+MISMATCH\s/m);
  });
});
