import { compileSchema } from '../core/json-schema.js';
import type { Finding } from '../record/findings.js';
import type { TapeRef } from '../record/probe.js';
import type { Task } from '../suite/schema.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { clip, finding, plural, present, unsecret } from './build.js';
import { type Call, type DriveTrial, failed, refOf } from './calls.js';

/** The kind of a value, coarse enough that an id and a name differ and two ids do not. */
export function valueKind(raw: unknown): string {
  // Kinds are read from what a published copy shows (a credential is its marker), so they agree.
  const value = typeof raw === 'string' ? unsecret(raw) : raw;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string') {
    if (/^-?\d+$/.test(value.trim())) return 'digits';
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value)) return 'uuid';
    if (/^[\w.-]*\d[\w.-]*$/.test(value) && !/\s/.test(value)) return 'code';
    if (/[/\\]/.test(value)) return 'path';
    return 'text';
  }
  return typeof value;
}

/** Kinds that are one value written two ways (5201 and "5201"). */
const sameValue = (a: string, b: string) =>
  a === b || (a === 'integer' && b === 'digits') || (a === 'digits' && b === 'integer');

interface Group {
  tool: string;
  parameter: string;
  invalid: number;
  disagreed: number;
  refs: TapeRef[];
  examples: { sent: string; planUsed?: string }[];
}

const show = (v: unknown) => clip(typeof v === 'string' ? JSON.stringify(v) : String(JSON.stringify(v)), 60);

/** The parameters an invalid call got wrong, by its schema's errors (required, type, enum …). */
export function invalidParameters(call: Call, tool: ToolDescriptor | undefined): string[] {
  if (tool === undefined) return [];
  const compiled = compileSchema(tool.inputSchema, { allErrors: true });
  if (!compiled.ok || compiled.validate(call.arguments)) return [];
  const params = (compiled.validate.errors ?? []).map((e) => {
    const detail: Record<string, unknown> = e.params;
    if (typeof detail.missingProperty === 'string') return detail.missingProperty;
    if (typeof detail.additionalProperty === 'string') return detail.additionalProperty;
    return e.instancePath.split('/')[1] ?? '';
  });
  return [...new Set(params.filter((p) => p !== ''))];
}

/** The plan's bound arguments for this tool in this task (every step that calls it). */
export function planArguments(task: Task | undefined, tool: string): Record<string, unknown>[] {
  if (task === undefined) return [];
  return task.plan.flatMap((step, i) => (step.tool === tool ? [task.boundArguments[i] ?? {}] : []));
}

/** Parameters whose value is of another kind than every plan step calling this tool used. */
export function disagreements(call: Call, plans: readonly Record<string, unknown>[]): [string, unknown][] {
  if (plans.length === 0) return [];
  const out: [string, unknown][] = [];
  for (const [param, sent] of Object.entries(call.arguments)) {
    const used = plans.map((p) => p[param]).filter((v) => v !== undefined);
    if (used.length === 0) continue;
    if (used.some((u) => sameValue(valueKind(u), valueKind(sent)))) continue;
    out.push([param, used[0]]);
  }
  return out;
}

/**
 * Argument misuse in the drive, grouped by tool and parameter: failed calls whose arguments the
 * tool's own inputSchema rejects, and calls that failed (or whose trial did not pass) with a value
 * of another kind than the plan used for that parameter (a name where the plan passed an id).
 */
export function argumentFindings(
  trials: readonly DriveTrial[],
  tasks: ReadonlyMap<string, Task>,
  tools: ReadonlyMap<string, ToolDescriptor>,
): Finding[] {
  const groups = new Map<string, Group>();
  const group = (tool: string, parameter: string) => {
    const key = `${tool}\u0000${parameter}`;
    const g = groups.get(key) ?? { tool, parameter, invalid: 0, disagreed: 0, refs: [], examples: [] };
    groups.set(key, g);
    return g;
  };
  for (const trial of trials) {
    const plans = (tool: string) => planArguments(tasks.get(trial.taskId), tool);
    for (const call of trial.calls) {
      const invalid = failed(call) ? invalidParameters(call, tools.get(call.tool)) : [];
      for (const p of invalid) {
        const g = group(call.tool, p);
        g.invalid += 1;
        g.refs.push(refOf(call));
        if (g.examples.length < 3) g.examples.push({ sent: show(call.arguments[p]) });
      }
      if (!failed(call) && trial.checkPassed !== false) continue;
      for (const [p, used] of disagreements(call, plans(call.tool))) {
        if (invalid.includes(p)) continue;
        const g = group(call.tool, p);
        g.disagreed += 1;
        g.refs.push(refOf(call));
        if (g.examples.length < 3) g.examples.push({ sent: show(call.arguments[p]), planUsed: show(used) });
      }
    }
  }
  return [...groups.values()].map(toFinding).filter(present);
}

function toFinding(g: Group): Finding | undefined {
  const parts = [
    g.invalid > 0 ? `${plural(g.invalid, 'call')} sent a value its input schema rejects` : '',
    g.disagreed > 0
      ? `${plural(g.disagreed, 'call')} sent a value of another kind than the plan used (${g.examples
          .filter((e) => e.planUsed !== undefined)
          .map((e) => `${e.sent} where the plan used ${e.planUsed}`)
          .slice(0, 1)
          .join('')})`
      : '',
  ].filter((s) => s !== '');
  return finding({
    kind: 'argument-misuse',
    tool: g.tool,
    parameter: g.parameter,
    count: g.invalid + g.disagreed,
    summary: `${g.tool}.${g.parameter}: ${parts.join('; ')}.`,
    refs: g.refs,
    detail: { invalid: g.invalid, disagreedWithPlan: g.disagreed, examples: g.examples },
  });
}
