// @ts-check
/**
 * Planted shape: a repository server that needs a path given as context, with no annotations,
 * modelled on the git servers people install. Every tool takes `repo_path`, the repository a user
 * points the agent at; the server starts with no repository of its own and answers in git-style
 * text (`Commit:`, `Author:`, `Subject:` lines). `create_branch` sits beside the reads.
 * The repository the audit gives it is `examples/servers/data/harbour-repo` (a `.minigit` folder
 * with six commits); any other path is "not a repository".
 * Expected outcomes (stdio or HTTP):
 * - with `--given repo_path=<that folder>`: SCORED. explore/2 fills `repo_path` from the given
 *   context, harvests commit ids from `list_commits`, and reads each commit's lines with `show_commit`;
 *   the prompts name the repository the way a user would.
 * - with no given context: INDETERMINATE (`no_usable_results`). Nothing tells exploration where the
 *   repository is, so every call it can make has a generated path and fails; the ledger says the
 *   required `repo_path` had no given or harvested value, which is a gap in what the run was told,
 *   not a thin surface.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { KEEP_ALIVE_MS, plantedServer, toolError } from './lib/planted.js';
import { serve } from './lib/serve.js';

/**
 * @typedef {{ id: string, author: string, date: string, subject: string, files: string[], reviewedBy: string, message: string }} Commit
 * @typedef {{ branches: { current: string, others: string[] }, commits: Commit[] }} Repository
 */

/**
 * @param {string} path
 * @returns {Repository | undefined}
 */
function open(path) {
  try {
    if (!statSync(join(path, '.minigit')).isDirectory()) return undefined;
    return JSON.parse(readFileSync(join(path, '.minigit', 'commits.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** @param {string} text */
function plain(text) {
  return { content: [{ type: /** @type {const} */ ('text'), text }] };
}

const repoPath = z.string().min(1).describe('absolute path of the repository on disk');

/** @param {import('@modelcontextprotocol/server').McpServer} server */
function register(server) {
  server.registerTool(
    'list_commits',
    {
      description:
        'List the commits of a repository, newest first, with the id, author and subject of each commit.',
      inputSchema: z.object({ repo_path: repoPath, max_count: z.number().int().min(1).max(50).optional() }),
    },
    async ({ repo_path, max_count }) => {
      const repo = open(repo_path);
      if (!repo) return toolError(`fatal: not a repository: ${repo_path}`);
      return plain(
        repo.commits
          .slice(0, max_count ?? 50)
          .map((c) => `Commit: ${c.id}\nAuthor: ${c.author}\nSubject: ${c.subject}`)
          .join('\n\n'),
      );
    },
  );
  server.registerTool(
    'show_commit',
    {
      description:
        'Show one commit of a repository by its commit id: author, date, subject, reviewer, the files it touched and its message.',
      inputSchema: z.object({ repo_path: repoPath, commit: z.string().min(4).describe('a commit id') }),
    },
    async ({ repo_path, commit }) => {
      const repo = open(repo_path);
      if (!repo) return toolError(`fatal: not a repository: ${repo_path}`);
      const c = repo.commits.find((x) => x.id.startsWith(commit));
      if (!c) return toolError(`fatal: bad revision '${commit}'`);
      return plain(
        [
          `Commit: ${c.id}`,
          `Author: ${c.author}`,
          `Date: ${c.date}`,
          `Subject: ${c.subject}`,
          `Reviewed-by: ${c.reviewedBy}`,
          `Files: ${c.files.join(', ')}`,
          '',
          `    ${c.message}`,
        ].join('\n'),
      );
    },
  );
  server.registerTool(
    'list_branches',
    {
      description: 'List the branches of a repository; an asterisk shows the current one.',
      inputSchema: z.object({ repo_path: repoPath }),
    },
    async ({ repo_path }) => {
      const repo = open(repo_path);
      if (!repo) return toolError(`fatal: not a repository: ${repo_path}`);
      return plain([`* ${repo.branches.current}`, ...repo.branches.others.map((b) => `  ${b}`)].join('\n'));
    },
  );
  server.registerTool(
    'create_branch',
    {
      description: 'Create a new branch in a repository from the current one.',
      inputSchema: z.object({ repo_path: repoPath, name: z.string().min(1) }),
    },
    async ({ repo_path }) =>
      open(repo_path)
        ? toolError('this demo repository is read-only')
        : toolError(`fatal: not a repository: ${repo_path}`),
  );
}

serve({
  keepAliveMs: KEEP_ALIVE_MS,
  factory: () => {
    const server = plantedServer('planted-repository');
    register(server);
    return server;
  },
});
