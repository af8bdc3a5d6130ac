// Seed of ccusage (docs/corpus.md): a Claude config folder (`claude/`, named by CLAUDE_CONFIG_DIR)
// with four Claude Code sessions whose assistant turns carry token usage, in two projects.
import { join } from 'node:path';
import { target } from './lib/common.js';
import { writeClaudeHome } from './lib/transcripts.js';

writeClaudeHome(join(target(), 'claude'));
