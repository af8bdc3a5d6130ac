export { baselineLines, type ExpectedFailures, readExpectedFailures } from './expected-failures.js';
export { probeServer } from './probe-server.js';
export { PROBES } from './registry.js';
export { renderTable } from './report.js';
export { type ProbeTarget, probeTarget } from './target.js';
export type { ProbeTape } from './types.js';
