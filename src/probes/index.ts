export { PROBES } from './registry.js';
export { ProbeReport, renderTable, summarize } from './report.js';
export { type ProbeTarget, probeTarget } from './target.js';
export type { ProbeTape, SessionFacts } from './types.js';
