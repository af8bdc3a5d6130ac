export { type FileCheck, type SignatureCheck, verifyRun } from './check-signature.js';
export { type CorrId, parseCorrId, TRIAL_PHASES, type TrialPhase, trialCorrId } from './corr-id.js';
export { type Exchange, type ExchangeOutcome, messages, type Pairing, pairExchanges } from './pairing.js';
export { configDir, defaultSigningKeyPath, publicKeyInfo, trustFilePath } from './publisher.js';
export {
  classOf,
  type LineClass,
  parseTape,
  readTape,
  type SkippedLine,
  type Tape,
  TapeBuilder,
  type TapeRecord,
} from './reader.js';
export { displayUrl, type FetchFn, recordFetch } from './record-fetch.js';
export { recordTransport } from './record-transport.js';
export { MIN_SECRET_LENGTH, REDACTED, Redactor, redactTapeText } from './redact.js';
export * from './schema.js';
export { DsseEnvelope, loadOrCreateSigningKey, Manifest, SignatureError, signRun } from './signature.js';
export * from './stats.js';
export { loadTrust, type TrustSet } from './trust.js';
export { pairToolUses, type ToolUse } from './turn-pairing.js';
export { type Finding, type Profile, type Validation, validateTape } from './validate.js';
export { DEFAULT_MAX_FRAME_BYTES, type LineOptions, TapeWriter, type TurnInput } from './writer.js';
