import { homedir, tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { facts, readersOf, text } from '../../../test/support/suite/facts.js';
import { candidatesFrom, type Observation } from '../explore/candidates.js';
import { nameMatches } from '../explore/fit.js';
import { harvestResult } from '../explore/harvest.js';
import { placeTest } from '../explore/host-paths.js';
import { applyExtract } from '../extract.js';
import type { ToolResult } from '../surface.js';
import { MAX_FACT_NODES, MAX_FACT_TEXT, readFacts } from './document.js';
import { leavesOf } from './leaves.js';
import { documentOf } from './view.js';

describe('the fact layer reads every answer into one document', () => {
  it('JSON after a prefix, in a fence, and JSON strings holding JSON', () => {
    expect(facts(text('Found 2 tables:\n[{"name":"authors","rows":3},{"name":"books","rows":9}]'))).toEqual([
      { name: 'authors', rows: 3 },
      { name: 'books', rows: 9 },
    ]);
    expect(facts(text('```json\n{"ruleId":"no-unused-vars","line":4}\n```'))).toEqual({
      ruleId: 'no-unused-vars',
      line: 4,
    });
    expect(facts(text('{"result":"{\\"id\\":\\"k-7\\",\\"owner\\":\\"Maud Ferris\\"}"}'))).toEqual({
      result: { id: 'k-7', owner: 'Maud Ferris' },
    });
  });

  it('a result of two blocks whose second is JSON: the prose is commentary, the JSON the facts', () => {
    const doc = documentOf(
      text('Linted 1 file.', '[{"filePath":"a.js","messages":[{"ruleId":"no-undef","line":3}]}]'),
    );
    expect(doc).toMatchObject({ source: 'facts' });
    expect(doc?.document).toEqual([{ filePath: 'a.js', messages: [{ ruleId: 'no-undef', line: 3 }] }]);
  });

  it('a table without outer pipes under a count line is a table, not YAML folding its lines', () => {
    const listing = [
      '3 rules:',
      '  ID  |  Description  |  Level',
      '  ---|---|---',
      '  text/img-alt  |  Images must have alternate text.  |  A',
      '  media/captions  |  Video needs captions via <track>.  |  A',
      '  adaptable/lists  |  Lists hold items only.  |  AA',
    ].join('\n');
    expect(readersOf(text(listing))).toEqual(['markdown']);
    expect(facts(text(listing))).toEqual([
      { ID: 'text/img-alt', Description: 'Images must have alternate text.', Level: 'A' },
      { ID: 'media/captions', Description: 'Video needs captions via <track>.', Level: 'A' },
      { ID: 'adaptable/lists', Description: 'Lists hold items only.', Level: 'AA' },
    ]);
  });

  it('Markdown: sections under headings, tables as rows, lists as names, labels as fields', () => {
    const md = [
      '# Tobias Quill',
      '',
      '**Role:** Engineer',
      '**Home port**: Saltmere',
      '',
      '## Vessels',
      '',
      '| id | name | tonnage |',
      '| --- | --- | --- |',
      '| v-1 | Kestrel | 410 |',
      '| v-2 | Heron | 388 |',
      '',
      '## Ports',
      '',
      '- Saltmere',
      '- Vigo',
    ].join('\n');
    expect(facts(text(md))).toEqual({
      'Tobias Quill': {
        Role: 'Engineer',
        'Home port': 'Saltmere',
        Vessels: [
          { id: 'v-1', name: 'Kestrel', tonnage: '410' },
          { id: 'v-2', name: 'Heron', tonnage: '388' },
        ],
        Ports: ['Saltmere', 'Vigo'],
      },
    });
  });

  it('repeated labels are records: a git log is a list of commits', () => {
    const log = [
      'commit 3f2a9c1',
      'Author: Maud Ferris <maud@example.org>',
      'Date:   Mon Nov 30 10:00:00 2026 +0000',
      '',
      '    Add tide tables',
      '',
      'commit 9b07e44',
      'Author: Tobias Quill <tq@example.org>',
      'Date:   Sun Nov 29 09:00:00 2026 +0000',
      '',
      '    Fix fender piles',
    ].join('\n');
    const doc = facts(text(log));
    expect(doc).toEqual([
      { commit: '3f2a9c1', Author: 'Maud Ferris <maud@example.org>', Date: 'Mon Nov 30 10:00:00 2026 +0000' },
      { commit: '9b07e44', Author: 'Tobias Quill <tq@example.org>', Date: 'Sun Nov 29 09:00:00 2026 +0000' },
    ]);
  });

  it('prose whose lines start with one word is not a list of records', () => {
    expect(
      readFacts(
        text('The harbour opens at six and closes at ten.\nThe ferry to Vigo leaves at nine every day.'),
      ),
    ).toBeUndefined();
    // One real label line does not make sentences records: "This" starts prose, not a value.
    const described = [
      'This workflow answers questions about the tide tables.',
      'This setup needs a harbour account.',
      'Benefits: fewer missed sailings',
    ].join('\n');
    expect(facts(text(described))).toEqual({ Benefits: 'fewer missed sailings' });
  });

  it('CSV and TSV under a header; a one-line comma list; YAML with nesting', () => {
    expect(facts(text('date,high,low\n2026-11-30,06:42,12:58\n2026-12-01,07:31,13:47'))).toEqual([
      { date: '2026-11-30', high: '06:42', low: '12:58' },
      { date: '2026-12-01', high: '07:31', low: '13:47' },
    ]);
    expect(facts(text('port\tcountry\nVigo\tSpain\nCork\tIreland'))).toEqual([
      { port: 'Vigo', country: 'Spain' },
      { port: 'Cork', country: 'Ireland' },
    ]);
    expect(facts(text('herbarium,tide-tables'))).toEqual(['herbarium', 'tide-tables']);
    expect(facts(text('vessel:\n  name: Kestrel\n  crew:\n    - Maud\n    - Tobias\n'))).toEqual({
      vessel: { name: 'Kestrel', crew: ['Maud', 'Tobias'] },
    });
  });

  it('front matter and the note body after it', () => {
    expect(
      facts(text('---\ntitle: Tide tables\ntags: [coast]\n---\n# Notes\n\nKeeper: Maud Ferris\n')),
    ).toEqual({
      'front matter': { title: 'Tide tables', tags: ['coast'] },
      Notes: { Keeper: 'Maud Ferris' },
    });
  });

  it('a plain short answer is a fact by itself; prose is not', () => {
    expect(facts(text('2024-02 has 29 days'))).toEqual({ answer: '2024-02 has 29 days' });
    expect(
      readFacts(text(`${'A long line of prose. '.repeat(10)}\nand a second line of it.`)),
    ).toBeUndefined();
  });

  it('is bounded before parsing, and over its node cap it is no tree, with the reason', () => {
    const huge = readFacts(text('x'.repeat(MAX_FACT_TEXT + 1)));
    expect(huge).toMatchObject({ ok: false, reason: expect.stringContaining('characters') });
    const wide = readFacts(text(Array.from({ length: MAX_FACT_NODES }, (_, i) => `- ${i}`).join('\n')));
    expect(wide).toMatchObject({ ok: false, reason: expect.stringContaining('nodes') });
    const deep = readFacts(text(`note: ${'['.repeat(10_000)}1${']'.repeat(10_000)}`));
    expect(deep?.ok === true ? leavesOf(deep.document).length : 0).toBeLessThan(2);
    const brackets = readFacts(text('['.repeat(150_000)));
    expect(brackets?.ok).not.toBe(true);
  });
});

describe('facts are handles and keys', () => {
  const tool = { name: 'list_vessels', description: 'Lists the vessels.', inputSchema: { type: 'object' } };
  const obs = (result: ToolResult): Observation => ({
    index: 0,
    tool,
    args: {},
    plan: [{ tool: 'list_vessels', arguments: {} }],
    lead: 'the list_vessels tool',
    named: [],
    result,
    hop: 0,
  });

  it('a Markdown table row gives keys with sibling decoys, read back by the same pointer', () => {
    const result = text(
      '| id | name | home port |\n| --- | --- | --- |\n| v-1 | Kestrel | Saltmere |\n| v-2 | Heron | Vigo |\n| v-3 | Tern | Cork |',
    );
    const candidates = candidatesFrom(obs(result), { context: [], given: [] });
    const port = candidates.find((c) => c.observedKey === 'Saltmere');
    expect(port?.extract).toEqual({ kind: 'pointer', pointer: '/0/home port', source: 'facts' });
    expect(port?.prompt).toContain('whose name is "Kestrel"');
    if (port === undefined) throw new Error('no candidate');
    expect(applyExtract(port.extract, result)).toEqual({ ok: true, value: 'Saltmere' });
  });

  it('a structured field holding a JSON file is read as the file: its fields are keys, read back', () => {
    const content = JSON.stringify({
      name: 'greenhouse-plots',
      version: '0.3.1',
      dependencies: { zod: '^3.23.8' },
    });
    const result: ToolResult = {
      content: [{ type: 'text', text: JSON.stringify({ path: '/srv/p/package.json', content, size: 1580 }) }],
      structuredContent: { path: '/srv/p/package.json', content, size: 1580 },
    };
    expect(documentOf(result)?.document).toMatchObject({ content: { version: '0.3.1' } });
    const candidates = candidatesFrom(obs(result), { context: [], given: [] });
    const zod = candidates.find((c) => c.observedKey === '^3.23.8');
    expect(zod?.extract).toEqual({
      kind: 'pointer',
      pointer: '/content/dependencies/zod',
      source: 'structured',
    });
    if (zod === undefined) throw new Error('no candidate');
    expect(applyExtract(zod.extract, result)).toEqual({ ok: true, value: '^3.23.8' });
  });

  it('a path is where to look when it is a place on this machine; a route the server named is data', () => {
    const rules = {
      rules: [
        { id: 'rule-01', url: '/api/v2/stations', folder: tmpdir() },
        { id: 'rule-02', url: '/api/v2/rentals', folder: homedir() },
      ],
    };
    const result: ToolResult = {
      content: [{ type: 'text', text: JSON.stringify(rules) }],
      structuredContent: rules,
    };
    const keys = (place?: (path: string) => boolean) =>
      candidatesFrom(obs(result), { context: [], given: [], ...(place ? { place } : {}) }).map(
        (c) => c.observedKey,
      );
    expect(keys(placeTest())).toEqual(expect.arrayContaining(['/api/v2/stations', '/api/v2/rentals']));
    expect(keys(placeTest())).not.toContain(tmpdir());
    // With no way to look, every absolute path is taken for a place, as before.
    expect(keys()).not.toContain('/api/v2/stations');
  });

  it('a GraphQL schema is read by its parser: definitions named by name, fields with their types', () => {
    const sdl = [
      'type Loan {',
      '  id: ID!',
      '  copy: Copy!',
      '  issued: Date!',
      '}',
      '',
      'type Copy {',
      '  barcode: String!',
      '  status: CopyStatus!',
      '}',
      '',
      'enum CopyStatus {',
      '  ON_SHELF',
      '  ON_LOAN',
      '}',
    ].join('\n');
    const result = text(sdl);
    expect(readFacts(result)).toMatchObject({ ok: true, readers: ['graphql'] });
    expect(documentOf(result)?.document).toEqual([
      { name: 'Loan', kind: 'type', fields: { id: 'ID!', copy: 'Copy!', issued: 'Date!' } },
      { name: 'Copy', kind: 'type', fields: { barcode: 'String!', status: 'CopyStatus!' } },
      { name: 'CopyStatus', kind: 'enum', values: ['ON_SHELF', 'ON_LOAN'] },
    ]);
    const keys = candidatesFrom(obs(result), { context: [], given: [] }).map((c) => c.observedKey);
    expect(keys).toContain('CopyStatus!');
    for (const key of keys) expect(String(key)).not.toMatch(/\{$/);
    // Text that only looks like it is no schema: the lines are read as before.
    expect(readersOf(text('type Loan {\n  id: ID!'))).not.toContain('graphql');
  });

  it('a value whose brackets do not pair is a fragment, never a key', () => {
    const rows = {
      months: [
        { name: 'January rota', code: 'JAN-ROTA', sample: "['January', 'February', 'Ma" },
        { name: 'Loan desk', code: 'LOAN-DESK', sample: 'Loan {' },
      ],
    };
    const result: ToolResult = {
      content: [{ type: 'text', text: JSON.stringify(rows) }],
      structuredContent: rows,
    };
    const keys = candidatesFrom(obs(result), { context: [], given: [] }).map((c) => c.observedKey);
    expect(keys).toEqual(expect.arrayContaining(['January rota', 'JAN-ROTA']));
    expect(keys).not.toContain('Loan {');
    expect(keys).not.toContain("['January', 'February', 'Ma");
  });

  it('a text the server cut short (an ellipsis at either end) is a fragment, never a key', () => {
    const rows = {
      components: [
        { name: 'MazBtn', summary: '...with built-in animations and loaders' },
        { name: 'MazCard', summary: 'A card for grouped content, with a header…' },
        { name: 'MazInput', summary: 'A text field with validation states' },
      ],
    };
    const result: ToolResult = {
      content: [{ type: 'text', text: JSON.stringify(rows) }],
      structuredContent: rows,
    };
    const keys = candidatesFrom(obs(result), { context: [], given: [] }).map((c) => c.observedKey);
    expect(keys).toContain('A text field with validation states');
    expect(keys).not.toContain('...with built-in animations and loaders');
    expect(keys).not.toContain('A card for grouped content, with a header…');
  });

  it('list members and table cells feed the next tool’s parameters', () => {
    const harvested = harvestResult({
      obs: 0,
      tool: 'list_projects',
      args: {},
      result: text('herbarium,tide-tables'),
    });
    expect(harvested.map((h) => [h.value, h.field])).toEqual([
      ['herbarium', 'name'],
      ['tide-tables', 'name'],
    ]);
    expect(nameMatches('projectName', 'name', 'list_projects')).toBe(true);
    const bullets = harvestResult({
      obs: 0,
      tool: 'list_notes',
      args: {},
      result: text('# Notes in vault\n\n- tides.md\n- herbs.md'),
    });
    expect(bullets.map((h) => [h.value, h.listing])).toEqual([
      ['tides.md', 'Notes in vault'],
      ['herbs.md', 'Notes in vault'],
    ]);
  });
});

describe('several blocks', () => {
  it('blocks of one shape are a list of parts, each named by its own fields', () => {
    const doc = facts(
      text(
        '{"filePath":"a.js","messages":[{"ruleId":"no-var"}]}',
        '{"filePath":"b.js","messages":[{"ruleId":"eqeqeq"}]}',
      ),
    );
    expect(doc).toEqual([
      { filePath: 'a.js', messages: [{ ruleId: 'no-var' }] },
      { filePath: 'b.js', messages: [{ ruleId: 'eqeqeq' }] },
    ]);
  });
  it('objects with no field in common are one record split over blocks', () => {
    expect(facts(text('Name: Kestrel', 'Tonnage: 410'))).toEqual({ Name: 'Kestrel', Tonnage: '410' });
  });
});

describe('label lines', () => {
  it('a label is a name: a signature whose brackets open before the colon is no label', () => {
    expect(readersOf(text('book(isbn: String!): Book\nloan(id: ID!): Loan'))).toEqual([]);
    // Under a `type` line the same lines are a GraphQL schema, read by its parser.
    expect(facts(text('type Query {\n  book(isbn: String!): Book\n  loan(id: ID!): Loan\n}'))).toEqual([
      { name: 'Query', kind: 'type', fields: { book: 'Book', loan: 'Loan' } },
    ]);
    expect(facts(text('Owner (acting): Ines Marlow\nStore room: Shed 4'))).toEqual({
      'Owner (acting)': 'Ines Marlow',
      'Store room': 'Shed 4',
    });
  });
});

describe('a fact tree holds JSON values', () => {
  it('a number YAML would read as infinite stays the text it was written as', () => {
    expect(facts(text('Session ID: 8e412345\nsession:\n  owner: Ines Marlow\n  limit: .inf'))).toEqual({
      'Session ID': '8e412345',
      session: { owner: 'Ines Marlow', limit: '.inf' },
    });
  });
});
