/**
 * Faults are typed errors with stable codes; outcomes are data in the record. Every code is named
 * here once, with what it means, so a code is a member of one union rather than a free string. The
 * CLI prints a fault as one line (`fitness-report: <code>: <message>`) and never a bare stack trace.
 */
export const ERROR_CODES = {
  USAGE: 'a bad flag, argument or option from the caller; nothing ran',
  CONFIG_INVALID: 'an mcpServers config file that cannot be used',
  TARGET_INVALID: 'a target (command or URL) that cannot be connected to as given',
  SERVER_NOT_INSTALLED: 'a planted or real server package is not installed',
  SERVER_NO_BIN: 'a server package names no executable',
  FIXTURE_START: 'a planted server did not start',
  COMMAND_NOT_FOUND: 'the stdio command does not exist',
  COMMAND_NOT_EXECUTABLE: 'the stdio command is not executable',
  SPAWN_FAILED: 'the stdio command could not be started',
  SERVER_EXITED: 'the server exited before the handshake completed',
  STDOUT_NOT_JSONRPC: 'the server wrote something other than JSON-RPC to stdout',
  FRAME_TOO_DEEP: 'a frame nested past the depth limit',
  FRAME_TOO_LARGE: 'a frame past the size limit',
  CONNECT_TIMEOUT: 'no answer to the handshake in time',
  CONNECT_FAILED: 'the handshake failed for another reason',
  CONNECTION_REFUSED: 'the HTTP endpoint refused the connection',
  CONNECTION_RESET: 'the HTTP endpoint reset the connection',
  HOST_NOT_FOUND: 'the host name does not resolve',
  NETWORK_ERROR: 'another network error',
  HTTP_UNAUTHORIZED: 'HTTP 401 to the handshake',
  HTTP_FORBIDDEN: 'HTTP 403 to the handshake',
  HTTP_REDIRECT: 'a redirect the client does not follow',
  HTTP_ERROR: 'another HTTP status to the handshake',
  HTTP_FAILED: 'a raw HTTP exchange failed',
  NOT_MCP: 'the endpoint does not speak MCP',
  NOT_HTTP: 'an HTTP-only exchange asked of a stdio target',
  MODEL_BAD_SPEC: 'a model spec that does not parse',
  MODEL_UNKNOWN_PROVIDER: 'a model spec naming an unknown provider',
  MODEL_UNKNOWN_MODEL: 'a model the provider does not offer',
  MODEL_MISSING_KEY: 'no API key for a paid provider',
  MODEL_MISSING_BASE_URL: 'no base URL for an openai-compatible provider',
  MODEL_BAD_BASE_URL: 'a base URL that is not http(s)',
  MODEL_BAD_SETTING: 'a model setting out of range',
  MODEL_UNREACHABLE: 'the model endpoint cannot be reached',
  MODEL_TIMEOUT: 'a model call timed out',
  MODEL_AUTH_FAILED: 'the model endpoint refused the key',
  MODEL_NOT_FOUND: 'the model endpoint does not know the model',
  MODEL_RATE_LIMITED: 'the model endpoint rate-limited the call',
  MODEL_SERVER_ERROR: 'the model endpoint failed (5xx)',
  MODEL_BAD_REQUEST: 'the model endpoint rejected the request (4xx)',
  MODEL_BAD_RESPONSE: 'a model reply that cannot be used',
  MODEL_CALL_ABORTED: 'a model call aborted by the run',
  MODEL_HEURISTIC_BAD_PLAN: 'the heuristic model could not follow its plan',
  MODEL_HEURISTIC_UNSUPPORTED_SCHEMA: 'the heuristic model cannot fill a schema',
  MODEL_CALL_FAILED: 'a model call failed for another reason',
  SUITE_OPTIONS: 'suite generation options out of range',
  SUITE_INVARIANT: 'a suite that breaks its own bookkeeping',
  EXPLORE_TRANSPORT: 'the transport failed while exploring a tool',
  GATE_INPUT: 'a gate function given input outside its domain',
  GATE_RECORD: 'a gate built a record its schema rejects',
  STATS_INPUT: 'a statistics function given input outside its domain',
  CANONICAL_JSON: 'a value RFC 8785 cannot canonicalise',
  RECORD_INPUT: 'a record builder given invalid input',
  RECORD_INVALID: 'a record file its schema rejects',
  RECORD_VERSION: 'a record of a schema version this build cannot read',
  RECORD_IO: 'a record file that cannot be read or written',
  RUN_DIR: 'a run directory that cannot be created',
  RUN_EXISTS: 'a run directory that already holds a run',
  RUN_INCOMPLETE: 'a run directory without its record',
  TAPE_OPEN_FAILED: 'a tape that cannot be opened',
  TAPE_NOT_EMPTY: 'a tape file that already has content',
  TAPE_WRITE_FAILED: 'a tape write that failed',
  TAPE_READ_FAILED: 'a tape that cannot be read',
  TAPE_PUBLISH_FAILED: 'a tape that cannot be published',
  SIGNATURE: 'a signature that cannot be made or checked',
  VERIFY_FETCH: 'a published run that cannot be fetched for verify, or a fetch past one of its limits',
  VERIFY_CLASH: "a published run whose file names cannot all be files of one folder (verify's mismatch)",
  BOARD_OUT: 'a board output directory this command did not build',
  BOARD_RENDER: 'a page that cannot be rendered',
  BOARD_PUBLISH: 'a run that cannot be published on the board',
  BOARD_ASSETS: 'the viewer assets cannot be built',
  SERVE_SITE: 'a site directory that cannot be served',
  SERVE_LISTEN: 'the server cannot listen on the port',
  OTLP_ENDPOINT: 'an OTLP endpoint that is not a usable URL',
  OTLP_EXPORT_FAILED: 'an OTLP export the endpoint did not accept',
  QUEUE_UNREACHABLE: 'the roster queue (Redis or PostgreSQL) cannot be reached',
  RESULTS_READ: 'the PostgreSQL results table cannot be read',
  RESULTS_WRITE: 'a finished run could not be written to the PostgreSQL results table',
  ROSTER_BUSY: "another roster process holds the runs folder's work list",
  ROSTER_CHILD: "a roster job's process could not be started",
  ROSTER_DATA: "a roster entry's seeded data could not be copied for its job",
  ROSTER_FAILED: 'the roster could not run',
  ROSTER_INVALID: 'a roster file that cannot be used',
  ROSTER_STATE: "the roster's SQLite work list cannot be read or written",
  SERVE_NOT_READY: 'a roster HTTP server did not say it was listening in time',
  RERUN_ORIGINAL: 'the original run of a rerun cannot be read or is not a complete run',
  RERUN_NEVER_DROVE: 'a rerun asked of a run that never drove: it has no findings or proposals',
  RERUN_NO_PROPOSALS: 'a rerun asked of a run that has no rewrite proposals',
  RERUN_UNVERIFIED: 'the original run of a rerun does not verify, or its signer is not trusted',
  RERUN_UNCONFIRMED: 'a rerun would start the target its run recorded, and nobody confirmed it',
  COMPARE_UNVERIFIED:
    'a run given to compare does not verify (signature, files, verdicts), or its signer is not trusted',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class FitnessError extends Error {
  override readonly name = 'FitnessError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * Bad input from the caller (exit 2): nothing ran, no run directory exists. The library throws it
 * too (runFitness on options it cannot use), so it lives beneath every layer; the CLI maps it to 2.
 */
export class UsageError extends FitnessError {
  constructor(message: string, code: ErrorCode = 'USAGE') {
    super(code, message);
  }
}

/** One line, no stack: what went wrong and where. */
export function describeError(err: unknown): string {
  if (err instanceof FitnessError) return `${err.code}: ${err.message}`;
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

/** The message of anything thrown: an Error's own, or the thrown value's string form. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The string `code` of a thrown Error (a Node errno such as `ENOENT`), if it has one. */
export function errorCode(err: unknown): string | undefined {
  if (!(err instanceof Error) || !('code' in err)) return undefined;
  return typeof err.code === 'string' ? err.code : undefined;
}
