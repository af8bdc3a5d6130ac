// Planted-outcome audit and the offline demo: run known servers through the real pipeline and
// check what they produce, and that every count in each record is re-derivable from its files.
export { type Expectation, PLANTED, type PlantedRun } from './catalogue.js';
export { type Agreement, crossCheck } from './consistency.js';
export { type DemoOptions, type DemoResult, demoRuns, runDemo } from './demo.js';
export {
  type ExecuteOptions,
  executeRuns,
  type PlannedRun,
  plantedRun,
  type RunReport,
  reportPassed,
  reportSummary,
  type StartedTarget,
} from './execute.js';
export {
  type HttpFixture,
  type HttpProcessOptions,
  SERVERS_DIR,
  serverScript,
  startHttpFixture,
  startHttpProcess,
} from './fixture.js';
export {
  everythingHttpRun,
  everythingStdioRun,
  filesystemRun,
  freePort,
  installed,
  memoryRun,
  realRuns,
  serverEntry,
} from './real.js';
export { FILESYSTEM_SEED, MEMORY_SEED } from './real-seeds.js';
export { auditTable } from './table.js';
export { describeOutcome, mismatches, type Obtained, obtainedFrom } from './verdict.js';
export { type Yield, yieldOf, yieldTable } from './yield.js';
