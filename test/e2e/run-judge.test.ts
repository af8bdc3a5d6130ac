import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFitness } from '../../src/run/run-fitness.js';
import { JUDGE_SYSTEM } from '../../src/suite/judge.js';
import { SuiteFile } from '../../src/suite/suite-file.js';
import type { TurnLine } from '../../src/tape/schema.js';
import {
  type ChatAnswer as Answer,
  type ChatBody as Body,
  FakeChat,
  systemOf,
} from '../support/fake-chat.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { loadRun, outDir } from './run/helpers.js';

const isCandidateCall = (body: Body) => systemOf(body) === JUDGE_SYSTEM;

/** A task the well-made ferry server can ground: the key is route 71xx's departure port. */
function validCandidate(routeId: number, what: 'departurePort' | 'arrivalPort') {
  const words = what === 'departurePort' ? 'leave from' : 'arrive at';
  return {
    prompt: `Which port do ferries on route ${routeId} ${words}? Reply with the port name.`,
    expectedTools: ['get_route'],
    plan: [{ tool: 'get_route', arguments: { routeId } }],
    extract: { kind: 'pointer', pointer: `/${what}`, source: 'structured' },
    check: { kind: 'contains' },
    destructive: false,
    serverRequiredBecause: 'route records live on the server',
  };
}

