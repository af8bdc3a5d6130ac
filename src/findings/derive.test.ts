import { describe, expect, it } from 'vitest';
import { FakeTapes, fakeTask } from '../../test/support/findings-tapes.js';
import { FindingsBlock } from '../record/findings.js';
import { surfaceSafety } from '../suite/destructive.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { deriveFindings } from './derive.js';
import { actionable } from './error-text.js';

const READ = { readOnlyHint: true, destructiveHint: false };
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});

const TOOLS: ToolDescriptor[] = [
  { name: 'list_ships', description: 'Lists ships.', inputSchema: obj({}), annotations: READ },
  {
    name: 'get_ship',
    description: 'Fetches one ship.',
    inputSchema: obj({ ship: { type: 'string' } }, ['ship']),
    outputSchema: obj({ shipyard: { type: 'string' } }, ['shipyard']),
    annotations: READ,
  },
  {
    name: 'fetch_ship',
    description: 'Fetches one ship.',
    inputSchema: obj({ ship: { type: 'string' } }),
    annotations: READ,
  },
  {
    name: 'count_ports',
    description: 'Counts ports.',
    inputSchema: obj({ limit: { type: 'integer' } }, ['limit']),
  },
  {
    name: 'get_log',
    description: 'Deletes the log after reading it.',
    inputSchema: obj({}),
    annotations: { readOnlyHint: true },
  },
];

const from = { $from: { step: 0, pointer: '/ships/0/ship' } };
const TASKS = [
  fakeTask(
    't1',
    ['get_ship'],
    [
      ['list_ships', {}, {}],
      ['get_ship', { ship: from }, { ship: '5201' }],
    ],
  ),
  fakeTask('t2', ['count_ports'], [['count_ports', { limit: 5 }, { limit: 5 }]]),
];

function run() {
  const tapes = new FakeTapes().listTools(TOOLS);
  // t1#1: a name where the plan used an id, answered "Invalid input."; then the id, which answers.
  tapes
    .call({ corr: 't1#1', tool: 'list_ships', structured: { ships: [] } })
    .call({ corr: 't1#1', tool: 'get_ship', args: { ship: 'Morning Gannet' }, error: 'Invalid input.' })
    .call({ corr: 't1#1', tool: 'get_ship', args: { ship: '5201' }, structured: { shipyard: 'Caldwell' } })
    .trialEnd('t1#1', true);
  // t1#2: the look-alike tool instead of get_ship; its result breaks nothing (no schema).
  tapes.call({
    corr: 't1#2',
    tool: 'fetch_ship',
    args: { ship: '5201' },
    error: 'fetch_ship has moved to get_ship',
  });
  tapes.trialEnd('t1#2', false);
  // t1#3: get_ship answers, but its structuredContent breaks the declared outputSchema.
  tapes
    .call({ corr: 't1#3', tool: 'list_ships', structured: { ships: [] } })
    .call({ corr: 't1#3', tool: 'get_ship', args: { ship: '5201' }, structured: { shipyard: 7 } })
    .trialEnd('t1#3', false);
  // t2: a call its schema rejects (limit missing), with a JSON-RPC error, then slow answers.
  tapes.call({ corr: 't2#1', tool: 'count_ports', rpcError: { code: -32602, message: 'Invalid params' } });
  for (let i = 0; i < 6; i++)
    tapes.call({ corr: 't2#1', tool: 'count_ports', args: { limit: 5 }, structured: {}, latencyMs: 900 });
  tapes.trialEnd('t2#1', true);
  // Enough fast calls of three other tools (non-drive corr ids count for latency) for a median.
  for (const tool of ['list_ships', 'get_log', 'fetch_ship'])
    for (let i = 0; i < 7; i++)
      tapes.call({ corr: `x::construct#${tool}`, tool, structured: {}, latencyMs: 4 });
  const records = tapes.records();
  return deriveFindings({
    ...records,
    suite: { tasks: TASKS, reserve: [], toolSafety: surfaceSafety({ tools: TOOLS }) },
  });
}

