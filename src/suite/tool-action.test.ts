import { describe, expect, it } from 'vitest';
import type { ToolDescriptor } from './surface.js';
import { type ToolActionKind, toolAction } from './tool-action.js';

const tool = (
  name: string,
  description: string,
  properties: Record<string, unknown> = {},
): ToolDescriptor => ({
  name,
  description,
  inputSchema: { type: 'object', properties },
});

const action = (name: string, description: string, others: string[] = []): ToolActionKind =>
  toolAction(tool(name, description), others).action;

describe('what a real tool does, by its name and the sentences of its description', () => {
  it.each([
    // Reads: the name's read verb decides, and nothing in the description writes.
    ['read_query', 'Execute SELECT queries to read data from the database', 'read'],
    ['read_query', 'Execute a SELECT query on the SQLite database', 'read'],
    ['query', 'Execute a read-only SQL query and return results', 'read'],
    ['list_tables', 'List all tables in the SQLite database', 'read'],
    ['describe_table', 'Get the schema information for a specific table', 'read'],
    ['git_log', 'Shows the commit logs', 'read'],
    ['git_show', 'Shows the contents of a commit', 'read'],
    ['git_diff', 'Shows differences between branches or commits', 'read'],
    ['history', 'Shows commit history', 'read'],
    [
      'read_multiple_files',
      "Read the contents of multiple files simultaneously. This is more efficient than reading files one by one when you need to analyze or compare multiple files. Each file's content is returned with its path as a reference. Failed reads for individual files won't stop the entire operation. Only works within allowed directories.",
      'read',
    ],
    [
      'directory_tree',
      "Get a recursive tree view of files and directories as a JSON structure. Each entry includes 'name', 'type' (file/directory), and 'children' for directories. Files have no children array, while directories always have a children array (which may be empty). The output is formatted with 2-space indentation for readability. Only works within allowed directories.",
      'read',
    ],
    ['search_nodes', 'Search for nodes in the knowledge graph based on a query', 'read'],
    ['search_notes', "Search the notes (don't put secrets in the query)", 'read'],
    ['get_entry', 'Gets the entry. It does not modify or delete anything.', 'read'],
    ['get_files', 'Returns the files, which can be deleted later with delete_file', 'read'],
    ['get_current_time', 'Get current time in a specific timezones', 'read'],
    // An -s form of a verb in a name is a plural noun, never the name's verb.
    ['mastraChanges', 'Get changelog information for Mastra.ai packages.', 'read'],
    ['recent_updates', 'Lists the latest updates to the catalogue.', 'read'],
    // Computes: a value from its arguments, naming no stored object.
    ['convert_time', 'Convert time between timezones', 'compute'],
    ['convert_time', 'Convert a wall-clock time in one zone to another.', 'compute'],
    ['calculate', 'Calculates/evaluates a mathematical expression', 'compute'],
    ['add', 'Add two numbers', 'compute'],
    ['hash_text', 'Compute the SHA-256 hash of a text', 'compute'],
    // Writes: the name's write verb, or a write verb as the verb of a clause about the tool.
    ['write_query', 'Execute an INSERT, UPDATE, or DELETE query on the SQLite database', 'write'],
    ['create_table', 'Create a new table in the SQLite database', 'write'],
    [
      'delete_entities',
      'Delete multiple entities and their associated relations from the knowledge graph',
      'write',
    ],
    ['git_commit', 'Records changes to the repository', 'write'],
    ['move_file', 'Move or rename files and directories.', 'write'],
    [
      'edit_file',
      'Make line-based edits to a text file. Each edit replaces exact line sequences with new content.',
      'write',
    ],
    ['add_observations', 'Add new observations to existing entities in the knowledge graph', 'write'],
    ['excel_format_range', 'Format cells in the Excel sheet with style information', 'write'],
    ['json_to_parquet', 'Convert JSON data to Parquet format with compression', 'write'],
    ['query', 'Execute a raw SQL query against the database with optional parameter values', 'write'],
    ['tool', 'Deletes the file', 'write'],
    ['tool', 'Creates a new entity', 'write'],
    ['tool', 'Updates the record and returns it', 'write'],
    ['run_sql', 'Execute any SQL statement', 'write'],
    ['get_job', 'Get a job and remove it from the queue.', 'write'],
    ['get_file', 'Gets the file; the file is deleted after it is read.', 'write'],
    ['get_and_delete_job', 'Get a job.', 'write'],
    ['note_delete', 'A note, by its id.', 'write'],
    ['pendingChanges', 'Deletes the pending changes of a draft', 'write'],
    // Neither name nor description says: conservative.
    ['open_nodes', 'Open specific nodes in the knowledge graph by their names', 'undecided'],
    ['transaction', 'Execute multiple SQL statements within a transaction', 'write'],
    ['whatToEat', 'Tells you what to eat tonight', 'undecided'],
  ] as const)('%s: %s → %s', (name, description, expected) => {
    expect(action(name, description)).toBe(expected);
  });

  it('a clause about another tool of the surface says nothing about this one', () => {
    expect(action('search', 'Search the notes. Use write_note to create one.', ['write_note'])).toBe('read');
    expect(action('search', 'Search the notes. Use write_note to create one.')).toBe('write');
  });

  it('an instruction that sets one of its own arguments is not a write', () => {
    const t = tool('get_handoff', 'Returns the summary; set include_details=true for full output.', {
      include_details: { type: 'boolean' },
    });
    expect(toolAction(t).action).toBe('read');
    expect(
      toolAction(tool('get_handoff', 'Returns the summary; set include_details=true for full output.'))
        .action,
    ).toBe('write');
  });

  it('a compute verb with no object computes when every argument is a number', () => {
    expect(toolAction(tool('add', '', { a: { type: 'number' }, b: { type: 'number' } })).action).toBe(
      'compute',
    );
    expect(toolAction(tool('add', '', { entity: { type: 'string' } })).action).toBe('write');
  });

  it('a verb alone in the name takes its objects from a description that computes from values', () => {
    const input = { input: { type: 'string' } };
    expect(
      toolAction(tool('hash', 'Compute hash or HMAC of a string using MD5 or SHA256.', input)).action,
    ).toBe('compute');
    // Without such a clause a compute verb with no value object reads what the server holds.
    expect(toolAction(tool('hash', 'Returns the stored checksum of a file.', input)).action).toBe('read');
  });

  it('says when the answer depends on the current time', () => {
    expect(
      toolAction(tool('get_current_time', 'Get current time in a specific timezones')).timeDependent,
    ).toBe(true);
    expect(toolAction(tool('convert_time', 'Convert time between timezones')).timeDependent).toBe(false);
  });

  it('names the clause that decided', () => {
    expect(toolAction(tool('get_job', 'Get a job and remove it from the queue.')).detail).toBe(
      '"remove" in "remove it from the queue." is a write verb',
    );
    expect(toolAction(tool('run_sql', 'Execute any SQL statement')).detail).toMatch(/restricts it to reads/);
  });

  it('does not read a description longer than its cap, and decides nothing from it', () => {
    const long = `List the rows. ${'Filler words only. '.repeat(250)}`;
    expect(long.length).toBeGreaterThan(4_000);
    expect(action('list_rows', long)).toBe('undecided');
    expect(action('delete_rows', long)).toBe('write');
  });
});

