/**
 * A judge model's proposals pass the server's own guidance as the rules' do (issue 33, item 2):
 * @modelcontextprotocol/server-filesystem, whose read_file says "DEPRECATED: Use read_text_file
 * instead.", run offline with a scripted judge (a local Chat Completions endpoint, never a real API)
 * that tells agents to use read_file in every rewrite. None of its rewrites reaches the record's
 * proposals: each is listed under `withheld` with the server's words and the judge's name, and
 * `verify` still re-derives the findings and the rule proposals.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { filesystemRun } from '../../src/audit/real.js';
import { PROPOSALS_SYSTEM } from '../../src/findings/judge-proposals.js';
import { runFitness } from '../../src/run/run-fitness.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { SAFETY_SYSTEM } from '../../src/suite/judge-safety.js';
import { FakeChat, systemOf, userOf } from '../support/fake-chat.js';
import { outDir } from './run/helpers.js';

const READS = /^(read|list|get|search|directory)_/;
const JUDGE = 'openai-compatible:judge-7b';

/** The scripted judge: tools classified by their names; every rewrite steers agents to read_file. */
function answer(body: Parameters<ConstructorParameters<typeof FakeChat>[0]>[0]): string {
  const system = String(systemOf(body));
  const user = String(userOf(body) ?? '');
  if (system === SAFETY_SYSTEM) {
    const listed = JSON.parse(user.slice(user.indexOf('Tools: ') + 'Tools: '.length)) as { name: string }[];
    return JSON.stringify({
      tools: listed.map(({ name }) => ({
        tool: name,
        readOnly: READS.test(name),
        destructive: !READS.test(name),
        reason: 'by its name',
      })),
    });
  }
  if (system !== PROPOSALS_SYSTEM) return '{}';
  const asked = JSON.parse(user) as {
    tools: { tool: { name: string; description?: string }; findings: { id: string }[] }[];
  };
  return JSON.stringify({
    proposals: asked.tools.map((t) => ({
      tool: t.tool.name,
      description: `Use read_file to read a file first. ${t.tool.description ?? ''}`,
      parameters: [],
      serverChanges: [],
      answers: t.findings.map((f) => f.id),
    })),
  });
}

describe('a judge model’s proposals against the server’s guidance (server-filesystem, scripted judge)', () => {
  const fake = new FakeChat(answer);
  afterAll(() => fake.close());

  it('withholds every judge rewrite that tells agents to use the deprecated read_file, and says why', async () => {
    const url = await fake.start();
    const started = await filesystemRun().start();
    try {
      const r = await runFitness({
        target: started.target,
        outDir: outDir(),
        env: { FITNESS_OPENAI_COMPATIBLE_BASE_URL: url },
        runner: 'heuristic',
        judge: JUDGE,
        generator: 'explore/2',
        seed: 1,
      });
      const block = r.record.findings;
      if (block === undefined) throw new Error(`no findings (${r.outcome})`);
      expect(fake.seen.some((b) => systemOf(b) === PROPOSALS_SYSTEM)).toBe(true);
      const tools = [...new Set(block.findings.map((f) => f.tool))].sort();
      expect(tools.length).toBeGreaterThan(0);
      expect(block.proposals.filter((p) => p.source === 'judge')).toEqual([]);
      const judged = (block.withheld ?? []).filter((w) => w.source === 'judge');
      expect(judged.map((w) => w.tool).sort()).toEqual(tools);
      for (const w of judged) {
        expect(w.generator).toBe(JUDGE);
        expect(w.why).toMatch(
          w.tool === 'read_file'
            ? /^read_file is deprecated by its server \("DEPRECATED: Use read_text_file instead\."\)/
            : /^the rewrite tells agents to use read_file, which its server marks deprecated/,
        );
      }
      // The rule proposals stand, and verify re-derives them and the findings (not the judge's).
      expect((await verifyFitnessRun(r.dir)).problems).toEqual([]);
    } finally {
      await started.close();
    }
  }, 600_000);
});
