import { describe, expect, it } from 'vitest';
import { library, librarySurface } from '../../../test/support/suite/library.js';
import { surfaceSafety } from '../destructive.js';
import type { ToolCaller } from '../surface.js';
import { admitCandidates } from './admit.js';
import { MADE_UP_TEXT, madeUpArguments } from './input-independence.js';

const changelog = {
  name: 'component_changelog',
  description: 'Shows the changelog of one component.',
  inputSchema: {
    type: 'object',
    properties: { component: { type: 'string' }, locale: { type: 'string', enum: ['en', 'zh'] } },
    required: ['component'],
  },
  annotations: { readOnlyHint: true },
};

const customers = {
  name: 'customer_data',
  description: 'Returns customer data with segment information.',
  inputSchema: {
    type: 'object',
    properties: { segment: { type: 'string', enum: ['All', 'SMB', 'Startup'] } },
  },
  annotations: { readOnlyHint: true },
};
/** An audit whose heading line names the component it was asked about and says the same of any. */
const audit = {
  name: 'audit_chart',
  description: 'Audits a chart component for mobile risks.',
  inputSchema: { type: 'object', properties: { component: { type: 'string' } }, required: ['component'] },
  annotations: { readOnlyHint: true },
};
/** A store read from wherever the server was started: the folder it is given is ignored. */
const rules = {
  name: 'list_rules',
  description: 'Lists the configured rules of a workspace.',
  inputSchema: {
    type: 'object',
    properties: { workspaceRoot: { type: 'string' } },
    required: ['workspaceRoot'],
  },
  annotations: { readOnlyHint: true },
};
const RULES = [
  { id: 'rule-01', url: '/stations', method: 'GET' },
  { id: 'rule-02', url: '/rentals', method: 'POST' },
  { id: 'rule-03', url: '/quotes', method: 'PUT' },
];
const LEGEND = { SMB: '#1e40af', Startup: '#047857' };
const PEOPLE = [
  { id: 'cust-0001', name: 'Atlas Soft', segment: 'Startup' },
  { id: 'cust-0002', name: 'Vertex Logic', segment: 'SMB' },
  { id: 'cust-0003', name: 'Keel Partners', segment: 'SMB' },
];
/** A task board whose listing shows each task's description beside its id; the detail adds notes. */
const board = {
  name: 'list_board',
  description: 'Lists the tasks on the board.',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
};
const detail = {
  name: 'task_detail',
  description: 'Shows one task in full.',
  inputSchema: { type: 'object', properties: { taskId: { type: 'string' } }, required: ['taskId'] },
  annotations: { readOnlyHint: true },
};
const TASKS = [
  { id: 't-41', description: 'Load the harbour constants.', notes: 'Bergen checked against the almanac.' },
  { id: 't-42', description: 'Render the weekly tables.', notes: 'Daylight saving needs a test.' },
];

/**
 * The library, plus a tool that answers every component the same way, in a language we have no
 * phrases for, and one whose every answer carries the same legend whatever segment it is asked for.
 */
function servers(): { caller: ToolCaller; calls: { name: string; args: Record<string, unknown> }[] } {
  const lib = library();
  const caller: ToolCaller = async (name, args) => {
    if (name === 'customer_data') {
      lib.calls.push({ name, args });
      const people = PEOPLE.filter((p) => args.segment === undefined || p.segment === args.segment);
      const body = JSON.stringify({ legend: LEGEND, customers: people });
      return { kind: 'result', result: { content: [{ type: 'text', text: body }] } };
    }
    if (name === 'list_board' || name === 'task_detail') {
      lib.calls.push({ name, args });
      const body =
        name === 'list_board'
          ? { tasks: TASKS.map(({ id, description }) => ({ id, description })) }
          : { task: TASKS.find((t) => t.id === args.taskId) };
      return { kind: 'result', result: { content: [{ type: 'text', text: JSON.stringify(body) }] } };
    }
    if (name === 'list_rules') {
      lib.calls.push({ name, args });
      return {
        kind: 'result',
        result: { content: [{ type: 'text', text: JSON.stringify({ rules: RULES }) }] },
      };
    }
    if (name === 'audit_chart') {
      lib.calls.push({ name, args });
      const text = `PASS ${String(args.component)}: mobile visualization audit\nWarnings: ${args.component === 'LineChart' ? 1 : 0}`;
      return { kind: 'result', result: { content: [{ type: 'text', text }] } };
    }
    if (name !== 'component_changelog') return lib.caller(name, args);
    lib.calls.push({ name, args });
    return { kind: 'result', result: { content: [{ type: 'text', text: 'undefined 组件不存在' }] } };
  };
  return { caller, calls: lib.calls };
}

