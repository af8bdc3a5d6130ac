// Makes a git repository with commits by several authors at fixed dates (docs/corpus.md): the same
// inputs give the same commit hashes on every machine.
import { execFileSync } from 'node:child_process';
import { writeTree } from './common.js';

export function gitRepo(dir, commits, { branches = [] } = {}) {
  const env0 = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_SYSTEM: '/dev/null' };
  const git = (args, env = {}) =>
    execFileSync('git', args, { cwd: dir, env: { ...env0, ...env }, stdio: 'pipe' });
  git(['init', '-q', '-b', 'main']);
  for (const c of commits) {
    if (c.branch) git(['checkout', '-q', '-B', c.branch]);
    writeTree(dir, c.files);
    git(['add', '-A']);
    const [name, email] = c.author;
    const when = `${c.date}T10:00:00+00:00`;
    git(['commit', '-q', '-m', c.message], {
      GIT_AUTHOR_NAME: name,
      GIT_AUTHOR_EMAIL: email,
      GIT_COMMITTER_NAME: name,
      GIT_COMMITTER_EMAIL: email,
      GIT_AUTHOR_DATE: when,
      GIT_COMMITTER_DATE: when,
    });
    if (c.tag) git(['tag', c.tag]);
  }
  git(['checkout', '-q', 'main']);
  for (const b of branches) git(['branch', b]);
}
