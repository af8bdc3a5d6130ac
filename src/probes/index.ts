export { httpChannel } from './channel-http.js';
export { stdioChannel } from './channel-stdio.js';
export { listTools, negotiate } from './negotiate.js';
export { PROBES, type RunProbesOptions, runProbes } from './registry.js';
export { type ProbeSummary, renderTable, summarize, verdictWord } from './report.js';
export { channelFor, isAuthenticated, isLoopback, type ProbeTarget, probeTarget } from './target.js';
export type {
  Frame,
  Negotiation,
  Probe,
  ProbeContext,
  ProbeTape,
  RawChannel,
  SessionFacts,
  Step,
  StepResult,
  ToolsListing,
} from './types.js';