async function fate(candidate: Record<string, unknown>) {
  const surface = librarySurface();
  surface.tools.push(changelog, customers, rules, audit, board, detail);
  const { caller, calls } = servers();
  const [entry] = await admitCandidates([candidate], {
    surface,
    safety: surfaceSafety(surface),
    allowDestructive: false,
    caller,
  });
  return { verdict: entry?.verdict, calls };
}

describe('key-input-independent: a key the tool gives for made-up inputs is not about the data', () => {
  it('rejects an answer the tool gives whatever component it is asked about', async () => {
    const { verdict, calls } = await fate({
      id: 'c-any',
      prompt:
        'Using the tool that shows the changelog of one component with component "Table", what is the answer?',
      expectedTools: ['component_changelog'],
      plan: [{ tool: 'component_changelog', arguments: { component: 'Table', locale: 'zh' } }],
      extract: { kind: 'regex', pattern: '^(.+)$' },
      check: { kind: 'contains' },
      serverRequiredBecause: 'changelogs are only on the server',
    });
    expect(verdict).toMatchObject({ admitted: false, rule: 'key-input-independent' });
    // The made-up call changed the free text only; the declared choice stayed as planned.
    expect(calls.at(-1)).toEqual({
      name: 'component_changelog',
      args: { component: MADE_UP_TEXT, locale: 'zh' },
    });
  });

  it('rejects a key the made-up input gets under another label (the label carried the input)', async () => {
    const { verdict } = await fate({
      id: 'c-audit',
      prompt:
        'Using the tool that audits a chart component with component "LineChart", what is the PASS LineChart?',
      expectedTools: ['audit_chart'],
      plan: [{ tool: 'audit_chart', arguments: { component: 'LineChart' } }],
      extract: { kind: 'pointer', pointer: '/PASS LineChart', source: 'facts' },
      check: { kind: 'contains' },
      serverRequiredBecause: 'the audit is the server’s',
    });
    expect(verdict).toMatchObject({ admitted: false, rule: 'key-input-independent' });
    expect(verdict?.admitted === false && verdict.detail).toMatch(
      /under another label, "mobile visualization audit"/,
    );
  });

  it('admits a key the made-up input does not get (the tool looked the input up)', async () => {
    const { verdict, calls } = await fate({
      id: 'c-card',
      prompt:
        'Using the tool that shows the biography card of an author with surname "Ashdown", what is the first book?',
      expectedTools: ['author_card'],
      plan: [{ tool: 'author_card', arguments: { surname: 'Ashdown' } }],
      extract: { kind: 'pointer', pointer: '/First book', source: 'facts' },
      check: { kind: 'contains' },
      serverRequiredBecause: 'author cards are only in the catalogue',
    });
    expect(verdict).toMatchObject({ admitted: true, task: { answerKey: 'Meridian of Owls' } });
    expect(calls).toContainEqual({ name: 'author_card', args: { surname: MADE_UP_TEXT } });
  });

  it('admits a key that picks one entry of a listing the tool gives whatever the input: its siblings are the data', async () => {
    const { verdict, calls } = await fate({
      id: 'c-rules',
      prompt:
        'Using the tool that lists the configured rules of a workspace with workspaceRoot "/srv/mock", what is the method of the rule whose url is "/rentals"?',
      expectedTools: ['list_rules'],
      plan: [{ tool: 'list_rules', arguments: { workspaceRoot: '/srv/mock' } }],
      extract: { kind: 'pointer', pointer: '/rules/1/method', source: 'text-json' },
      check: { kind: 'contains' },
      serverRequiredBecause: 'the rules are only in the store',
    });
    expect(verdict).toMatchObject({
      admitted: true,
      task: { answerKey: 'POST', keyBasis: 'discriminating' },
    });
    // Nothing was made up: a key its siblings discriminate is the data's, whatever the input selects.
    expect(JSON.stringify(calls)).not.toContain(MADE_UP_TEXT);
  });

  it('makes up only free text: numbers, declared choices and empty values stay, and nothing to make up is no call', () => {
    const schema = changelog.inputSchema;
    expect(madeUpArguments({ component: 'Table', locale: 'en', page: 2 }, schema)).toEqual({
      component: MADE_UP_TEXT,
      locale: 'en',
      page: 2,
    });
    expect(madeUpArguments({ tags: ['a', 'b'] }, {})).toEqual({ tags: [MADE_UP_TEXT] });
    expect(madeUpArguments({ id: 4103, locale: 'en', note: '' }, schema)).toBeUndefined();
  });
});