describe('deriveFindings', () => {
  const block = run();
  const byId = new Map(block?.findings.map((f) => [f.id, f]));

  it('finds every kind, each with evidence, in a block the record schema accepts', () => {
    if (block === undefined) throw new Error('no findings');
    expect(FindingsBlock.safeParse(block).success).toBe(true);
    expect([...byId.keys()].sort()).toEqual(
      [
        'annotation-conflict:get_log',
        'annotation-missing:count_ports',
        'argument-misuse:count_ports:limit',
        'argument-misuse:get_ship:ship',
        'error-text:get_ship',
        'latency-outlier:count_ports',
        'output-schema:get_ship',
        'wrong-tool:get_ship:fetch_ship',
      ].sort(),
    );
    for (const f of block.findings) expect(f.evidence.length).toBeGreaterThan(0);
    expect(block.drive).toEqual({ trials: 4, toolCalls: 13 });
    expect(block.annotationFindings).toBe(2);
  });

  it('cites the exact wire lines: the failed call, the wrong call, the bad result', () => {
    // Line 1 meta, 2-3 tools/list; t1#1: 4-5 list, 6-7 get_ship error, 8-9 get_ship ok.
    expect(byId.get('argument-misuse:get_ship:ship')?.evidence).toEqual(['wire:7']);
    expect(byId.get('error-text:get_ship')?.evidence).toEqual(['wire:7']);
    expect(byId.get('error-text:get_ship')?.detail).toMatchObject({
      unactionable: 1,
      trialsWithUnactionable: 1,
      recoveredAfterUnactionable: 1,
    });
    expect(byId.get('wrong-tool:get_ship:fetch_ship')).toMatchObject({ count: 1, evidence: ['wire:11'] });
    expect(byId.get('output-schema:get_ship')).toMatchObject({ count: 1, evidence: ['wire:15'] });
    expect(byId.get('annotation-missing:count_ports')?.evidence).toEqual(['wire:3']);
    // The first call of a corr id is cold (a fresh session) and left out: the six slow answers remain.
    expect(byId.get('latency-outlier:count_ports')?.count).toBe(6);
  });

  it('proposes a rewrite per tool from rules, citing the findings it answers', () => {
    const p = block?.proposals.find((x) => x.tool === 'get_ship');
    expect(p).toMatchObject({ source: 'rules', generator: 'rules/1' });
    expect(p?.answers.sort()).toEqual(
      [
        'argument-misuse:get_ship:ship',
        'error-text:get_ship',
        'output-schema:get_ship',
        'wrong-tool:get_ship:fetch_ship',
      ].sort(),
    );
    expect(p?.description).toMatch(/^Use this tool, not fetch_ship/);
    expect(p?.parameters[0]).toMatchObject({ name: 'ship', rename: 'shipId' });
    expect(p?.parameters[0]?.description).toMatch(
      /numeric id written as digits, as list_ships returns it in `ship`/,
    );
    expect(p?.serverChanges.join(' ')).toMatch(/error texts/);
  });

  it('emits nothing for a run with no drive trial', () => {
    const tapes = new FakeTapes()
      .listTools(TOOLS)
      .call({ corr: 'generate', tool: 'list_ships', structured: {} });
    expect(
      deriveFindings({ ...tapes.records(), suite: { tasks: TASKS, reserve: [], toolSafety: [] } }),
    ).toBeUndefined();
  });

  it('emits no finding for a clean drive', () => {
    const tapes = new FakeTapes().listTools(TOOLS.slice(0, 2));
    tapes
      .call({ corr: 't1', tool: 'list_ships', structured: {} })
      .call({ corr: 't1', tool: 'get_ship', args: { ship: '5201' }, structured: { shipyard: 'C' } });
    tapes.trialEnd('t1', true);
    const clean = deriveFindings({
      ...tapes.records(),
      suite: { tasks: TASKS, reserve: [], toolSafety: [] },
    });
    expect(clean?.findings).toEqual([]);
    expect(clean?.proposals).toEqual([]);
  });
});

describe('actionable', () => {
  const tool = TOOLS[1];
  it.each([
    ['Invalid input.', false],
    ['Error.', false],
    ['Something went wrong', false],
    ['ship must be a numeric id', true],
    ['no ship 9999', true],
    ['moved to get_ship', true],
    ['expected one of: north, south', true],
  ])('%s → %s', (text, expected) => {
    expect(
      actionable(
        text,
        tool,
        TOOLS.map((t) => t.name),
      ),
    ).toBe(expected);
  });
});
