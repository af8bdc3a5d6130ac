import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROPOSALS_SYSTEM } from '../../src/findings/judge-proposals.js';
import { runFitness } from '../../src/run/run-fitness.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { SAFETY_SYSTEM } from '../../src/suite/judge-safety.js';
import { FakeChat, systemOf, userOf } from '../support/fake-chat.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { outDir } from './run/helpers.js';

const TOOLS = [
  'list_routes',
  'get_route',
  'list_vessels',
  'get_vessel',
  'get_vessel_inspection',
  'get_vessel_crew',
];

/** The judge's answers: every tool a read; for the proposals, one per tool cited plus one bogus. */
function answer(body: Parameters<ConstructorParameters<typeof FakeChat>[0]>[0]): string {
  const system = String(systemOf(body));
  if (system === SAFETY_SYSTEM)
    return JSON.stringify({
      tools: TOOLS.map((tool) => ({ tool, readOnly: true, destructive: false, reason: 'reads' })),
    });
  if (system !== PROPOSALS_SYSTEM) return '{}';
  const asked = JSON.parse(String(userOf(body))) as {
    tools: { tool: { name: string }; findings: { id: string }[] }[];
  };
  return JSON.stringify({
    proposals: [
      ...asked.tools.map((t) => ({
        tool: t.tool.name,
        description: `Looks up one vessel by its numeric id from list_vessels (${t.tool.name}).`,
        parameters: [
          { name: 'vessel', description: 'The vessel id as digits, e.g. "5201".', rename: 'vesselId' },
        ],
        serverChanges: ['Say which parameter was wrong.'],
        answers: t.findings.map((f) => f.id),
      })),
      { tool: 'list_routes', description: 'x', parameters: [], serverChanges: [], answers: ['made-up:id'] },
    ],
  });
}

/** The planted ambiguous server runs in memory (test/support/planted-memory.ts): the subject is the findings. */
describe('rewrite proposals from a judge model (a local Chat Completions endpoint)', () => {
  const fake = new FakeChat(answer);
  const ambiguous = plantedInMemory('ambiguous');
  afterAll(async () => {
    await fake.close();
    await ambiguous.closeAll();
  });

  it('writes judge proposals citing real findings, drops the one that cites none, records the call', async () => {
    const url = await fake.start();
    const r = await runFitness({
      target: ambiguous,
      outDir: outDir(),
      env: { FITNESS_OPENAI_COMPATIBLE_BASE_URL: url },
      runner: 'heuristic',
      judge: 'openai-compatible:judge-7b',
      generator: 'explore/2',
      seed: 1,
    });
    expect(r.outcome).toBe('SCORED');
    const block = r.record.findings;
    if (block === undefined) throw new Error('no findings');
    expect(fake.seen.some((b) => systemOf(b) === PROPOSALS_SYSTEM)).toBe(true);
    const judged = block.proposals.filter((p) => p.source === 'judge');
    const tools = new Set(block.findings.map((f) => f.tool));
    expect(judged.map((p) => p.tool).sort()).toEqual([...tools].sort());
    for (const p of judged) {
      expect(p.generator).toBe('openai-compatible:judge-7b');
      const line = Number((p.evidence?.[0] ?? '').replace('judge:', ''));
      const turn = JSON.parse(readFileSync(join(r.dir, 'judge.jsonl'), 'utf8').split('\n')[line - 1] ?? '{}');
      expect(turn).toMatchObject({ type: 'turn', role: 'assistant', model: 'openai-compatible:judge-7b' });
    }
    expect(block.proposalsNote).toMatch(
      /1 judge proposal\(s\) cited no finding of their tool and were dropped/,
    );
    // The rule proposals stand beside the judge's, and verify re-derives them and the findings.
    expect(block.proposals.some((p) => p.source === 'rules')).toBe(true);
    expect((await verifyFitnessRun(r.dir)).problems).toEqual([]);
  }, 600_000);
});
