import { describe, expect, it } from 'vitest';
import { FakeTapes, fakeTask } from '../../test/support/findings-tapes.js';
import { FindingsBlock } from '../record/findings.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { deriveFindings } from './derive.js';

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});
const READ = { readOnlyHint: true, destructiveHint: false };

const TOOLS: ToolDescriptor[] = [
  { name: 'list_ships', description: 'Lists ships.', inputSchema: obj({}), annotations: READ },
  {
    name: 'get_ship',
    description: 'Fetches one ship.',
    inputSchema: obj({ ship: { type: 'string' }, fleet: { type: 'string' } }, ['ship']),
    annotations: READ,
  },
  { name: 'fetch_ship', description: 'Fetches one ship.', inputSchema: obj({}), annotations: READ },
];

const from = { $from: { step: 0, pointer: '/ships/0/ship' } };
// Every task's key is "answer" (fakeTask); t1's plan lists ships, then gets one by its id.
const TASKS = [
  fakeTask(
    't1',
    ['get_ship'],
    [
      ['list_ships', {}, {}],
      ['get_ship', { ship: from, fleet: 'north' }, { ship: '5201', fleet: 'north' }],
    ],
  ),
];

/** One drive trial per cause, each failing on its first try, and one that passes. */
function tapes(): FakeTapes {
  const t = new FakeTapes().listTools(TOOLS);
  t.call({ corr: 't1#1', tool: 'fetch_ship', structured: {} }).trialEnd('t1#1', false);
  t.call({
    corr: 't1#2',
    tool: 'get_ship',
    args: { ship: 'Morning Gannet', fleet: 'north' },
    error: 'Invalid input.',
  });
  t.trialEnd('t1#2', false);
  t.call({
    corr: 't1#3',
    tool: 'get_ship',
    args: { ship: '5201', fleet: 'north' },
    error: 'database is locked',
  });
  t.trialEnd('t1#3', false);
  t.call({ corr: 't1#4', tool: 'get_ship', args: { ship: '5201', fleet: 'north' }, pending: true });
  t.trialEnd('t1#4', false);
  t.call({ corr: 't1#5', tool: 'list_ships', structured: {} }).trialEnd('t1#5', false, 'steps');
  t.call({
    corr: 't1#6',
    tool: 'get_ship',
    args: { ship: '5201', fleet: 'north' },
    structured: { value: 'answer' },
  });
  t.trialEnd('t1#6', false);
  t.call({
    corr: 't1#7',
    tool: 'get_ship',
    args: { ship: '5201', fleet: 'north' },
    structured: { value: 'other' },
  });
  t.trialEnd('t1#7', false);
  t.call({ corr: 't1#8', tool: 'get_ship', args: { ship: '5201' }, structured: { value: 'other' } });
  t.trialEnd('t1#8', false);
  // Passed its check, but the trial event says the first try failed (an error on the way).
  t.call({
    corr: 't1#9',
    tool: 'get_ship',
    args: { ship: '5201', fleet: 'north' },
    error: 'try again later',
  });
  t.call({
    corr: 't1#9',
    tool: 'get_ship',
    args: { ship: '5201', fleet: 'north' },
    structured: { value: 'answer' },
  });
  t.trialEnd('t1#9', true, null, { firstTry: false });
  t.call({
    corr: 't1#10',
    tool: 'get_ship',
    args: { ship: '5201', fleet: 'north' },
    structured: { value: 'answer' },
  });
  t.trialEnd('t1#10', true, null, { firstTry: true });
  return t;
}

const derive = (explain?: boolean) =>
  deriveFindings(
    { ...tapes().records(), suite: { tasks: TASKS, reserve: [], toolSafety: [] } },
    explain === undefined ? {} : { explain },
  );

describe('explainFailures: every failed first try explained or listed', () => {
  const block = derive();
  const failures = block?.failures;
  const of = (trial: string) => failures?.trials.find((t) => t.trial === trial);

  it('lists every failed first try once, and a block the record schema accepts', () => {
    expect(FindingsBlock.safeParse(block).success).toBe(true);
    expect(failures?.trials.map((t) => t.trial)).toEqual([
      't1#1',
      't1#2',
      't1#3',
      't1#4',
      't1#5',
      't1#6',
      't1#7',
      't1#8',
      't1#9',
    ]);
    expect(failures?.failedFirstTry).toBe(9);
    expect(failures?.explained).toBe(8);
  });

  it('attributes each to its cause and to a finding of the block', () => {
    const ids = new Set(block?.findings.map((f) => f.id));
    expect(of('t1#1')).toMatchObject({ cause: 'wrong-tool', finding: 'wrong-tool:get_ship:fetch_ship' });
    expect(of('t1#2')).toMatchObject({ cause: 'argument', finding: 'argument-misuse:get_ship:ship' });
    expect(of('t1#2')?.text).toMatch(
      /another kind than the plan used; the server answered "Invalid input\."/,
    );
    expect(of('t1#3')).toMatchObject({ cause: 'server-error', finding: 'server-error:get_ship' });
    expect(of('t1#3')?.text).toMatch(/database is locked/);
    expect(of('t1#4')).toMatchObject({ cause: 'timeout', finding: 'timeout:get_ship' });
    expect(of('t1#4')?.text).toMatch(/never answered/);
    expect(of('t1#5')).toMatchObject({ cause: 'timeout', finding: 'timeout:get_ship' });
    expect(of('t1#5')?.text).toMatch(/budget/);
    expect(of('t1#6')).toMatchObject({ cause: 'unread-result', finding: 'unread-result:get_ship' });
    expect(of('t1#8')).toMatchObject({ cause: 'argument', finding: 'argument-misuse:get_ship:fleet' });
    expect(of('t1#8')?.text).toMatch(/never called with fleet \(the plan's last step passed "north"\)/);
    expect(of('t1#9')).toMatchObject({ cause: 'server-error', finding: 'server-error:get_ship' });
    for (const t of failures?.trials ?? []) if (t.finding) expect(ids.has(t.finding), t.finding).toBe(true);
  });

  it('lists an unexplained failure with its calls and its trial event as evidence', () => {
    const t = of('t1#7');
    expect(t?.cause).toBe('unexplained');
    expect(t?.finding).toBeUndefined();
    expect(t?.text).toMatch(
      /no answer of get_ship held the key \("answer"\), though it was called with the plan's own arguments/,
    );
    expect(t?.evidence.some((r) => r.startsWith('wire:'))).toBe(true);
    expect(t?.evidence.some((r) => r.startsWith('agent:'))).toBe(true);
  });

  it('writes a finding per new cause, counted in trials and quoting the server', () => {
    const byId = new Map(block?.findings.map((f) => [f.id, f]));
    expect(byId.get('server-error:get_ship')).toMatchObject({ kind: 'server-error', count: 2 });
    expect(byId.get('server-error:get_ship')?.summary).toMatch(/"database is locked", "try again later"/);
    expect(byId.get('timeout:get_ship')?.count).toBe(2);
    expect(byId.get('unread-result:get_ship')?.count).toBe(1);
    expect(byId.get('argument-misuse:get_ship:fleet')?.count).toBe(1);
  });

  it('without attribution (a record written before it) there is no failures block and no finding of it', () => {
    const old = derive(false);
    expect(old?.failures).toBeUndefined();
    expect(old?.findings.some((f) => ['server-error', 'timeout', 'unread-result'].includes(f.kind))).toBe(
      false,
    );
  });
});
