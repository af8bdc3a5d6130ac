import { describe, expect, it } from 'vitest';
import { librarySurface } from '../../../test/support/suite/library.js';
import { isEmptyStateText } from './empty-state.js';
import { keyConstant, keyEmptyState, keyEnvironmental, keyIsToolName } from './key-information.js';

describe('key-constant: a key equal for every sibling tells no entry from another', () => {
  it.each([
    ['main', ['main', 'main', 'Main ']],
    [4096, [4096, '4096']],
    ['Portugal', ['Portugal', 'portugal']],
    ['application/octet-stream', ['application/octet-stream']],
  ])('%s among %j is rejected', (key, siblings) => {
    expect(keyConstant(key, siblings)?.rule).toBe('key-constant');
  });
  it('a key whose siblings differ is discriminating, and a singleton is left to the other rules', () => {
    expect(keyConstant('Parveen Ashdown', ['Parveen Ashdown', 'Idris Vell'])).toBeUndefined();
    expect(keyConstant('Lisbon', [])).toBeUndefined();
  });
});

describe('key-environmental: a fact about the host or the harness is not the server’s data', () => {
  const host = [
    { what: "the runtime's openssl version", value: '3.0.15+quic' },
    { what: "the runtime's node version", value: '20.20.2' },
    { what: "the harness's client name", value: 'fitness-report' },
    { what: 'the host name', value: 'ci-runner-7' },
    { what: "the harness's session variable", value: 'FITNESS_REPORT_SESSION' },
  ];
  it.each([
    '3.0.15+quic',
    'v20.20.2',
    'fitness-report',
    'Fitness Report',
    'ci-runner-7',
    'FITNESS_REPORT_SESSION',
  ])('%s is rejected', (key) => expect(keyEnvironmental(key, host)?.rule).toBe('key-environmental'));
  it('data that merely contains a short host value, or nothing like it, passes', () => {
    expect(keyEnvironmental('Sensor network upkeep', host)).toBeUndefined();
    expect(
      keyEnvironmental('release notes for fitness-report users and their many teams', host),
    ).toBeUndefined();
    expect(keyEnvironmental(1234, host)).toBeUndefined();
  });
  it('a version the host runs, named inside a longer key, is the host’s: the runtime’s, or one in a variable', () => {
    const path = {
      what: 'the value of PATH',
      value: '/root/.pyenv/versions/3.11.7/bin:/usr/bin',
      unquoted: true,
    };
    expect(keyEnvironmental('Node.js v20.20.2', host)?.rule).toBe('key-environmental');
    expect(keyEnvironmental('Python 3.11.7', [...host, path])?.detail).toBe(
      'the key names a version from the value of PATH ("3.11.7"), not the server\'s data',
    );
    // A longer version, or one of fewer parts, is another value.
    expect(keyEnvironmental('release 20.20.21', host)).toBeUndefined();
    expect(keyEnvironmental('Python 3.11', [...host, path])).toBeUndefined();
  });
  it('names a variable of the environment without quoting its value', () => {
    const term = { what: 'the value of TERM', value: 'xterm-256color', unquoted: true };
    expect(keyEnvironmental('xterm-256color', [term])?.detail).toBe(
      "the key is the value of TERM, not the server's data",
    );
  });
});

describe('key-empty-state: the server saying it has nothing is not a value', () => {
  it.each([
    'No remote repositories configured',
    'No servers attached',
    'No results found',
    'no matches',
    '(empty)',
    'None',
    '0 items',
    'No value',
    'There are no tasks yet',
    'The graph is empty',
    '📄 No differences found',
    '> none',
  ])('%s', (text) => {
    expect(isEmptyStateText(text)).toBe(true);
    expect(keyEmptyState(text)?.rule).toBe('key-empty-state');
  });
  it.each([
    'Norway',
    'Notes on tide gauges',
    'No. 7 Harbour Road',
    'Nothingham Abbey',
    '2024-02 has 29 days',
    '📄 Notes on tide gauges',
  ])('%s is a value', (text) => expect(keyEmptyState(text)).toBeUndefined());
});

describe('a tool’s name is never a key', () => {
  it('rejects any tool name on the surface, in any case or separator', () => {
    const surface = librarySurface();
    const name = surface.tools[0]?.name ?? '';
    expect(keyIsToolName(name.toUpperCase().replace(/_/g, '-'), surface)?.rule).toBe('key-uninformative');
    expect(keyIsToolName('Parveen Ashdown', surface)).toBeUndefined();
  });

  it('rejects a text that names a tool: the server telling a caller how to use it', () => {
    const surface = librarySurface();
    surface.tools.push(
      { name: 'get_doc', inputSchema: { type: 'object' } },
      { name: 'invoke-api-endpoint', inputSchema: { type: 'object' } },
      { name: 'startCourse', inputSchema: { type: 'object' } },
      { name: 'search', inputSchema: { type: 'object' } },
    );
    for (const text of [
      'Use `get_doc` with name `maz-chart`',
      'Use INVOKE-API-ENDPOINT to call specific endpoints with the path parameter',
      'Please use the `startCourse` tool to register.',
    ])
      expect(keyIsToolName(text, surface)?.detail).toMatch(/^the key names the tool /);
    // A one-word tool meets its word in data by chance; part of a compound name is another word.
    expect(keyIsToolName('Search engines index the harbour pages', surface)).toBeUndefined();
    expect(keyIsToolName('get docs from the archive', surface)).toBeUndefined();
    expect(keyIsToolName('get_document_v2', surface)).toBeUndefined();
  });
});

describe('restatedInput: a key that echoes what we sent', () => {
  it('rejects a key whose only numbers are numbers we sent, and keeps one with facts of its own', async () => {
    const { restatedInput } = await import('./informative.js');
    expect(restatedInput('10 seconds', [10, 5])).toBe('10');
    expect(restatedInput('10 seconds', [7])).toBeUndefined();
    expect(restatedInput('Kestrel, launched 1990 at Saltmere yard', [1990])).toBeUndefined();
  });
});
