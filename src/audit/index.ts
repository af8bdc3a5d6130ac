// Planted-outcome audit and the offline demo: run known servers through the real pipeline and
// check what they produce, and that every count in each record is re-derivable from its files.
export { PLANTED } from './catalogue.js';
export { runDemo } from './demo.js';
export { executeRuns, plantedRun, reportPassed } from './execute.js';
export { memoryRun } from './real.js';

export { auditTable } from './table.js';
export { describeOutcome, obtainedFrom } from './verdict.js';
export { yieldTable } from './yield.js';
