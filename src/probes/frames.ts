import type { ProbeResult, TapeRef } from '../record/probe.js';
import type { Frame, StepResult, ToolsListing } from './types.js';

export const LATEST_REVISION = '2026-07-28';
export const LEGACY_REVISION = '2025-11-25';
export const IMPOSSIBLE_REVISION = '1999-01-01';
export const KNOWN_REVISIONS: readonly string[] = [
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
  '2026-07-28',
];
export const CLIENT_INFO = { name: 'fitness-report-probe', version: '1' };
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/** Modern revisions compare lexicographically (docs/design.md §8): `2026-07-28` and later. */
export function isModernRevision(version: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= LATEST_REVISION;
}

export function isFrame(value: unknown): value is Frame {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object at `keys` under `value`, or undefined. */
export function objectAt(value: unknown, ...keys: string[]): Frame | undefined {
  let current: unknown = value;
  for (const key of keys) {
    if (!isFrame(current)) return undefined;
    current = current[key];
  }
  return isFrame(current) ? current : undefined;
}

/** A 2026-07-28 request: the `_meta` envelope carries the revision and client capabilities. */
export function modernRequest(
  id: string,
  method: string,
  params: Frame = {},
  version = LATEST_REVISION,
): Frame {
  const _meta = {
    [PROTOCOL_VERSION_KEY]: version,
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
  };
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta } };
}

/** HTTP headers a 2026-07-28 request carries (ignored on stdio). */
export function modernHeaders(
  method: string,
  name?: string,
  version = LATEST_REVISION,
): Record<string, string> {
  const headers: Record<string, string> = { 'mcp-protocol-version': version, 'mcp-method': method };
  if (name !== undefined) headers['mcp-name'] = name;
  return headers;
}

export function initializeRequest(id: string, version: string): Frame {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: CLIENT_INFO },
  };
}

export const INITIALIZED: Frame = { jsonrpc: '2.0', method: 'notifications/initialized' };

export function legacyRequest(id: string, method: string, params: Frame = {}): Frame {
  return { jsonrpc: '2.0', id, method, params };
}

export function resultOf(step: StepResult | undefined): Frame | undefined {
  return objectAt(step?.response, 'result');
}

export function errorCode(step: StepResult | undefined): number | undefined {
  const code = objectAt(step?.response, 'error')?.code;
  return typeof code === 'number' ? code : undefined;
}

/** 401, 403 and 5xx answers say nothing about the protocol behaviour being probed. */
export function notEvidence(step: StepResult | undefined): boolean {
  const status = step?.status;
  return status !== undefined && (status === 401 || status === 403 || status >= 500);
}

/** A one-line description of what a step got back. */
export function describeStep(step: StepResult | undefined): string {
  if (step === undefined) return 'nothing was sent';
  const http = step.status === undefined ? '' : `HTTP ${step.status}`;
  const error = objectAt(step.response, 'error');
  const frame = error
    ? `JSON-RPC error ${String(error.code)}${typeof error.message === 'string' ? ` (${error.message.slice(0, 120)})` : ''}`
    : step.response
      ? 'a result'
      : step.error
        ? step.error
        : 'no JSON-RPC answer';
  return [http, frame].filter((s) => s !== '').join(' with ');
}

export function refsOf(...steps: (StepResult | undefined)[]): TapeRef[] {
  return steps.flatMap((s) => (s ? [...s.refs] : []));
}

export function finding(
  id: string,
  applies: boolean,
  pass: boolean | null,
  detail: string,
  evidence: Record<string, unknown>,
  tapeRefs: readonly TapeRef[],
): ProbeResult {
  return { id, applies, pass, detail, evidence, tapeRefs: [...tapeRefs] };
}

/** Did not apply to this target: could not check, by construction. */
export function notApplicable(
  id: string,
  detail: string,
  evidence: Record<string, unknown> = {},
  refs: readonly TapeRef[] = [],
): ProbeResult {
  return finding(id, false, null, detail, evidence, refs);
}

/**
 * The finding for a probe over the listed tools when there is nothing to judge: tools/list was not
 * answered (could not check) or listed no tools (does not apply). Undefined when there are tools.
 */
export function unlistedTools(id: string, tools: ToolsListing): ProbeResult | undefined {
  const refs = refsOf(tools.step);
  if (tools.step === undefined || tools.result === undefined) {
    return finding(id, true, null, 'could not check: tools/list was not answered', {}, refs);
  }
  if (tools.tools.length === 0) return notApplicable(id, 'the server lists no tools', { tools: 0 }, refs);
  return undefined;
}
