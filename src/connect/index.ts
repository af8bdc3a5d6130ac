export { loadServerConfig, serverFromConfig } from './config.js';
export { type CallContext, callContext } from './context.js';
export {
  type CallOptions,
  type Era,
  McpSession,
  openSession,
  type RawFrameResult,
  type SessionOptions,
  type ToolCallOutcome,
  type ToolList,
  type TransportShape,
} from './session.js';
export { type ProcessDiagnostics, ProcessStdioTransport } from './stdio-transport.js';
export { openWireTape, tapeCommand, tapeUrl, type WireTapeOptions } from './tape.js';
export {
  Credential,
  describeTarget,
  HttpTarget,
  parseTarget,
  StdioTarget,
  Target,
  type TargetInput,
  targetSecrets,
} from './target.js';
export { HttpWire, type RawHttpRequest, type RawHttpResponse } from './wire.js';
