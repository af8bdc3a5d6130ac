import type { Finding } from '../record/findings.js';
import { percentileNearestRank } from '../stats/percentile.js';
import { finding, present } from './build.js';
import { type Call, refOf } from './calls.js';

/** The latency rule: a tool is an outlier when its p95 exceeds both bounds. */
export const LATENCY_RULE = { factor: 4, floorMs: 250, minSamples: 5 } as const;

export interface LatencyOutcome {
  findings: Finding[];
  medianToolP95Ms?: number;
}

/**
 * Per-tool latency outliers over the run's answered tools/call exchanges (every phase: it is the
 * server's latency whoever called), leaving out the first call of each corr id: it is the first on a
 * fresh session (over stdio, a fresh process) and carries its start-up, which is the harness's doing.
 * A tool with at least `minSamples` answered calls whose p95 is
 * over `factor` × the median tool's p95 and over `floorMs`. The median is over tools with enough
 * samples, nearest rank, and needs at least three of them to be a median worth comparing against.
 */
export function latencyFindings(calls: readonly Call[], rule = LATENCY_RULE): LatencyOutcome {
  const byTool = new Map<string, Call[]>();
  const seen = new Set<string>();
  for (const c of calls) {
    const cold = !seen.has(c.corrId);
    seen.add(c.corrId);
    if (cold || c.latencyMs === undefined || c.responseLine === undefined) continue;
    const list = byTool.get(c.tool) ?? [];
    list.push(c);
    byTool.set(c.tool, list);
  }
  const p95s = new Map<string, number>();
  for (const [tool, list] of byTool) {
    if (list.length < rule.minSamples) continue;
    const p95 = percentileNearestRank(
      list.map((c) => c.latencyMs ?? 0),
      95,
    );
    if (p95 !== undefined) p95s.set(tool, p95);
  }
  if (p95s.size < 3) return { findings: [] };
  const median = percentileNearestRank([...p95s.values()], 50) ?? 0;
  const bound = Math.max(median * rule.factor, rule.floorMs);
  const findings = [...p95s]
    .filter(([, p95]) => p95 > bound)
    .map(([tool, p95]) => {
      const slow = (byTool.get(tool) ?? []).filter((c) => (c.latencyMs ?? 0) > bound);
      return finding({
        kind: 'latency-outlier',
        tool,
        count: slow.length,
        summary: `${tool}'s p95 latency is ${p95} ms against ${median} ms for the run's median tool (over ${rule.factor}× and over ${rule.floorMs} ms); ${slow.length} of its ${byTool.get(tool)?.length ?? 0} answered calls took longer than ${bound} ms.`,
        refs: slow.map(refOf),
        detail: { p95Ms: p95, medianToolP95Ms: median, samples: byTool.get(tool)?.length ?? 0 },
      });
    })
    .filter(present);
  return { findings, medianToolP95Ms: median };
}
