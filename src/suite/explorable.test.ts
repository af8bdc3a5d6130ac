import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../test/support/explorable-policy.js';
import { surfaceSafety, toolSafety } from './destructive.js';
import { applyPolicy, inferredReadOnly, unknownAssertions } from './explorable.js';
import type { ToolDescriptor, ToolSurface } from './surface.js';

const tool = (
  name: string,
  description: string,
  annotations?: ToolDescriptor['annotations'],
): ToolDescriptor => ({
  name,
  description,
  inputSchema: { type: 'object', properties: {} },
  ...(annotations ? { annotations } : {}),
});

const surface: ToolSurface = {
  tools: [
    tool('read_graph', 'Read the entire knowledge graph', { readOnlyHint: true }),
    tool('list_tables', 'List all tables in the database.'),
    tool('describe_table', 'Describe one table: the name and type of each column.'),
    tool('get_and_delete_job', 'Get a job and remove it from the queue.'),
    tool('run_query', 'Run a SQL query.'),
    tool('list_commits', 'List the commits of a repository, with the id of each commit.'),
    tool('show_status', 'Show the status; it is marked stale after an hour.'),
    tool('fetch_page', 'Fetch a page.', { readOnlyHint: false }),
    tool('get_secret', 'Get a secret.', { destructiveHint: true }),
    tool('archive_notes', 'Moves notes to the archive.'),
  ],
};

function decide(policy = DEFAULT_POLICY) {
  return new Map(applyPolicy(surface, surfaceSafety(surface), policy).map((s) => [s.tool, s]));
}

describe('the explorable-tools policy', () => {
  it('records a basis for every tool: declared, inferred, or not read-only with the reason', () => {
    const s = decide();
    expect(s.get('read_graph')).toMatchObject({ basis: 'declared', explorable: true, readOnly: true });
    expect(s.get('list_tables')).toMatchObject({
      basis: 'inferred',
      explorable: true,
      readOnly: true,
      destructive: false,
    });
    expect(s.get('describe_table')).toMatchObject({ basis: 'inferred', explorable: true });
    expect(s.get('list_commits')).toMatchObject({ basis: 'inferred', explorable: true });
    for (const name of ['get_and_delete_job', 'run_query', 'show_status', 'archive_notes'])
      expect(s.get(name), name).toMatchObject({
        basis: 'none',
        explorable: false,
        readOnly: false,
        destructive: true,
      });
    expect(s.get('fetch_page')).toMatchObject({ basis: 'none', basisDetail: 'declares readOnlyHint: false' });
    expect(s.get('get_secret')).toMatchObject({
      basis: 'none',
      basisDetail: 'declares destructiveHint: true',
    });
  });

  it('never infers against a declared hint, and --no-infer-read-only turns inference off', () => {
    const off = decide({ ...DEFAULT_POLICY, infer: false });
    expect(off.get('list_tables')).toMatchObject({ explorable: false, basis: 'none' });
    expect(off.get('list_tables')?.basisDetail).toMatch(/--no-infer-read-only/);
    expect(off.get('read_graph')).toMatchObject({ explorable: true, basis: 'declared' });
  });

  it('takes the owner at their word for --read-only tools, and says which named tools do not exist', () => {
    const s = decide({ ...DEFAULT_POLICY, asserted: ['run_query', 'no_such_tool'] });
    expect(s.get('run_query')).toMatchObject({ basis: 'asserted', explorable: true, readOnly: true });
    expect(
      unknownAssertions(surface, { ...DEFAULT_POLICY, asserted: ['run_query', 'no_such_tool'] }),
    ).toEqual(['no_such_tool']);
  });

  it('--allow-destructive explores every tool and keeps its destructiveness', () => {
    const s = decide({ ...DEFAULT_POLICY, allowDestructive: true });
    expect(s.get('archive_notes')).toMatchObject({
      explorable: true,
      basis: 'allow-destructive',
      destructive: true,
    });
    expect(s.get('list_tables')).toMatchObject({ basis: 'inferred' });
  });

  it("lets a judge's reading only narrow the set", () => {
    const judged = surface.tools.map((t) =>
      toolSafety(
        t,
        t.name === 'list_tables'
          ? { tool: t.name, readOnly: false, destructive: true, reason: 'it truncates the log' }
          : { tool: t.name, readOnly: true, destructive: false, reason: 'reads' },
      ),
    );
    const s = new Map(applyPolicy(surface, judged, DEFAULT_POLICY).map((x) => [x.tool, x]));
    expect(s.get('list_tables')).toMatchObject({ explorable: false, basis: 'none' });
    expect(s.get('list_tables')?.basisDetail).toMatch(/judge read it as destructive/);
    // A judge that calls everything safe does not widen: run_query stays not explorable.
    expect(s.get('run_query')).toMatchObject({ explorable: false });
  });
});

