// The library API. The CLI (src/cli) is a thin layer over these exports; tests call them directly.

// Each stage of the pipeline, by folder.
export * as agents from './agents/index.js';
export * as audit from './audit/index.js';
export { type DemoOptions, type DemoResult, runDemo } from './audit/index.js';
export { type RunningServer, type ServeOptions, serveSite } from './board/serve.js';
export { type BuildOptions, type BuildResult, buildSite } from './board/site.js';
export { type ConformanceOptions, conformanceBlock } from './conformance/index.js';
export * as connect from './connect/index.js';
export * as gates from './gates/index.js';
export * as models from './models/index.js';
export * as probes from './probes/index.js';
export * as record from './record/index.js';
export { type RosterOptions, type RosterSummary, runRoster } from './roster/local.js';
export { runQueuedRoster } from './roster/queue/coordinator.js';
export { runWorker, type WorkerOptions } from './roster/queue/worker.js';
export type { RunOptions } from './run/options.js';
// The main jobs.
export { type RunResult, runFitness } from './run/run-fitness.js';
export { type VerifyResult, verifyFitnessRun } from './run/verify.js';
export * as stats from './stats/index.js';
export * as suite from './suite/index.js';
export * as tape from './tape/index.js';
export { VERSION } from './version.js';
