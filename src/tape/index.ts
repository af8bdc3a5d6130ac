export { readTape } from './reader.js';
export { Redactor } from './redact.js';
export * from './schema.js';
export * from './stats.js';
export { type Profile, type Validation, validateTape } from './validate.js';
export { TapeWriter } from './writer.js';
