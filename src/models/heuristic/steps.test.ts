import type { ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { type Call, mcpTool, run, structured, text } from '../../../test/support/models/heuristic-tools.js';
import { choosingWords, handedField, statedSteps, withoutHandOff } from './steps.js';

describe('reading the steps a task states', () => {
  it('splits at a sentence that orders itself after the one before, and nowhere else', () => {
    expect(
      statedSteps('Using the list tool, take its id. Then, using the get tool with that id, what is x?'),
    ).toEqual(['Using the list tool, take its id.', 'Then, using the get tool with that id, what is x?']);
    expect(statedSteps('List them. Next get one. Finally count.')).toHaveLength(3);
    expect(statedSteps('What is the thing, and then the other?')).toEqual([
      'What is the thing, and then the other?',
    ]);
  });

  it('chooses a tool by the words a task says about it, not by the values it quotes', () => {
    expect(choosingWords('shows history with directory "/work/tree" and "diff"')).not.toMatch(/work|diff/);
    expect(choosingWords(`it's "a" and 'b'`)).toContain("it's");
  });

  it('names the field a step hands on, in the earlier step or the later one', () => {
    expect(handedField('Using the list tool, take its name.', 'Then, using … with that name')).toBe('name');
    expect(handedField('take its "id" field.', 'Then …')).toBe('"id" field');
    expect(
      handedField('find the entry whose name is "b".', 'Then, using … with the path of that entry'),
    ).toBe('path');
    expect(handedField('find the entry whose name is "b".', 'Then, using … for it')).toBeUndefined();
  });
});

const DESIGNS = {
  designs: [
    { name: 'sensor-head', path: '/d/sensor-head.json' },
    { name: 'tide-logger', path: '/d/tide-logger.json' },
  ],
};

/** A listing whose entries are reached by a path, and a lookup that takes only that path. */
function designServer(calls: Call[], listing = 'List all design projects in the given directory'): ToolSet {
  const design = { type: 'string' };
  return {
    list_designs: mcpTool(
      calls,
      'list_designs',
      listing,
      { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      () => structured(DESIGNS),
    ),
    query_component: mcpTool(
      calls,
      'query_component',
      'Get full component details including all pin connections',
      { type: 'object', properties: { design, refdes: { type: 'string' } }, required: ['design', 'refdes'] },
      (args) =>
        String(args.design).startsWith('/d/')
          ? structured({
              refdes: args.refdes,
              mpn: args.design === '/d/tide-logger.json' ? 'STM32L4' : 'ATSAMD21',
            })
          : { ...text('Unsupported design file format. Use list_designs() first.'), isError: true },
    ),
  };
}

/** A listing of plain names, and a search of notes (its description names notes and vaults). */
function vaultServer(calls: Call[]): ToolSet {
  return {
    'list-available-vaults': mcpTool(
      calls,
      'list-available-vaults',
      'Lists all available vaults that can be used with other tools',
      { type: 'object', properties: {} },
      () => text('Available vaults:\n  - field-notes'),
    ),
    'search-vault': mcpTool(
      calls,
      'search-vault',
      'Search for specific content within vault notes (NOT for listing available vaults)',
      {
        type: 'object',
        properties: { vault: { type: 'string' }, query: { type: 'string' } },
        required: ['vault', 'query'],
      },
      (args) =>
        args.vault === 'field-notes'
          ? structured({
              matches: [
                { file: 'a.md', 'line 2': 'tide gauge' },
                { file: 'b.md', 'line 2': 'tide table' },
              ],
            })
          : { ...text(`Unknown vault: ${String(args.vault)}`), isError: true },
    ),
  };
}

describe('the heuristic model doing a task step by step', () => {
  it('calls each step’s tool with that step’s values and the entry field it is told to hand on', async () => {
    const calls: Call[] = [];
    const result = await run(
      'Using the tool that lists all design projects in the given directory with path "/d", find the entry in ' +
        'designs whose name is "tide-logger". Then, using the tool that gets full component details with the ' +
        'path of that entry with refdes "U3", what is the "mpn" field? Reply with the value itself.',
      designServer(calls),
    );
    expect(calls).toEqual([
      { tool: 'list_designs', args: { path: '/d' } },
      { tool: 'query_component', args: { design: '/d/tide-logger.json', refdes: 'U3' } },
    ]);
    expect(result.text).toContain('STM32L4');
  });

  it('hands on a listed name, and reads the question only against the last step', async () => {
    const calls: Call[] = [];
    const result = await run(
      'Using the tool that lists all available vaults that can be used with other tools, take its name. Then, ' +
        'using the tool that searches for specific content within vault notes (NOT for listing available vaults) ' +
        'with that name with query "tide", what is the line 2 of the entry whose file is "b.md"? Reply with the value itself.',
      vaultServer(calls),
    );
    expect(calls).toEqual([
      { tool: 'list-available-vaults', args: {} },
      { tool: 'search-vault', args: { vault: 'field-notes', query: 'tide' } },
    ]);
    expect(result.text).toBe('tide table');
  });

  it('hands on the field the listing’s description says the next tool takes', async () => {
    const task =
      'Using the tool that lists all design projects in the given directory with path "/d", find the entry in ' +
      'designs whose name is "tide-logger". Then, using the tool that gets full component details for that ' +
      'entry with refdes "U3", what is the "mpn" field?';
    const told: Call[] = [];
    const result = await run(
      task,
      designServer(
        told,
        'List all design projects, one path each. That path is the design every other tool takes.',
      ),
    );
    expect(told[1]).toEqual({
      tool: 'query_component',
      args: { design: '/d/tide-logger.json', refdes: 'U3' },
    });
    expect(result.text).toContain('STM32L4');
    // Told nothing, it hands on the entry's name, as a handle, and the lookup fails.
    const untold: Call[] = [];
    await run(task, designServer(untold));
    expect(untold[1]?.args.design).toBe('tide-logger');
  });

  it('stops at a step whose call failed and answers from what it has', async () => {
    const calls: Call[] = [];
    const tools = designServer(calls);
    const result = await run(
      'Using the tool that lists all design projects in the given directory with path "/d", find the entry in ' +
        'designs whose name is "tide-logger". Then, using the tool that gets full component details with ' +
        'refdes "U3", what is the "mpn" field? Then, using the tool that lists all design projects with path "/e", what is it?',
      tools,
    );
    expect(calls.map((c) => c.tool)).toEqual(['list_designs', 'query_component']);
    // The last usable result is the listing: the failed lookup's text is not an answer.
    expect(result.text).toContain('tide-logger.json');
    expect(result.text).not.toContain('Unsupported');
  });
});

describe('the heuristic model choosing a tool', () => {
  it('goes by what the task says the tool does, not by words inside the values it quotes', async () => {
    const calls: Call[] = [];
    const schema = { type: 'object', properties: { directory: { type: 'string' } }, required: ['directory'] };
    const tools: ToolSet = {
      'git-log': mcpTool(calls, 'git-log', 'Shows commit history', schema, () =>
        structured({ commits: [{ id: '887bb43', text: 'Label template' }] }),
      ),
      'git-diff': mcpTool(
        calls,
        'git-diff',
        'Shows differences between commits, branches, or working directory',
        schema,
        () => text('No differences found'),
      ),
    };
    const result = await run(
      'Using the tool that shows commit history with directory "/work/runs/working-tree", what is the text of the ' +
        'entry whose "id" field is "887bb43"? Reply with the value itself.',
      tools,
    );
    expect(calls).toEqual([{ tool: 'git-log', args: { directory: '/work/runs/working-tree' } }]);
    expect(result.text).toBe('Label template');
  });
});

describe('the heuristic model naming a tool by what it says it does', () => {
  const schema = { type: 'object', properties: { epic_id: { type: 'string' }, status: { type: 'string' } } };
  const listing = (key: string) => () =>
    structured({ [key]: [{ id: `${key}-1`, title: 'Sensor network upkeep' }] });
  it('takes the tool whose whole leading sentence the task repeats, and reads a quoted name as a label', async () => {
    const calls: Call[] = [];
    const tools: ToolSet = {
      get_tasks: mcpTool(
        calls,
        'get_tasks',
        'List tasks with optional filtering. Returns minimal fields by default; use fields for the status, priority, epic, entry id and title of each.',
        schema,
        listing('tasks'),
      ),
      get_epics: mcpTool(
        calls,
        'get_epics',
        'List epics with optional filtering by status and priority',
        schema,
        listing('epics'),
      ),
      list_stories: mcpTool(
        calls,
        'list_stories',
        'List stories with optional filtering by epic and status',
        schema,
        listing('stories'),
      ),
    };
    const result = await run(
      'Using the tool that lists epics with optional filtering by status and priority, what is the "id" field of ' +
        'the entry in epics whose title is "Sensor network upkeep"? Reply with the value itself.',
      tools,
    );
    expect(calls).toEqual([{ tool: 'get_epics', args: {} }]);
    expect(result.text).toBe('epics-1');
  });
});

describe('the heuristic model handing on a field the task names', () => {
  it('takes the entry the earlier step singles out, and never the field’s name as a value', async () => {
    const calls: Call[] = [];
    const files = [
      {
        filePath: '/p/a.js',
        errorCount: 1,
        warningCount: 3,
        messages: [{ ruleId: 'eqeqeq', message: 'Use ===.' }],
      },
      {
        filePath: '/p/b.js',
        errorCount: 3,
        warningCount: 0,
        messages: [{ ruleId: 'no-var', message: 'Unexpected var.' }],
      },
    ];
    const tools: ToolSet = {
      'lint-files': mcpTool(
        calls,
        'lint-files',
        'Lint files using ESLint',
        {
          type: 'object',
          properties: { filePaths: { type: 'array', items: { type: 'string' } } },
          required: ['filePaths'],
        },
        (args) => {
          const paths = (args.filePaths as string[]) ?? [];
          return structured(paths[0] === '/p' ? files : files.filter((f) => paths.includes(f.filePath)));
        },
      ),
    };
    const result = await run(
      'Using the tool that lint files using ESLint with filePaths ["/p"], find the entry whose error count is 3. Then, ' +
        'using the tool that lint files using ESLint with the file path of that entry, what is the rule id of the ' +
        'entry in messages whose message is "Unexpected var."? Reply with the value itself.',
      tools,
    );
    expect(calls.map((c) => c.args)).toEqual([{ filePaths: ['/p'] }, { filePaths: ['/p/b.js'] }]);
    expect(result.text).toBe('no-var');
  });
});

describe('the field a later step names', () => {
  it('is the words right before "of that entry", not a run back to the tool clause', () => {
    const later =
      'Then, using the tool that lint files using ESLint with the file path of that entry, what is x?';
    expect(handedField('find the entry whose error count is 3.', later)).toBe('file path');
    expect(withoutHandOff(later)).toBe(
      'Then, using the tool that lint files using ESLint with that entry, what is x?',
    );
  });
});