describe('run and execute run whatever they are given only when the caller gives what they run', () => {
  it.each([
    // Given by the caller: code, a query, a statement, a script, a command, or one of its own parameters.
    ['query', 'Execute a query on the cloud warehouse', [], 'write'],
    ['query', 'Execute federated queries across several servers', [], 'write'],
    ['run', 'Execute the given script and show its output', [], 'write'],
    ['run', 'Runs the command and shows its output', ['command'], 'write'],
    ['run_it', 'Runs the payload and shows its output', ['payload'], 'write'],
    ['sql_tool', 'Execute SQL queries on the database', ['sql'], 'write'],
    // Restricted to reads by its clause: as before.
    ['sql_tool', 'Execute SELECT queries to read data from the database', ['sql'], 'read'],
    // Any other object keeps the conservative reading.
    ['migrate', 'Run the migrations and show the result', [], 'write'],
    ['lint', 'Run the checker on the given files and list the problems', [], 'write'],
    // One named program (a proper name, or a word of the tool's own name), or nothing: the rest decides.
    ['analyser-run', 'Run Knip and list the issues it finds', [], 'read'],
    ['acme-run', 'Run acme and list the issues', [], 'read'],
    ['report', 'Lists the issues. Adjust the config, run again until no issues remain.', [], 'read'],
    ['acme-run', 'Run Acme and return its hints', [], 'read'],
    ['acme-run', 'Run Acme', [], 'undecided'],
    ['acme-run', 'Run Acme and delete the cache', [], 'write'],
  ] as const)('%s: %s (parameters %j) → %s', (name, description, parameters, expected) => {
    const properties = Object.fromEntries(parameters.map((p) => [p, { type: 'string' }]));
    expect(toolAction(tool(name, description, properties)).action).toBe(expected);
  });
});

describe('a word blocks only as the main verb of a clause about what the tool does', () => {
  it.each([
    // A one-word item of a list of nouns is a noun, after commas as after and/or.
    ['report', 'Lists unused files, dependencies, exports, types and duplicates', 'read'],
    ['report', 'Shows the issues per type, i.e. dependencies, exports, types, etc.', 'read'],
    // An item after a clause that has a verb is a verb: a list of actions.
    ['get_file', 'Reads the file, updates', 'write'],
    ['snapshots', 'List, view, clone or rollback table snapshots', 'write'],
    ['execute', 'Execute a SQL statement that modifies data (INSERT, UPDATE, DELETE)', 'write'],
    // A bare participle in a condition names a state ("when truncated", "if omitted").
    ['list_rows', 'Lists the rows (a sample, to see the rest when truncated)', 'read'],
    ['list_rows', 'Lists the rows; the first page is shown unless archived', 'read'],
    // A condition with its own verb and no other subject is the tool's action.
    ['list_rows', 'Lists the rows after deleting the stale ones', 'write'],
    ['list_rows', 'Lists the rows when it deletes the stale ones', 'write'],
    // The items of a comma list continue the clause it hangs from: tasks the user asks for name no
    // action of the tool; a list that opens its sentence is the tool's own actions.
    [
      'read_document',
      'Read documentation for app development. When the user asks to perform a task such as implement, set up, configure, test, build, deploy, or submit, you MUST first call list_documents.',
      'read',
    ],
    ['records', 'Lists records. Create, update, delete records.', 'write'],
    ['records', 'Lists records, then updates, deletes or archives them.', 'write'],
    ['get_file', 'Gets a file. If the file exists, overwrite, truncate or append.', 'write'],
  ] as const)('%s: %s → %s', (name, description, expected) => {
    expect(action(name, description)).toBe(expected);
  });

  it('a viewer or session the server keeps for later calls is state it creates', () => {
    const viewer =
      'Open a document in an interactive viewer. Calling show_doc again creates a SEPARATE viewer with a different id.';
    expect(action('show_doc', viewer)).toBe('write');
    expect(action('show_doc', 'Shows the document. Calling it again does not create a new viewer.')).toBe(
      'read',
    );
  });
});
