import { APICallError } from '@ai-sdk/provider';
import { errorCode, FitnessError } from '../core/errors.js';

/** Configuration faults found while resolving a model spec (before any call is made). */
export type ModelConfigCode =
  | 'MODEL_BAD_SPEC'
  | 'MODEL_UNKNOWN_PROVIDER'
  | 'MODEL_UNKNOWN_MODEL'
  | 'MODEL_MISSING_KEY'
  | 'MODEL_MISSING_BASE_URL'
  | 'MODEL_BAD_BASE_URL'
  | 'MODEL_BAD_SETTING';

export class ModelConfigError extends FitnessError {
  constructor(
    override readonly code: ModelConfigCode,
    message: string,
    details?: Record<string, unknown>,
  ) {
    super(code, message, details);
  }
}

/** Faults of a model call, whatever the provider: the agent loop records the code as the reason. */
export type ModelCallCode =
  | 'MODEL_UNREACHABLE'
  | 'MODEL_TIMEOUT'
  | 'MODEL_AUTH_FAILED'
  | 'MODEL_NOT_FOUND'
  | 'MODEL_RATE_LIMITED'
  | 'MODEL_SERVER_ERROR'
  | 'MODEL_BAD_REQUEST'
  | 'MODEL_BAD_RESPONSE'
  | 'MODEL_CALL_ABORTED'
  | 'MODEL_HEURISTIC_BAD_PLAN'
  | 'MODEL_HEURISTIC_UNSUPPORTED_SCHEMA'
  | 'MODEL_CALL_FAILED';

export interface ModelCallDetails extends Record<string, unknown> {
  /** The normalised model id the call was made for. */
  model: string;
  status?: number;
  /** Endpoint origin and path only: never userinfo or query (either may carry a credential). */
  endpoint?: string;
  retryable: boolean;
}

export class ModelCallError extends FitnessError {
  override readonly details: ModelCallDetails;
  constructor(
    override readonly code: ModelCallCode,
    message: string,
    details: ModelCallDetails,
  ) {
    super(code, message, details);
    this.details = details;
  }

  get retryable(): boolean {
    return this.details.retryable;
  }
}

const REDACTED = '[REDACTED]';
// Credential shapes a provider may echo back in an error body, even partly masked.
const CREDENTIAL_PATTERNS = [/\bsk-[A-Za-z0-9*_-]{4,}/g, /\bBearer\s+\S+/gi, /\bx-api-key:\s*\S+/gi];

/** One line, secrets removed: exact-match first, then anything shaped like a key. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  for (const pattern of CREDENTIAL_PATTERNS) out = out.replace(pattern, REDACTED);
  return out;
}

function oneLine(text: string, max = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Origin and path of a URL, without userinfo or query. */
export function safeEndpoint(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

function causeCode(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = errorCode(current);
    if (code !== undefined) return code;
    current = current.cause;
  }
  return undefined;
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

function codeForStatus(status: number): ModelCallCode {
  if (status === 401 || status === 403) return 'MODEL_AUTH_FAILED';
  if (status === 404) return 'MODEL_NOT_FOUND';
  if (status === 408) return 'MODEL_TIMEOUT';
  if (status === 429) return 'MODEL_RATE_LIMITED';
  if (status >= 500) return 'MODEL_SERVER_ERROR';
  return 'MODEL_BAD_REQUEST';
}

const STATUS_WORDS: Partial<Record<ModelCallCode, string>> = {
  MODEL_AUTH_FAILED: 'authentication failed',
  MODEL_NOT_FOUND: 'not found (unknown model id?)',
  MODEL_TIMEOUT: 'timed out',
  MODEL_RATE_LIMITED: 'rate limited',
  MODEL_SERVER_ERROR: 'server error',
  MODEL_BAD_REQUEST: 'request rejected',
};

const BAD_RESPONSE_NAMES = new Set([
  'AI_InvalidResponseDataError',
  'AI_JSONParseError',
  'AI_TypeValidationError',
  'AI_EmptyResponseBodyError',
  'AI_NoContentGeneratedError',
]);

export interface CallErrorContext {
  model: string;
  /** Every credential the call could have carried; scrubbed by exact match. */
  secrets: readonly string[];
  /** Endpoint to name when the error itself carries none. */
  endpoint?: string;
}

/**
 * Normalise anything a provider call threw into a one-line ModelCallError. The message names the
 * model and never carries a credential. The original error is deliberately not kept as `cause`: a
 * provider error may echo request details, and a logger printing causes would leak them.
 */
export function toModelCallError(err: unknown, ctx: CallErrorContext): ModelCallError {
  if (err instanceof ModelCallError) return err;
  const clean = (text: string) => oneLine(scrubSecrets(text, ctx.secrets));
  const base = { model: ctx.model };
  if (APICallError.isInstance(err)) {
    const endpoint = safeEndpoint(err.url) ?? ctx.endpoint;
    const status = err.statusCode;
    if (status === undefined) {
      const code = causeCode(err) ?? 'network error';
      return new ModelCallError(
        'MODEL_UNREACHABLE',
        `cannot reach the model endpoint ${endpoint ?? '(unknown)'} for '${ctx.model}' (${clean(code)})`,
        { ...base, endpoint, retryable: true },
      );
    }
    const code = codeForStatus(status);
    return new ModelCallError(
      code,
      `model call for '${ctx.model}' failed: HTTP ${status} ${STATUS_WORDS[code] ?? ''}: ${clean(err.message)}`,
      { ...base, status, endpoint, retryable: err.isRetryable },
    );
  }
  if (isAbort(err)) {
    return new ModelCallError('MODEL_CALL_ABORTED', `model call for '${ctx.model}' was aborted`, {
      ...base,
      endpoint: ctx.endpoint,
      retryable: false,
    });
  }
  if (err instanceof Error && BAD_RESPONSE_NAMES.has(err.name)) {
    return new ModelCallError(
      'MODEL_BAD_RESPONSE',
      `model endpoint returned an unusable response for '${ctx.model}': ${clean(err.message)}`,
      { ...base, endpoint: ctx.endpoint, retryable: false },
    );
  }
  const netCode = causeCode(err);
  if (netCode !== undefined && /^(E[A-Z]+|UND_ERR\w*|Connection\w+)$/.test(netCode)) {
    return new ModelCallError(
      'MODEL_UNREACHABLE',
      `cannot reach the model endpoint ${ctx.endpoint ?? '(unknown)'} for '${ctx.model}' (${netCode})`,
      { ...base, endpoint: ctx.endpoint, retryable: true },
    );
  }
  const text = err instanceof Error ? err.message : String(err);
  return new ModelCallError('MODEL_CALL_FAILED', `model call for '${ctx.model}' failed: ${clean(text)}`, {
    ...base,
    endpoint: ctx.endpoint,
    retryable: false,
  });
}
