import { finding, isFrame, refsOf } from './frames.js';
import type { Probe } from './types.js';

/** Deprecated in 2026-07-28 but still served during the deprecation window: notes, not faults. */
const DEPRECATED_CAPABILITIES: Record<string, string> = {
  logging: 'logging is deprecated (SEP-2577): servers should log to stderr or OpenTelemetry',
};

/**
 * Vocabulary deleted in 2026-07-28 (`capabilities.tasks`, tool `execution` fields) is a fault on a
 * 2026-07-28 connection; on an older connection it was legal and is only noted, with the features
 * the current revision deprecates.
 */
export const deprecationSurface: Probe = {
  id: 'deprecation-surface',
  summary: 'no vocabulary deleted in 2026-07-28 (capabilities.tasks, tool execution) is advertised',
  async run({ negotiation, tools, channel }) {
    const refs = [...negotiation.refs, ...refsOf(tools.step)];
    const deleted: string[] = [];
    const capabilities = negotiation.capabilities ?? {};
    if ('tasks' in capabilities) deleted.push('capabilities.tasks');
    const withExecution = tools.tools.filter((t) => 'execution' in t).map((t) => String(t.name));
    if (withExecution.length > 0)
      deleted.push(
        `tool execution fields (${withExecution.slice(0, 5).join(', ')}${withExecution.length > 5 ? ', …' : ''})`,
      );
    const notes = Object.entries(DEPRECATED_CAPABILITIES)
      .filter(([key]) => isFrame(capabilities[key]))
      .map(([, note]) => note);
    if (channel.transport === 'http' && negotiation.era === undefined)
      notes.push('no Streamable HTTP answer: possibly the deprecated HTTP+SSE transport');
    const evidence = { era: negotiation.era ?? null, deleted, notes, toolsWithExecution: withExecution };
    if (negotiation.era === undefined) {
      return finding(this.id, true, null, 'could not check: no revision could be negotiated', evidence, refs);
    }
    const noteText = notes.length > 0 ? `; notes: ${notes.join('; ')}` : '';
    if (deleted.length === 0)
      return finding(this.id, true, true, `no deleted vocabulary advertised${noteText}`, evidence, refs);
    if (negotiation.era === 'legacy') {
      return finding(
        this.id,
        true,
        true,
        `advertises ${deleted.join(' and ')}: legal in ${negotiation.version}, deleted in 2026-07-28${noteText}`,
        evidence,
        refs,
      );
    }
    return finding(
      this.id,
      true,
      false,
      `advertises vocabulary deleted in 2026-07-28: ${deleted.join(' and ')}${noteText}`,
      evidence,
      refs,
    );
  },
};
