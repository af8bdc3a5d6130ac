import type { Finding } from '../record/findings.js';
import type { ToolSafety } from '../suite/destructive.js';
import { toolAction } from '../suite/tool-action.js';
import { finding, present } from './build.js';
import type { ListedTool } from './surface.js';

/** What the declared hints say, in words. */
function hints(tool: ListedTool['tool']): string {
  const a = tool.annotations ?? {};
  const parts = (['readOnlyHint', 'destructiveHint'] as const)
    .filter((k) => a[k] !== undefined)
    .map((k) => `${k}: ${a[k]}`);
  return parts.length === 0 ? 'no readOnlyHint or destructiveHint' : parts.join(', ');
}

/** Why the declared hints disagree with the destructiveness signal; undefined when they agree. */
function conflict(
  tool: ListedTool['tool'],
  safety: ToolSafety | undefined,
  otherTools: readonly string[],
): string | undefined {
  const a = tool.annotations ?? {};
  if (a.readOnlyHint === true && a.destructiveHint === true)
    return 'a read-only tool cannot also be destructive: the hints contradict each other';
  const judged = safety?.inferred;
  if (safety?.disagreement === true && judged !== undefined)
    return `the judge read it as ${judged.destructive ? 'destructive' : judged.readOnly ? 'read-only' : 'not read-only'} (${judged.reason})`;
  // The same sentence-level reading as read-only inference (suite/tool-action.ts).
  const rule = toolAction(tool, otherTools);
  if (a.readOnlyHint === true && rule.action === 'write')
    return `its name or description says otherwise (${rule.detail})`;
  if (
    (a.readOnlyHint === false || a.destructiveHint === true) &&
    (rule.action === 'read' || rule.action === 'compute') &&
    a.destructiveHint !== false
  )
    return `its name and description read as a pure ${rule.action === 'read' ? 'read' : 'computation'} (${rule.detail}), so an agent that avoids destructive tools will not use it`;
  return undefined;
}

/**
 * Annotation findings, from the tools/list the run measured: a tool with no annotations at all
 * (the spec's defaults then make it destructive, so careful agents and harnesses avoid it), and a
 * tool whose declared hints disagree with the run's destructiveness signal (its name and
 * description, or a judge's reading). Each cites the tools/list response line.
 */
export function annotationFindings(listed: readonly ListedTool[], safety: readonly ToolSafety[]): Finding[] {
  const bySafety = new Map(safety.map((s) => [s.tool, s]));
  const names = listed.map((l) => l.tool.name);
  const out: (Finding | undefined)[] = [];
  for (const { tool, line } of listed) {
    const refs = [`wire:${line}` as const];
    if (tool.annotations === undefined || Object.keys(tool.annotations).length === 0) {
      out.push(
        finding({
          kind: 'annotation-missing',
          tool: tool.name,
          count: 1,
          summary: `${tool.name} declares no annotations, so by the spec's defaults it is destructive and not read-only; declare readOnlyHint (and destructiveHint) as it really behaves.`,
          refs,
        }),
      );
      continue;
    }
    const why = conflict(tool, bySafety.get(tool.name), names);
    if (why === undefined) continue;
    out.push(
      finding({
        kind: 'annotation-conflict',
        tool: tool.name,
        count: 1,
        summary: `${tool.name} declares ${hints(tool)}, but ${why}.`,
        refs,
        detail: { declared: tool.annotations },
      }),
    );
  }
  return out.filter(present);
}
