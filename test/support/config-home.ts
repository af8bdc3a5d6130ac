import { tmpdir } from 'node:os';
import { isAbsolute, relative } from 'node:path';

/**
 * Runs before every test file: the config directory (publisher key, trust file) must be the
 * throwaway one global-setup made, so no test ever reads or writes the real ~/.config.
 */
const home = process.env.XDG_CONFIG_HOME;
const rel = home === undefined ? '..' : relative(tmpdir(), home);
if (home === undefined || rel.startsWith('..') || isAbsolute(rel)) {
  throw new Error(`XDG_CONFIG_HOME must be a temporary directory in tests, got ${home ?? '(unset)'}`);
}
