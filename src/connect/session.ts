// The module the rest of the code imports a session from; each job of a session lives in its own file:
// `session-types.ts` (public types, defaults), `open-session.ts` (entry, era-probe retry),
// `mcp-session.ts` (the class: state, accessors, close), `handshake.ts` (connect under its deadline),
// `session-transport.ts` (stdio or HTTP transport), `in-flight.ts` (answers watched on the wire),
// `tool-calls.ts` and `call-outcome.ts` (tools/list, tools/call and what a failed call came to),
// `raw-exchange.ts` (raw frames and HTTP requests) and `deadline.ts`.
export { McpSession } from './mcp-session.js';
export { openSession } from './open-session.js';
export type { ToolCallOutcome } from './session-types.js';
