// The run record: zod schemas (the single source of truth), migrations, read/write, and the pure
// builders the pipeline calls so that no number is computed outside src/record or src/stats.

export { decidingInterval } from './clustered.js';
export { GateClustered } from './clustered-gate.js';
export { isRecorded, StoredInterval } from './common.js';
export { CostBlock, RoleCost } from './cost.js';
export { ExplorationLedger, ExplorationTool } from './exploration.js';
export { policyRecorded } from './extension.js';
export { AnswerLeakGate, ConstructGate, GateRecord, NullBaselineGate, NullRate } from './gate.js';
export { generatorChip } from './identity.js';
export { parseRecord, serializeRecord } from './io.js';
export { standingNoteSummary } from './notes.js';
export { decisionPoint } from './outcome.js';

export { ProbeResult } from './probe.js';

export { RunRecord } from './run.js';

export { noTaskCompleted, ScoreBlock, ToolAttribution } from './score.js';
