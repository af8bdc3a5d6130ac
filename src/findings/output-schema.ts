import { compileSchema } from '../core/json-schema.js';
import type { Finding } from '../record/findings.js';
import type { TapeRef } from '../record/probe.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { finding, plural, present } from './build.js';
import { type Call, refOf } from './calls.js';

interface Tally {
  nonConforming: number;
  missing: number;
  refs: TapeRef[];
  problems: Set<string>;
}

/** Why a successful result breaks its tool's declared outputSchema; undefined when it conforms. */
function violation(call: Call, outputSchema: Record<string, unknown>): string | undefined {
  if (call.structured === undefined) return 'no structuredContent although an outputSchema is declared';
  const compiled = compileSchema(outputSchema);
  if (!compiled.ok) return undefined;
  if (compiled.validate(call.structured.value)) return undefined;
  const e = compiled.validate.errors?.[0];
  return e === undefined ? 'does not conform' : `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`;
}

/**
 * Output-schema violations: successful tools/call results, in any phase of the run, whose
 * structuredContent does not conform to the tool's declared outputSchema (or is absent). The
 * server's fault whoever made the call, so it is never counted against the agent.
 */
export function outputSchemaFindings(
  calls: readonly Call[],
  tools: ReadonlyMap<string, ToolDescriptor>,
): Finding[] {
  const tallies = new Map<string, Tally>();
  for (const call of calls) {
    const schema = tools.get(call.tool)?.outputSchema;
    if (call.outcome !== 'result' || schema === undefined) continue;
    const why = violation(call, schema);
    if (why === undefined) continue;
    const t = tallies.get(call.tool) ?? { nonConforming: 0, missing: 0, refs: [], problems: new Set() };
    tallies.set(call.tool, t);
    if (call.structured === undefined) t.missing += 1;
    else t.nonConforming += 1;
    t.refs.push(refOf(call));
    if (t.problems.size < 3) t.problems.add(why);
  }
  return [...tallies]
    .map(([tool, t]) =>
      finding({
        kind: 'output-schema',
        tool,
        count: t.nonConforming + t.missing,
        summary: `${plural(t.nonConforming + t.missing, 'result')} of ${tool} broke its declared outputSchema (${[...t.problems].join('; ')}); this is the server's, whoever called it.`,
        refs: t.refs,
        detail: { nonConforming: t.nonConforming, missingStructured: t.missing, problems: [...t.problems] },
      }),
    )
    .filter(present);
}
