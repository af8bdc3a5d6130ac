// Findings a server owner can act on, derived from a run's tapes; rewrite proposals; paired reruns.

export { deriveFindings, type FindingsInput } from './derive.js';
export { actionable } from './error-text.js';
export { LATENCY_RULE } from './latency.js';
export { RULES_GENERATOR, ruleProposals } from './proposals.js';
export { FINDINGS_FILES, readFindingsInput } from './read.js';
