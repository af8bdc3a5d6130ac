import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../../test/support/explorable-policy.js';
import { canonicalJson } from '../../core/canonical.js';
import { surfaceSafety } from '../destructive.js';
import { applyPolicy } from '../explorable.js';
import { explore2 } from '../explore/explore2.js';
import { executePlan } from '../plan.js';
import type { ToolCaller, ToolSurface } from '../surface.js';
import { admitCandidates } from './admit.js';

interface Item {
  name: string;
  code: string;
  berth: number;
}

const items = fc.uniqueArray(
  fc.record({
    name: fc.stringMatching(/^[A-Z][a-z]{3,8} [A-Z][a-z]{3,8}$/),
    code: fc.stringMatching(/^[A-Z]{2}-\d{4}$/),
    berth: fc.integer({ min: 1000, max: 9999 }),
  }),
  { minLength: 2, maxLength: 6, selector: (i) => i.name },
);

const surface: ToolSurface = {
  tools: [
    { name: 'list_items', description: 'List every item.', inputSchema: { type: 'object', properties: {} } },
    {
      name: 'get_item',
      description: 'Get one item by its name.',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
  ],
};

/**
 * A server with stable fields (name, code, berth) and live ones that move with every call: a
 * reading, a clock, and, for text answers, a "Load" line. `style` picks JSON or text answers.
 */
function server(list: readonly Item[], style: 'json' | 'text'): ToolCaller {
  let tick = 0;
  return async (tool, args) => {
    tick++;
    const live = (i: Item) => ({
      reading: 10_000 + tick * 37 + i.berth,
      checkedAt: new Date(Date.UTC(2026, 11, 1, 0, 0, tick)).toISOString(),
    });
    if (tool === 'list_items') {
      const rows = list.map((i) => ({ ...i, ...live(i) }));
      return {
        kind: 'result',
        result: { content: [{ type: 'text', text: JSON.stringify({ items: rows }) }] },
      };
    }
    const item = list.find((i) => i.name === args.name);
    if (item === undefined)
      return { kind: 'result', result: { content: [{ type: 'text', text: 'not found' }], isError: true } };
    const text =
      style === 'json'
        ? JSON.stringify({ ...item, ...live(item) })
        : `Name: ${item.name}\nCode: ${item.code}\nBerth: ${item.berth}\nLoad: ${live(item).reading} t\nChecked: ${live(item).checkedAt}`;
    return { kind: 'result', result: { content: [{ type: 'text', text }] } };
  };
}

describe('stable keys (property)', () => {
  it('no admitted key is unstable across two executions, and none comes from a live field', async () => {
    await fc.assert(
      fc.asyncProperty(
        items,
        fc.constantFrom<'json' | 'text'>('json', 'text'),
        fc.integer({ min: 1, max: 1000 }),
        async (list, style, seed) => {
          const safety = applyPolicy(surface, surfaceSafety(surface), DEFAULT_POLICY);
          const caller = server(list, style);
          const { candidates } = await explore2({
            surface,
            safety,
            policy: DEFAULT_POLICY,
            caller,
            seed,
            count: 60,
            given: [],
          });
          const entries = await admitCandidates(candidates, {
            surface,
            safety,
            allowDestructive: false,
            caller,
          });
          const admitted = entries.flatMap((e) => (e.verdict.admitted ? [e.verdict.task] : []));
          expect(admitted.length).toBeGreaterThan(0);
          for (const task of admitted) {
            for (let again = 0; again < 2; again++) {
              const run = await executePlan(task, caller);
              expect(run.ok).toBe(true);
              if (run.ok) expect(canonicalJson(run.answerKey)).toBe(canonicalJson(task.answerKey));
            }
            const where = task.extract.kind === 'pointer' ? task.extract.pointer : task.extract.pattern;
            expect(where).not.toMatch(/reading|checkedAt|Load|Checked/);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
