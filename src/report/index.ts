export { workflowAnnotations } from './annotations.js';
export { compareSuite } from './compare-suite.js';
export { runEvidence, tapeEvidence } from './evidence.js';
export { junitXml } from './junit.js';
export { probeSuite, unreachableSuite } from './probe-suite.js';
export { runSuite } from './run-suite.js';
export { summaryMarkdown } from './summary.js';
export { trialLines } from './trial-lines.js';
