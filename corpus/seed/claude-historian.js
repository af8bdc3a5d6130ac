// Seed of claude-historian (docs/corpus.md): a home folder whose `.claude/` holds four Claude Code
// sessions in two projects and two plans; the server reads `~/.claude`, so the roster sets HOME.
import { join } from 'node:path';
import { target } from './lib/common.js';
import { writeClaudeHome } from './lib/transcripts.js';

writeClaudeHome(join(target(), '.claude'));