function judgeTurns(dir: string): TurnLine[] {
  return readFileSync(join(dir, 'judge.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('"type":"turn"'))
    .map((l) => JSON.parse(l) as TurnLine);
}

/**
 * The planted well-made server runs in memory (test/support/planted-memory.ts): what is tested is
 * the judge and runner models over their wire format, not the server's process.
 */
describe('judge/1 and runner models over the Chat Completions wire format (local endpoint)', () => {
  const fakes: FakeChat[] = [];
  const wellMade = plantedInMemory('well-made');
  afterAll(async () => {
    for (const fake of fakes) await fake.close();
    await wellMade.closeAll();
  });

  async function start(answer: (body: Body, n: number) => Answer): Promise<{ fake: FakeChat; url: string }> {
    const fake = new FakeChat(answer);
    fakes.push(fake);
    return { fake, url: await fake.start() };
  }

  /** A judge/1 run on the well-made server, its judge the local endpoint, its runner heuristic. */
  function judgeRun(url: string) {
    return runFitness({
      seed: 1,
      target: wellMade,
      outDir: outDir(),
      env: { FITNESS_OPENAI_COMPATIBLE_BASE_URL: url },
      runner: 'heuristic',
      judge: 'openai-compatible:judge-7b',
      generator: 'judge/1',
    });
  }

  it('a judge that returns garbage is a recorded fault and a structural refusal, not a crash', async () => {
    const { fake, url } = await start(() => ({ content: 'Sure! Here are some tasks: {candidates: [oops' }));
    const r = await judgeRun(url);
    expect(r.outcome).toBe('INSUFFICIENT_SURFACE');
    expect(r.record.refusal).toMatchObject({ gate: 'structural', reason: 'no_candidates' });
    expect(r.record).not.toHaveProperty('score');
    expect(r.record.identity.judge).toBe('openai-compatible:judge-7b');
    expect(r.record.identity.generator).toEqual({ name: 'judge', version: '1' });
    // The judge was really asked: the safety call, then the candidate calls (two at most).
    expect(fake.seen.filter(isCandidateCall)).toHaveLength(2);
    // suite.json carries each fault with a one-line reason; nothing was proposed.
    const suite = SuiteFile.parse(JSON.parse(readFileSync(join(r.dir, 'suite.json'), 'utf8')));
    expect(suite.counts.candidates).toBe(0);
    const invalid = suite.faults.filter((f) => f.code === 'JUDGE_OUTPUT_INVALID');
    expect(invalid.length).toBe(3);
    for (const f of invalid) expect(f.message).not.toMatch(/\n/);
    // Every judge call is turns on the judge plane; each answer keeps the raw text and its error.
    const turns = judgeTurns(r.dir);
    const answers = turns.filter((t) => t.role === 'assistant');
    expect(answers.map((t) => t.corr_id)).toEqual([
      'judge::destructiveness#1',
      'judge::candidates#1',
      'judge::candidates#2',
    ]);
    for (const a of answers) {
      expect(a.error?.code).toBe('JUDGE_OUTPUT_INVALID');
      expect(a.model).toBe('openai-compatible:judge-7b');
      expect(a.usage?.input_tokens).toBe(30);
    }
    expect(turns.filter((t) => t.role === 'system')).toHaveLength(3);
    const { tapes } = await loadRun(r.dir);
    expect(tapes.judge.end?.reason).toBe('INSUFFICIENT_SURFACE');
  }, 300_000);

  it('valid candidates mixed with invalid items go through admission like any others', async () => {
    const valid = [
      validCandidate(7101, 'departurePort'),
      validCandidate(7102, 'arrivalPort'),
      validCandidate(7103, 'departurePort'),
    ];
    const broken = [
      'write a task about ferries',
      { prompt: 42, plan: 'call get_route' },
      { ...validCandidate(7104, 'departurePort'), plan: [{ tool: 'launch_rockets', arguments: {} }] },
    ];
    let candidateCalls = 0;
    const { url } = await start((body) => {
      if (!isCandidateCall(body)) return { content: JSON.stringify({ tools: [] }) };
      candidateCalls += 1;
      const items =
        candidateCalls === 1 ? [valid[0], broken[0], valid[1], broken[1], broken[2], valid[2]] : [];
      return { content: JSON.stringify({ candidates: items }) };
    });
    const r = await judgeRun(url);
    const suite = SuiteFile.parse(JSON.parse(readFileSync(join(r.dir, 'suite.json'), 'utf8')));
    expect(suite.counts.candidates).toBe(6);
    // The output failed the schema as a whole; the fault says the items were salvaged for admission.
    expect(
      suite.faults.some((f) => f.code === 'JUDGE_OUTPUT_INVALID' && /6 item\(s\) salvaged/.test(f.message)),
    ).toBe(true);
    // Each invalid item is rejected by admission with its rule and a detail saying why.
    const rejected = suite.ledger.flatMap((e) => (e.fate.fate === 'rejected' ? [e.fate] : []));
    expect(rejected.map((f) => f.rule)).toEqual(['malformed', 'malformed', 'malformed']);
    expect(rejected.map((f) => f.detail)).toEqual([
      expect.stringMatching(/prompt: .*expected string, received undefined/),
      expect.stringMatching(/prompt: .*expected string, received number/),
      expect.stringMatching(/launch_rockets/),
    ]);
    expect(suite.ledger.filter((e) => e.fate.fate === 'registered')).toHaveLength(3);
    // Three admitted tasks are a real measurement of a thin suite: the true refusal is the suite size.
    expect(r.outcome).toBe('INSUFFICIENT_SURFACE');
    expect(r.record.refusal).toMatchObject({ gate: 'suite_size', reason: 'below_minimum_suite_size' });
    expect(r.record.suite?.candidates).toBe(6);
    expect(judgeTurns(r.dir).filter((t) => t.role === 'assistant')).toHaveLength(3);
  }, 300_000);

  it('a runner that never stops calling tools exhausts its step budget in every trial, and the run ends', async () => {
    const { fake, url } = await start((body) => {
      const tools = (body.tools ?? []) as { function: { name: string } }[];
      const first = tools[0]?.function.name;
      // With tools on offer it always calls one; with none it has nothing to say.
      return first === undefined
        ? { content: 'I do not know.' }
        : { content: null, toolCall: { name: first, arguments: '{}' } };
    });
    const r = await runFitness({
      seed: 1,
      target: wellMade,
      outDir: outDir(),
      env: { FITNESS_OPENAI_COMPATIBLE_BASE_URL: url },
      runner: 'openai-compatible:looper',
      judge: 'heuristic',
      tasks: 8,
      reps: { nulls: 1, construct: 1, drive: 1 },
      extensions: 0,
      maxSteps: 4,
    });
    expect(r.record.identity.runner).toBe('openai-compatible:looper');
    // The reference agent never answers: construct fails on its counts, a refusal with its true gate.
    expect(r.outcome).toBe('GATE_FAILED');
    expect(r.record.refusal).toMatchObject({ gate: 'construct', reason: 'reference_rate_below_threshold' });
    const { tapes } = await loadRun(r.dir);
    const ends = tapes.agent.records.flatMap((x) =>
      x.type === 'event' && x.value.kind === 'fitness.trial'
        ? [{ corrId: x.value.corr_id ?? '', raw: x.value.raw as Record<string, unknown> }]
        : [],
    );
    const withTools = ends.filter((e) => e.raw.phase !== 'null-no-tools');
    expect(withTools.length).toBe(8 * 3); // stubbed-empty, random-args and construct, 8 tasks each
    for (const end of withTools) {
      expect(end.raw).toMatchObject({ exhausted: 'steps', steps: 4, checkPassed: false });
      const assistant = tapes.agent.records.filter(
        (x) => x.type === 'turn' && x.value.role === 'assistant' && x.value.corr_id === end.corrId,
      );
      expect(assistant).toHaveLength(4);
    }
    for (const end of ends.filter((e) => e.raw.phase === 'null-no-tools'))
      expect(end.raw).toMatchObject({ exhausted: null, steps: 1 });
    // The endpoint was really driven: one request per step.
    expect(fake.seen.filter((b) => (b.tools ?? []).length > 0).length).toBeGreaterThanOrEqual(8 * 3 * 4);
  }, 300_000);
});
