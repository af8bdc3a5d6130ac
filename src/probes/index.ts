export { baselineLines, type ExpectedFailures, readExpectedFailures } from './expected-failures.js';
export { probeServer } from './probe-server.js';

export { renderTable } from './report.js';
