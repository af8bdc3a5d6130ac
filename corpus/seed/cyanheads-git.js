// Seed of cyanheads-git (docs/corpus.md): a git repository (tide-tables/) with eight commits by four authors,
// two tags and a feature branch.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { target } from './lib/common.js';
import { tideRepo } from './lib/repo.js';

const repo = join(target(), 'tide-tables');
mkdirSync(repo);
tideRepo(repo);
