import { describe, expect, it } from 'vitest';
import { exploreWith } from '../../../test/support/suite/explore.js';
import { text } from '../../../test/support/suite/facts.js';
import type { GivenValue } from '../given.js';
import type { ToolCaller, ToolSurface } from '../surface.js';

const repo = '/srv/tide-tables';
const commits = [
  {
    hash: '38469e33a044c8b69bddbda4194cbe73961eeb5c',
    author: 'Chen Wei',
    subject: 'Document the release process',
  },
  { hash: 'b9ea49e3192286ca747d0200ca1a59f85a9691b5', author: 'Amara Okafor', subject: 'Add Bergen' },
  {
    hash: 'da75c3c350321be717f0f4aae837610ef3996461',
    author: 'Luca Ferri',
    subject: 'Render the weekly table',
  },
];
const repoPath = { repo_path: { type: 'string', description: 'Path to the repository' } };

/** A git-like server: a one-line log, a show by revision, and a diff between two revisions. */
function gitLike() {
  const surface: ToolSurface = {
    tools: [
      {
        name: 'git_log',
        description: 'Shows the commit log',
        inputSchema: { type: 'object', properties: repoPath, required: ['repo_path'] },
      },
      {
        name: 'git_show',
        description: 'Shows the contents of a commit',
        inputSchema: {
          type: 'object',
          properties: { ...repoPath, revision: { type: 'string' } },
          required: ['repo_path', 'revision'],
        },
      },
      {
        name: 'git_diff',
        description: 'Shows the differences with a target',
        inputSchema: {
          type: 'object',
          properties: { ...repoPath, target: { type: 'integer', minimum: 1000 } },
          required: ['repo_path', 'target'],
        },
      },
    ],
  };
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  const caller: ToolCaller = async (name, args) => {
    calls.push({ name, args });
    if (args.repo_path !== repo)
      return { kind: 'result', result: { ...text('not a git repository'), isError: true } };
    if (name === 'git_log')
      return {
        kind: 'result',
        result: text(commits.map((c) => `${c.hash} ${c.author} ${c.subject}`).join('\n')),
      };
    const commit = commits.find((c) => c.hash === args.revision);
    if (name === 'git_show' && commit !== undefined)
      return {
        kind: 'result',
        result: text(
          `commit ${commit.hash}\nAuthor: ${commit.author}\nDate: 2024-03-29\n\n    ${commit.subject}\n`,
        ),
      };
    return {
      kind: 'result',
      result: { ...text(`bad revision ${String(args.revision ?? args.target)}`), isError: true },
    };
  };
  return { surface, caller, calls };
}

const given: GivenValue[] = [{ name: 'cwd', value: repo, origin: 'derived', source: 'cwd', kind: 'dir' }];

describe('explore/2 on a one-line log', () => {
  it('follows each listed hash to the tool that shows it, and keys come from what it shows', async () => {
    const git = gitLike();
    const result = await exploreWith(git.surface, git.caller, { given });
    const shown = git.calls.filter((c) => c.name === 'git_show').map((c) => c.args.revision);
    expect(shown).toEqual(expect.arrayContaining(commits.map((c) => c.hash)));
    const keys = result.candidates.map((c) => c.observedKey);
    expect(keys).toEqual(expect.arrayContaining(commits.map((c) => c.author)));
    // The log line holds the author, so the chain through it would give the key away: the show
    // is asked for directly, by its hash, and no prompt names its own key.
    for (const c of result.candidates) expect(c.prompt).not.toContain(String(c.observedKey));
    const byAuthor = result.candidates.find((c) => c.observedKey === 'Chen Wei');
    expect(byAuthor?.plan).toEqual([
      { tool: 'git_show', arguments: { repo_path: repo, revision: commits[0]?.hash } },
    ]);
  });

  it('a given value fills every parameter it fits, even when another has nothing but a generated value', async () => {
    const git = gitLike();
    const result = await exploreWith(git.surface, git.caller, { given });
    const diffs = git.calls.filter((c) => c.name === 'git_diff');
    expect(diffs.length).toBeGreaterThan(0);
    for (const call of diffs) expect(call.args.repo_path).toBe(repo);
    expect(result.ledger.tools.find((t) => t.tool === 'git_diff')?.generatedOnly).toEqual(['target']);
  });
});

describe('a listed identifier and a parameter that names its kind', () => {
  it('a request id never fills taskId: that parameter takes a task id, found by name', async () => {
    const surface: ToolSurface = {
      tools: [
        {
          name: 'list_requests',
          description: 'Lists all requests',
          inputSchema: { type: 'object', properties: {} },
        },
        {
          name: 'open_task_details',
          description: 'Gets the details of a task',
          inputSchema: { type: 'object', properties: { taskId: { type: 'string' } }, required: ['taskId'] },
        },
      ],
    };
    const calls: Record<string, unknown>[] = [];
    const caller: ToolCaller = async (name, args) => {
      if (name === 'list_requests')
        return { kind: 'result', result: text('[{"requestId":"req-1","title":"Tide tables"}]') };
      calls.push(args);
      return { kind: 'result', result: text('{"status":"task_not_found","message":"No such task found"}') };
    };
    const result = await exploreWith(surface, caller);
    expect(calls.some((args) => args.taskId === 'req-1')).toBe(false);
    expect(result.candidates.map((c) => c.observedKey)).not.toContain('task_not_found');
  });
});

describe('a parameter named for what a listing lists', () => {
  const vessels = [
    { vesselId: '5201', name: 'Morning Gannet' },
    { vesselId: '5202', name: 'Saint Brannoc' },
  ];
  const surface: ToolSurface = {
    tools: [
      {
        name: 'list_vessels',
        description: 'Lists every vessel in the fleet',
        inputSchema: { type: 'object', properties: {} },
      },
      {
        name: 'get_vessel',
        description: 'Fetches one vessel',
        inputSchema: { type: 'object', properties: { vessel: { type: 'string' } }, required: ['vessel'] },
      },
    ],
  };
  const fleet = (accepts: 'vesselId' | 'name') => {
    const calls: Record<string, unknown>[] = [];
    const caller: ToolCaller = async (name, args) => {
      if (name === 'list_vessels') return { kind: 'result', result: text(JSON.stringify({ vessels })) };
      calls.push(args);
      const found = vessels.find((v) => v[accepts] === args.vessel);
      return found === undefined
        ? { kind: 'result', result: { content: [{ type: 'text', text: 'Invalid input.' }], isError: true } }
        : { kind: 'result', result: text(JSON.stringify({ shipyard: `Yard of ${found.name}` })) };
    };
    return { calls, caller };
  };

  it('takes the listed identifier once every listed name went unanswered', async () => {
    const { calls, caller } = fleet('vesselId');
    const result = await exploreWith(surface, caller);
    // The names come first (they fit `vessel` by the listing's noun); refused, the ids follow.
    const sent = calls.map((a) => String(a.vessel));
    expect(sent.slice(0, 2).sort()).toEqual(['Morning Gannet', 'Saint Brannoc']);
    expect(sent.slice(2).sort()).toEqual(['5201', '5202']);
    expect(result.ledger.tools.find((t) => t.tool === 'get_vessel')).toMatchObject({ calls: 4, errors: 2 });
  });

  it('spends no call on an identifier while a listed name is answered', async () => {
    const { calls, caller } = fleet('name');
    await exploreWith(surface, caller);
    expect(calls.map((a) => a.vessel).sort()).toEqual(['Morning Gannet', 'Saint Brannoc']);
  });
});
