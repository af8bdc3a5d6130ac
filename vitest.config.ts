import { defineConfig } from 'vitest/config';
import { PlantedAuditSequencer } from './test/support/sequencer.js';

/** What both projects share (a project does not inherit the root's test options unless it extends them). */
const common = {
  // Real servers and processes run in e2e tests; give them room on a 2-core CI box.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  // Checks that global-setup pointed XDG_CONFIG_HOME (the publisher key) at a temporary directory.
  setupFiles: ['test/support/config-home.ts'],
};

export default defineConfig({
  test: {
    projects: [
      // The unit tests (src/) share their worker's module graph (`isolate: false`): importing the
      // library afresh for each of 136 files cost about 0.5 s a file, more than the tests themselves.
      // No unit test mocks a module; the few that set process.env or spy on console put them back.
      { test: { ...common, name: 'unit', include: ['src/**/*.test.ts'], isolate: false } },
      // The e2e and repository tests (test/) share their worker's module graph too: a fresh graph for
      // each of 56 files was about 4.5 s of imports a file (247 s of import time in one CI run against 63 s
      // shared; the suite's wall time 647 s against 543 s). No e2e file mocks a module or patches a
      // prototype; the one process.env write is the global setup's, made before any worker starts.
      { test: { ...common, name: 'e2e', include: ['test/**/*.test.ts'], isolate: false } },
    ],
    // Two test files at a time on two cores. Four kept the cores busier while e2e files waited on
    // their servers (344 s against 357 s with three, when the suite was a quarter of its size), but
    // the suite grew to 2000 tests and four files at a time oversubscribed the machine: the CI on
    // 439bb10 missed three deadlines a server, a browser or the conformance suite meets on an idle
    // one (docs/bench.md). A measurement that misses its deadline under load is a red CI for nothing.
    // Files share nothing that is not made for it: shared results are locked (shared/once.ts), the
    // publisher key is made by the global setup, and each worker counts only its own processes.
    maxWorkers: 2,
    // The files that read the shared planted audit never hold a worker waiting for it (see the class).
    sequence: { sequencer: PlantedAuditSequencer },
    // One directory per invocation for the planted audit that several e2e files share (made lazily).
    // The viewer bundle (scripts/build-viewer.js) and the planted servers' start-fast build
    // (scripts/build-servers.js) are built once, from the source, before any test.
    globalSetup: [
      'test/support/viewer-setup.ts',
      'test/support/servers-setup.ts',
      'test/e2e/shared/global-setup.ts',
    ],
    // CI reads the JSON summary to print its closing `N passed, N failed` line.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-output/vitest.json' },
  },
});