/** A chained customer task: Vertex Logic's segment handed to a second call, then `question` asked of it. */
const segmentTask = (id: string, question: string, pointer: string) => ({
  id,
  prompt: `Using the tool that returns customer data, find the entry whose name is "Vertex Logic". Then, using it with the segment of that entry, what is ${question}?`,
  expectedTools: ['customer_data'],
  plan: [
    { tool: 'customer_data', arguments: {} },
    {
      tool: 'customer_data',
      arguments: { segment: { $from: { step: 0, pointer: '/customers/1/segment' } } },
    },
  ],
  extract: { kind: 'pointer', pointer, source: 'text-json' },
  check: { kind: 'contains' },
  serverRequiredBecause: 'customers are the server’s',
});

describe('key-input-independent: a key the chain’s earlier call already answered', () => {
  it('rejects it without a call: the handle carried to the last call selected nothing', async () => {
    const { verdict, calls } = await fate(segmentTask('c-legend', 'the legend SMB', '/legend/SMB'));
    expect(verdict).toMatchObject({ admitted: false, rule: 'key-input-independent' });
    expect(verdict?.admitted === false && verdict.detail).toMatch(
      /step 0 \(customer_data\) already answered "#1e40af"/,
    );
    // The plan and its stability re-run, and no made-up call: the rule needed none.
    expect(calls.filter((c) => c.name === 'customer_data')).toHaveLength(4);
    expect(JSON.stringify(calls)).not.toContain(MADE_UP_TEXT);
  });

  it('keeps a chained key only the last call brings', async () => {
    const { verdict } = await fate(
      segmentTask('c-person', 'the id of the second customer', '/customers/1/id'),
    );
    // The listing shows cust-0003 too, but in another entry than the one the handle is taken from.
    expect(verdict).toMatchObject({ admitted: true, task: { answerKey: 'cust-0003' } });
  });

  it('rejects a key the listing already shows in the record the question names by a quoted value', async () => {
    const { verdict } = await fate(
      segmentTask(
        'c-named',
        'the id of the entry in customers whose name is "Keel Partners"',
        '/customers/1/id',
      ),
    );
    expect(verdict).toMatchObject({ admitted: false, rule: 'key-input-independent' });
    expect(verdict?.admitted === false && verdict.detail).toMatch(
      /step 0 \(customer_data\) already shows "cust-0003" in the record the question names/,
    );
  });

  const detailTask = (field: string) => ({
    id: `c-task-${field}`,
    prompt: `Using the tool that lists the tasks on the board, take the id of the first task. Then, using the tool that shows one task in full with that id, what is its ${field}?`,
    expectedTools: ['list_board', 'task_detail'],
    plan: [
      { tool: 'list_board', arguments: {} },
      { tool: 'task_detail', arguments: { taskId: { $from: { step: 0, pointer: '/tasks/0/id' } } } },
    ],
    extract: { kind: 'pointer', pointer: `/task/${field}`, source: 'text-json' },
    check: { kind: 'contains' },
    serverRequiredBecause: 'the tasks are the server’s',
  });

  it('rejects a key the listing already shows beside the handle it passes on (another pointer)', async () => {
    const { verdict } = await fate(detailTask('description'));
    expect(verdict).toMatchObject({ admitted: false, rule: 'key-input-independent' });
    expect(verdict?.admitted === false && verdict.detail).toMatch(
      /step 0 \(list_board\) already shows "Load the harbour constants\." in the entry the chain takes its handle from/,
    );
  });

  it('keeps a field of the same entry that only the detail call brings', async () => {
    const { verdict } = await fate(detailTask('notes'));
    expect(verdict).toMatchObject({
      admitted: true,
      task: { answerKey: 'Bergen checked against the almanac.' },
    });
  });
});
