import {
  describeStep,
  errorCode,
  finding,
  modernHeaders,
  modernRequest,
  notApplicable,
  notEvidence,
  refsOf,
} from './frames.js';
import type { Probe, ProbeContext, ProbeResult } from './types.js';

const HEADER_MISMATCH = -32020;
/** A tool name no server defines, so a lax server that serves the call changes nothing. */
const NO_SUCH_TOOL = 'fitness-report.probe.no-such-tool';

/**
 * A `tools/call` whose routing header disagrees with its body must be rejected before it is served:
 * HTTP 400 with JSON-RPC -32020 (SEP-2243). Streamable HTTP and 2026-07-28 only.
 */
async function mismatch(
  ctx: ProbeContext,
  id: string,
  header: 'Mcp-Name' | 'Mcp-Method',
): Promise<ProbeResult> {
  const { channel, negotiation } = ctx;
  if (channel.transport !== 'http')
    return notApplicable(id, 'stdio target: there are no HTTP headers to disagree');
  if (negotiation.era !== 'modern') {
    return notApplicable(
      id,
      `not a 2026-07-28 server (negotiated ${negotiation.version ?? 'nothing'}): routing headers are not part of its protocol`,
    );
  }
  const version = negotiation.version;
  const headers =
    header === 'Mcp-Name'
      ? modernHeaders('tools/call', 'fitness-report.probe.other-name', version)
      : modernHeaders('tools/list', NO_SUCH_TOOL, version);
  const frame = modernRequest(`probe-${id}`, 'tools/call', { name: NO_SUCH_TOOL, arguments: {} }, version);
  const [step] = await channel.exchange([{ frame, headers }], `probe:${id}`);
  const refs = refsOf(step);
  const code = errorCode(step);
  const evidence = {
    header,
    sent: headers,
    bodyMethod: 'tools/call',
    bodyName: NO_SUCH_TOOL,
    status: step?.status ?? null,
    errorCode: code ?? null,
  };
  if (notEvidence(step) || step?.status === undefined) {
    return finding(id, true, null, `could not check: ${describeStep(step)}`, evidence, refs);
  }
  if (step.status === 400 && code === HEADER_MISMATCH) {
    return finding(
      id,
      true,
      true,
      `a ${header} that disagrees with the body is rejected (${describeStep(step)})`,
      evidence,
      refs,
    );
  }
  return finding(
    id,
    true,
    false,
    `a ${header} that disagrees with the body was not rejected with HTTP 400 / -32020: got ${describeStep(step)}`,
    evidence,
    refs,
  );
}

export const headerMismatchName: Probe = {
  id: 'header-mismatch-name',
  summary: 'a tools/call whose Mcp-Name disagrees with the body gets HTTP 400 / -32020',
  run(ctx) {
    return mismatch(ctx, this.id, 'Mcp-Name');
  },
};

export const headerMismatchMethod: Probe = {
  id: 'header-mismatch-method',
  summary: 'a tools/call whose Mcp-Method disagrees with the body gets HTTP 400 / -32020',
  run(ctx) {
    return mismatch(ctx, this.id, 'Mcp-Method');
  },
};