describe('the inference rule', () => {
  it.each([
    [
      'list_allowed_directories',
      'Returns the list of directories that this server is allowed to access.',
      true,
    ],
    ['read_text_file', 'Read the complete contents of a file from the file system as text.', true],
    ['search_nodes', 'Search for nodes in the knowledge graph based on a query', true],
    ['get_current_time', 'Get the current time in one of the harbour time zones.', true],
    ['convert_time', 'Convert a wall-clock time in one zone to another.', true],
    ['git_log', 'Shows the commit logs', true],
    ['read_query', 'Execute SELECT queries to read data from the database', true],
    [
      'read_multiple_files',
      "Read the files. Failed reads for individual files won't stop the entire operation.",
      true,
    ],
    ['search_notes', "Search the notes (don't put secrets in the query)", true],
    ['execute_sql', 'Execute any SQL statement', false],
    ['write_file', 'Create a new file or completely overwrite an existing file.', false],
    ['list_and_update', 'List rows.', false],
    ['get_booking', 'Get a booking and cancel it when asked.', false],
    ['get_booking', 'Get each booking of a passenger.', true],
    // A wh-clause says what the answer reports; a hyphenated word acts by its last part.
    [
      'get_history',
      'Get version history. Each commit shows who made the change, what was changed, and when.',
      true,
    ],
    ['show_plan', 'Show how the rows would be modified, without changing them.', true],
    ['parse_url', 'Fetch a web page, extract its text, and auto-create chunks.', false],
    ['fetch_page', 'Fetch a page and re-create its summary.', false],
    ['check_flags', 'Check the read-only flags of a volume.', true],
    // A verb that makes the answer the tool returns (a list, a report) changes nothing stored.
    ['list_tasks', 'Generate structured task lists, including status tracking and priorities', true],
    ['plan_tasks', 'Generate tasks for the project from its requirements', false],
    // What a tool returns is what it reads; a participle opening a clause, or "to be" after a noun, describes.
    ['erc20', 'Make a token. Returns the source code, formatted in a Markdown code block.', true],
    ['modules', 'Returns an overview and a list of modules to be exported.', true],
    ['erase', 'Returns the count of rows it deleted, and deletes them.', false],
  ])('%s: %s → %s', (name, description, readOnly) => {
    expect(inferredReadOnly(tool(name, description)).readOnly).toBe(readOnly);
  });

  // A tool whose argument chooses among actions does what its most changing action does.
  const withAction = (
    name: string,
    description: string,
    param: string,
    actions: string[],
  ): ToolDescriptor => ({
    ...tool(name, description),
    inputSchema: { type: 'object', properties: { [param]: { type: 'string', enum: actions } } },
  });
  it.each([
    [
      withAction('git-bisect', 'Binary search through commit history to find bugs', 'action', [
        'start',
        'bad',
        'good',
        'reset',
        'status',
      ]),
      false,
    ],
    [withAction('watchers', 'Show the watchers', 'op', ['list', 'poll', 'create']), false],
    [
      withAction('datetime', 'Get the current time, convert timezones and format dates', 'action', [
        'now',
        'convert',
        'format',
      ]),
      true,
    ],
    [withAction('list_issues', 'List the issues', 'sort', ['created', 'updated']), true],
  ])('%o → read-only %s', (described, readOnly) => {
    const inferred = inferredReadOnly(described);
    expect(inferred.readOnly).toBe(readOnly);
    if (!readOnly) expect(inferred.detail).toMatch(/among the actions its "(action|op)" argument chooses/);
  });
});

describe('compute tools', () => {
  const clock: ToolSurface = {
    tools: [
      tool('convert_time', 'Convert time between timezones'),
      tool('get_current_time', 'Get current time in a specific timezones'),
      tool('add', 'Add two numbers'),
      tool('add_observations', 'Add new observations to existing entities in the knowledge graph'),
      tool('calculate', 'Calculates/evaluates a mathematical expression', { readOnlyHint: false }),
    ],
  };
  const s = new Map(applyPolicy(clock, surfaceSafety(clock), DEFAULT_POLICY).map((x) => [x.tool, x]));

  it('are explorable with their own reason, and a clock says its answer depends on the time', () => {
    expect(s.get('convert_time')).toMatchObject({
      basis: 'inferred',
      basisReason: 'computes',
      explorable: true,
    });
    expect(s.get('add')).toMatchObject({ basis: 'inferred', basisReason: 'computes', explorable: true });
    expect(s.get('convert_time')?.timeDependent).toBeUndefined();
    expect(s.get('get_current_time')).toMatchObject({
      basis: 'inferred',
      basisReason: 'reads',
      timeDependent: true,
    });
    expect(s.get('get_current_time')?.basisDetail).toMatch(/depends on the current time/);
  });

  it('a compute verb on stored objects writes, and a declared hint is never inferred against', () => {
    expect(s.get('add_observations')).toMatchObject({ basis: 'none', explorable: false });
    expect(s.get('calculate')).toMatchObject({ basis: 'none', basisDetail: 'declares readOnlyHint: false' });
  });
});
