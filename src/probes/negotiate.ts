import {
  INITIALIZED,
  initializeRequest,
  isFrame,
  isModernRevision,
  LEGACY_REVISION,
  legacyRequest,
  modernHeaders,
  modernRequest,
  objectAt,
  refsOf,
  resultOf,
} from './frames.js';
import type { Negotiation, RawChannel, Step, ToolsListing } from './types.js';

/**
 * The era decision the SDK client makes in `auto` mode, done on raw frames so it is on the tape:
 * `server/discover` first; a clearly modern answer (a supportedVersions list naming a modern
 * revision) settles it, otherwise a 2025-11-25 `initialize` does.
 */
export async function negotiate(channel: RawChannel): Promise<Negotiation> {
  const [discover] = await channel.exchange(
    [
      {
        frame: modernRequest('probe-discover', 'server/discover'),
        headers: modernHeaders('server/discover'),
      },
    ],
    'probe:negotiate',
  );
  const result = resultOf(discover);
  const supported = Array.isArray(result?.supportedVersions) ? result.supportedVersions : [];
  const modern = supported.filter((v): v is string => typeof v === 'string' && isModernRevision(v)).sort();
  if (discover && modern.length > 0) {
    return {
      era: 'modern',
      version: modern[modern.length - 1],
      discover,
      capabilities: objectAt(result, 'capabilities'),
      refs: refsOf(discover),
    };
  }
  const [initialize] = await channel.exchange(
    [{ frame: initializeRequest('probe-initialize', LEGACY_REVISION) }, { frame: INITIALIZED }],
    'probe:negotiate',
  );
  const init = resultOf(initialize);
  const version = typeof init?.protocolVersion === 'string' ? init.protocolVersion : undefined;
  return {
    era: version === undefined ? undefined : 'legacy',
    version,
    discover: discover ?? { refs: [] },
    initialize,
    capabilities: objectAt(init, 'capabilities'),
    refs: refsOf(initialize),
  };
}

/**
 * One request in the negotiated era on a fresh connection: enveloped for modern servers, after an
 * initialize handshake for legacy ones. Returns the step of the request itself.
 */
export async function requestInEra(
  channel: RawChannel,
  negotiation: Negotiation,
  method: string,
  params: Record<string, unknown>,
  corrId: string,
  headers?: Record<string, string>,
) {
  const id = `${corrId}-1`;
  const steps: Step[] =
    negotiation.era === 'modern'
      ? [
          {
            frame: modernRequest(id, method, params, negotiation.version),
            headers: headers ?? modernHeaders(method, undefined, negotiation.version),
          },
        ]
      : [
          { frame: initializeRequest(`${corrId}-init`, negotiation.version ?? LEGACY_REVISION) },
          { frame: INITIALIZED },
          { frame: legacyRequest(id, method, params), headers },
        ];
  const results = await channel.exchange(steps, corrId);
  return results[results.length - 1];
}

/** The first page of `tools/list`, read from the wire frame. */
export async function listTools(channel: RawChannel, negotiation: Negotiation): Promise<ToolsListing> {
  if (negotiation.era === undefined) return { step: undefined, result: undefined, tools: [] };
  const step = await requestInEra(channel, negotiation, 'tools/list', {}, 'probe:tools-list');
  const result = resultOf(step);
  const tools = Array.isArray(result?.tools) ? result.tools.filter(isFrame) : [];
  return { step, result, tools };
}
