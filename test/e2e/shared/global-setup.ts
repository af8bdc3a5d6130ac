import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { defaultSigningKeyPath } from '../../../src/tape/publisher.js';
import { loadOrCreateSigningKey } from '../../../src/tape/signature.js';
import { KEEP, PLANTED_AUDIT_DIR } from './keys.js';

/**
 * One directory per vitest invocation (and per watch-mode rerun) for the results several files share
 * (once.ts: the planted audit, planted-audit.ts, and the shared runs, shared-runs.ts). Nothing runs
 * here: each is made lazily by the first test file that asks, so a unit-only invocation pays nothing.
 * A failed one keeps the directory as evidence.
 */
export default function setup(project: TestProject): () => void {
  // The publisher key and trust file live under the config directory: every test (and every CLI
  // process a test starts, which inherits this environment) uses a throwaway one, never the real home.
  const configHome = mkdtempSync(join(tmpdir(), 'fr-config-home-'));
  process.env.XDG_CONFIG_HOME = configHome;
  // Made here, once, before any file runs: test files run at once in several workers, and two runs
  // signing first at the same moment would race to create it (the second would find it half written).
  loadOrCreateSigningKey(defaultSigningKeyPath());
  let dir = '';
  const fresh = () => {
    if (dir !== '') release(dir);
    dir = mkdtempSync(join(tmpdir(), 'e2e-planted-audit-'));
    project.provide(PLANTED_AUDIT_DIR, dir);
  };
  fresh();
  // Source may have changed between watch-mode reruns: never serve runs of an older build.
  project.onTestsRerun(fresh);
  return () => {
    release(dir);
    rmSync(configHome, { recursive: true, force: true });
  };
}

function release(dir: string): void {
  if (!existsSync(join(dir, KEEP))) rmSync(dir, { recursive: true, force: true });
}
