import type { FindingsBlock } from '../../src/record/findings.js';
import { messages } from '../../src/tape/pairing.js';
import type { Tape } from '../../src/tape/reader.js';

/**
 * Every evidence line of every finding, read back from the wire tape: a call finding's line is a
 * response to (or the unanswered request of) a tools/call of the tool it names (for wrong-tool, of
 * the tool chosen instead); an error-text line is an isError result; an output-schema line a
 * result; an annotation line the tools/list response that lists the tool. Returns what disagrees.
 */
export function dishonestEvidence(block: FindingsBlock, wire: Tape): string[] {
  const byLine = new Map(wire.records.map((r) => [r.line, r]));
  const requests = new Map<string | number, { tool: string; line: number }>();
  for (const r of wire.records) {
    if (r.type !== 'message' || r.value.dir !== 'in') continue;
    for (const m of messages(r.value.raw)) {
      const params = m.params as { name?: unknown } | undefined;
      if (
        m.method === 'tools/call' &&
        typeof params?.name === 'string' &&
        (typeof m.id === 'number' || typeof m.id === 'string')
      )
        requests.set(`${r.value.session ?? ''}|${m.id}`, { tool: params.name, line: r.line });
    }
  }
  const problems: string[] = [];
  for (const f of block.findings) {
    for (const ref of f.evidence) {
      // A budget or time limit is cited by the trial's end on the agent plane (dishonestFailures reads it).
      if (f.kind === 'timeout' && ref.startsWith('agent:')) continue;
      const line = Number(ref.slice(5));
      const record = byLine.get(line);
      if (!ref.startsWith('wire:') || record?.type !== 'message') {
        problems.push(`${f.id}: ${ref} is not a wire message line`);
        continue;
      }
      const m = messages(record.value.raw)[0] ?? {};
      const result = m.result as
        | { tools?: { name?: string; annotations?: unknown }[]; isError?: unknown }
        | undefined;
      if (f.kind.startsWith('annotation-')) {
        const tool = result?.tools?.find((t) => t.name === f.tool);
        if (tool === undefined) problems.push(`${f.id}: ${ref} does not list ${f.tool}`);
        else if (
          f.kind === 'annotation-missing' &&
          tool.annotations !== undefined &&
          Object.keys(tool.annotations as object).length > 0
        )
          problems.push(`${f.id}: ${ref} lists ${f.tool} with annotations`);
        continue;
      }
      const called =
        record.value.dir === 'in'
          ? requests.get(`${record.value.session ?? ''}|${m.id}`)
          : requests.get(`${record.value.session ?? ''}|${m.id}`);
      const expected = f.kind === 'wrong-tool' ? String(f.detail?.chosen) : f.tool;
      if (called?.tool !== expected)
        problems.push(`${f.id}: ${ref} answers a call of ${called?.tool}, not ${expected}`);
      if (f.kind === 'error-text' && result?.isError !== true)
        problems.push(`${f.id}: ${ref} is not an isError result`);
      if (f.kind === 'output-schema' && (result === undefined || result.isError === true))
        problems.push(`${f.id}: ${ref} is not a successful result`);
    }
  }
  return problems;
}

/**
 * Every failed first try's evidence, read back from the tapes: each cited line (wire or agent) is a
 * line of that very trial (its corr id, or its `::verify` calls). Returns what disagrees.
 */
export function dishonestFailures(block: FindingsBlock, wire: Tape, agent: Tape): string[] {
  const planes = {
    wire: new Map(wire.records.map((r) => [r.line, r])),
    agent: new Map(agent.records.map((r) => [r.line, r])),
  };
  const problems: string[] = [];
  for (const t of block.failures?.trials ?? [])
    for (const ref of t.evidence) {
      const [plane, n] = ref.split(':');
      const record = plane === 'wire' || plane === 'agent' ? planes[plane].get(Number(n)) : undefined;
      const corr =
        record !== undefined && 'corr_id' in (record.value as object)
          ? (record.value as { corr_id?: string }).corr_id
          : undefined;
      if (corr?.replace(/::verify$/, '') !== t.trial)
        problems.push(`${t.trial}: ${ref} is a line of ${corr ?? 'no trial'}`);
    }
  return problems;
}
