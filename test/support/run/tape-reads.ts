import type { Tape } from '../../../src/tape/reader.js';

/** Drive first-try outcomes by corr id, read straight off the tape's event lines (not through src/findings). */
export function firstTries(tape: Tape): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const r of tape.records) {
    if (r.type !== 'event' || r.value.kind !== 'fitness.trial') continue;
    const raw = r.value.raw as { phase?: string; firstTry?: boolean };
    if (raw.phase === 'drive' && typeof r.value.corr_id === 'string')
      out.set(r.value.corr_id, raw.firstTry === true);
  }
  return out;
}

/** Every tools/call of a get_vessel* tool: the argument names the server received (wire) or the model sent (agent). */
export function wireArgNames(tape: Tape): Set<string> {
  const names = new Set<string>();
  for (const r of tape.records) {
    if (r.type !== 'message' || r.value.dir !== 'in') continue;
    const m = r.value.raw as {
      method?: string;
      params?: { name?: string; arguments?: Record<string, unknown> };
    };
    if (m.method === 'tools/call' && m.params?.name?.startsWith('get_vessel'))
      for (const k of Object.keys(m.params.arguments ?? {})) names.add(k);
  }
  return names;
}

/** Every tool_use of a get_vessel* tool in the agent tape: the argument names the model sent. */
export function agentArgNames(tape: Tape): Set<string> {
  const names = new Set<string>();
  for (const r of tape.records) {
    if (r.type !== 'turn') continue;
    for (const b of r.value.blocks as { type?: string; name?: string; input?: Record<string, unknown> }[])
      if (b.type === 'tool_use' && b.name?.startsWith('get_vessel'))
        for (const k of Object.keys(b.input ?? {})) names.add(k);
  }
  return names;
}
