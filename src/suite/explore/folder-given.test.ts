import { describe, expect, it } from 'vitest';
import { exploreWith } from '../../../test/support/suite/explore.js';
import { text } from '../../../test/support/suite/facts.js';
import { type GivenValue, givenTexts } from '../given.js';
import type { ToolCaller, ToolDescriptor } from '../surface.js';

const root = '/srv/greenhouse';
const given: GivenValue[] = [
  { name: 'cwd', value: root, origin: 'derived', source: 'cwd', kind: 'dir' },
  {
    name: 'src/plots.ts',
    value: `${root}/src/plots.ts`,
    origin: 'derived',
    source: 'in cwd',
    kind: 'file',
    in: 'cwd',
  },
];
const diagnostics: ToolDescriptor = {
  name: 'get_diagnostics',
  description: 'Gets the diagnostics of one file',
  inputSchema: { type: 'object', properties: { filePath: { type: 'string' } }, required: ['filePath'] },
};
const listing: ToolDescriptor = {
  name: 'list_files',
  description: 'Lists the files of the project',
  inputSchema: { type: 'object', properties: {} },
};

function server() {
  const calls: { name: string; hop: number; args: Record<string, unknown> }[] = [];
  let listed = false;
  const caller: ToolCaller = async (name, args) => {
    calls.push({ name, hop: listed ? 1 : 0, args });
    if (name === 'list_files') {
      listed = true;
      return { kind: 'result', result: text(JSON.stringify({ files: [`${root}/src/rota.ts`] })) };
    }
    return {
      kind: 'result',
      result: text(JSON.stringify({ errors: 2, first: `TS2322 at ${String(args.filePath)}` })),
    };
  };
  return { calls, caller };
}

describe('a file found in a folder the registration names', () => {
  it('fills a file parameter the server gave nothing for, in place of its folder', async () => {
    const { calls, caller } = server();
    await exploreWith({ tools: [diagnostics] }, caller, { given });
    const sent = calls.map((c) => c.args.filePath);
    expect(sent).toContain(`${root}/src/plots.ts`);
    // A folder is not sent where a file is asked once a file inside it is known.
    expect(sent).not.toContain(root);
  });

  it('waits while a file the server listed fits: the budget goes on what the server gave', async () => {
    const { calls, caller } = server();
    await exploreWith({ tools: [diagnostics, listing] }, caller, { given });
    const sent = calls.filter((c) => c.name === 'get_diagnostics').map((c) => c.args.filePath);
    expect(sent).toContain(`${root}/src/rota.ts`);
    expect(sent).not.toContain(`${root}/src/plots.ts`);
  });
});

describe('a bare path on a tool that reads one thing', () => {
  it('still takes the named folder: a file found inside it does not push the folder out', async () => {
    const log: ToolDescriptor = {
      name: 'git_log',
      description: 'Shows the commit log of a repository',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    };
    const { calls, caller } = server();
    await exploreWith({ tools: [log] }, caller, { given });
    expect(calls.map((c) => c.args.path)).toContain(root);
  });
});

describe('a file given where a folder is asked', () => {
  it('is never sent: the folder parameter keeps the folder', async () => {
    const tool: ToolDescriptor = {
      name: 'get_diagnostics',
      description: 'Gets the diagnostics of one file of a project',
      inputSchema: {
        type: 'object',
        properties: { root: { type: 'string' }, filePath: { type: 'string' } },
        required: ['root', 'filePath'],
      },
    };
    const { calls, caller } = server();
    await exploreWith({ tools: [tool] }, caller, { given });
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.args.root).toBe(root);
  });
});

describe('the given values a prompt may name', () => {
  it('are what was given or derived, not every file found in a folder', () => {
    expect(givenTexts(given)).toEqual([root]);
  });
});
