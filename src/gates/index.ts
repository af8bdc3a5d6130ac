// Gate decisions: pure functions over counts, each returning a typed gate record (src/record) with
// an explain sentence built from its own numbers. Statistics come from src/stats; I/O lives in the
// pipeline that runs these.

export { answerLeakGate, type LeakScanTask } from './answer-leak.js';
export { constructGate } from './construct.js';
export { nullBaselineGate } from './null-baseline.js';
export { planPowerGate, type RateParams } from './plan-power.js';
export { structuralGate } from './structural.js';
export { suiteSizeGate } from './suite-size.js';
