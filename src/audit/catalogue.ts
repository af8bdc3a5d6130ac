import type { Expectation } from './summary.js';

/** One audited run: a planted server, the transport its property needs, and what it must produce. */
export interface PlantedRun {
  /** Unique label of this run (a server may be run twice under different registrations). */
  id: string;
  /** Script under examples/servers/. */
  script: string;
  transport: 'stdio' | 'http';
  /** Registration flags of this run, when not the defaults. */
  extensions?: number;
  /** `--call-timeout` in ms, when not the default (20 s). */
  callTimeoutMs?: number;
  /** Given context (`--given`); values starting with `examples/servers/` resolve to that folder. */
  given?: Record<string, string>;
  /** The planted property, in one line. */
  property: string;
  expect: Expectation;
}

/**
 * Every planted-outcome server and the outcome it must produce. Stateful properties (a count of
 * calls across the run) are run over HTTP, where one process serves the whole run; the others over
 * stdio, where each trial gets a fresh process. The servers' header comments say the same.
 */
export const PLANTED: readonly PlantedRun[] = [
  {
    id: 'well-made',
    script: 'well-made.js',
    transport: 'http',
    property: 'none: 10 clear, annotated tools with output schemas and ids that chain from list to get',
    expect: { outcome: 'SCORED' },
  },
  {
    id: 'thin',
    script: 'thin.js',
    transport: 'stdio',
    property: 'two tools: everything right, too little of it',
    expect: { outcome: 'INSUFFICIENT_SURFACE', gate: 'suite_size', reason: 'below_minimum_suite_size' },
  },
  {
    id: 'constant-answers',
    script: 'constant-answers.js',
    transport: 'stdio',
    property: 'every lookup returns the same record, whatever id it is given',
    expect: { outcome: 'DEGENERATE', gate: 'null_baseline', reason: 'noise_exceeds_signal' },
  },
  {
    id: 'calculator',
    script: 'calculator.js',
    transport: 'stdio',
    property: 'arithmetic any model can do without the server',
    expect: { outcome: 'DEGENERATE', gate: 'suite_size', reason: 'all_candidates_null_answerable' },
  },
  {
    id: 'drifting',
    script: 'drifting.js',
    transport: 'stdio',
    property:
      'stable within a process, new values in every process: admission re-runs each plan in a fresh process',
    expect: { outcome: 'GATE_FAILED', gate: 'structural', reason: 'answers_unstable' },
  },
  {
    id: 'unanswered',
    script: 'unanswered.js',
    transport: 'http',
    // At the registered default deadline (20 s). A 5 s deadline saved the demo about 25 s, but on a
    // loaded 2-core CI machine answered exploration calls took longer than 5 s, and the run ended
    // VOID timeout before it reached the calls this server drops.
    property: 'after 285 calls, every 4th of the next 20 gets no response at all',
    expect: { outcome: 'COMPROMISED', gate: 'construct', reason: 'compromised_oracle_errors' },
  },
  {
    id: 'flaky',
    script: 'flaky.js',
    transport: 'http',
    property: 'every 30th call fails with a tool error: construct lands in EXTEND',
    expect: { outcome: 'SCORED', batches: 2 },
  },
  {
    id: 'flaky-no-extensions',
    script: 'flaky.js',
    transport: 'http',
    extensions: 0,
    property: 'the same flaky server, registered with --extensions 0',
    expect: { outcome: 'EXTEND_EXHAUSTED', gate: 'construct', reason: 'extend_exhausted_zero_policy' },
  },
  {
    id: 'vanishing',
    script: 'vanishing.js',
    transport: 'http',
    property: 'stops listening after its 300th call, in the middle of construct',
    expect: { outcome: 'VOID', reason: 'target_died' },
  },
  {
    id: 'decoys',
    script: 'decoys.js',
    transport: 'http',
    property: 'renamed tools left in place, same descriptions, always failing: the runner picks them',
    expect: { outcome: 'INDETERMINATE', gate: 'null_baseline', reason: 'degenerate_no_signal' },
  },
  {
    id: 'tables',
    script: 'tables.js',
    transport: 'stdio',
    property:
      'no annotations; list_tables → describe_table → read_rows, JSON in text, a write beside the reads',
    expect: { outcome: 'SCORED' },
  },
  {
    id: 'repository',
    script: 'repository.js',
    transport: 'stdio',
    given: { repo_path: 'examples/servers/data/harbour-repo' },
    property: 'no annotations; every tool needs repo_path, given as context; git-style text answers',
    expect: { outcome: 'SCORED' },
  },
  {
    id: 'repository-no-context',
    script: 'repository.js',
    transport: 'http',
    property: 'the same repository server with no given context: nothing says where the repository is',
    expect: { outcome: 'INDETERMINATE', gate: 'structural', reason: 'no_usable_results' },
  },
  {
    id: 'markdown',
    script: 'markdown.js',
    transport: 'stdio',
    property: 'no annotations; answers in markdown: a table of notes, **Label:** value lines',
    expect: { outcome: 'SCORED' },
  },
  {
    id: 'clock',
    script: 'clock.js',
    transport: 'stdio',
    property: 'no annotations; every answer is a clock reading, a boolean or the question restated',
    expect: { outcome: 'INSUFFICIENT_SURFACE', gate: 'structural', reason: 'no_candidates' },
  },
  {
    id: 'hostile',
    script: 'hostile.js',
    transport: 'http',
    property: 'HTML, script and prompt injection in every description and result string',
    expect: { outcome: 'SCORED' },
  },
];
