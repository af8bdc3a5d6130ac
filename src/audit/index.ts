// Planted-outcome audit and the offline demo: run known servers through the real pipeline and
// check what they produce, and that every count in each record is re-derivable from its files.
export { PLANTED } from './catalogue.js';
export { runDemo } from './demo.js';
export { executeRuns, type PlannedRun, plantedRun, type RunReport, reportPassed } from './execute.js';
export { everythingHttpRun, everythingStdioRun, filesystemRun, memoryRun, serverEntry } from './real.js';
export { FILESYSTEM_SEED, MEMORY_SEED } from './real-seeds.js';
export { auditTable } from './table.js';
export { describeOutcome, obtainedFrom } from './verdict.js';
export { yieldTable } from './yield.js';
