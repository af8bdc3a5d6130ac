import { z } from 'zod';
import { isRecord } from '../../core/json.js';

/**
 * The plan block the reference agent follows. A prompt (system or user text) carrying
 *
 *     ```plan
 *     [{"tool": "list_users", "arguments": {}},
 *      {"tool": "get_user", "arguments": {"id": {"$from": {"step": 0, "pointer": "/users/0/id"}}}}]
 *     ```
 *
 * makes the heuristic call those tools in order; a `$from` value is replaced by the JSON pointer's
 * target in step `step`'s result (structuredContent, or the text content parsed as JSON).
 */
const planStepSchema = z.object({
  tool: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
});
const planSchema = z.array(planStepSchema).min(1);
export type PlanStep = z.infer<typeof planStepSchema>;

const PLAN_BLOCK = /```plan[ \t]*\r?\n([\s\S]*?)```/;

export type PlanParse =
  | { kind: 'none' }
  | { kind: 'plan'; steps: PlanStep[] }
  | { kind: 'invalid'; reason: string };

export function findPlan(text: string): PlanParse {
  const m = PLAN_BLOCK.exec(text);
  if (m === null) return { kind: 'none' };
  let json: unknown;
  try {
    json = JSON.parse(m[1] ?? '');
  } catch {
    return { kind: 'invalid', reason: 'the plan block is not valid JSON' };
  }
  const parsed = planSchema.safeParse(json);
  if (!parsed.success) {
    return { kind: 'invalid', reason: 'the plan block must be a non-empty array of {tool, arguments}' };
  }
  return { kind: 'plan', steps: parsed.data };
}

/** RFC 6901 JSON pointer lookup; undefined when the path does not exist. */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  if (!pointer.startsWith('/')) return undefined;
  let current: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
      current = current[Number(key)];
    } else if (isRecord(current) && Object.hasOwn(current, key)) {
      current = current[key];
    } else {
      return undefined;
    }
  }
  return current;
}

const fromSchema = z
  .object({ $from: z.object({ step: z.number().int().min(0), pointer: z.string() }).strict() })
  .strict();

export class UnresolvedReference extends Error {
  constructor(
    readonly step: number,
    readonly pointer: string,
  ) {
    super(`$from step ${step} pointer '${pointer}' resolves to nothing`);
  }
}

/** Replace every `{"$from": …}` inside `value` with its target in the earlier results' data. */
export function resolveRefs(value: unknown, stepData: readonly unknown[]): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, stepData));
  if (typeof value !== 'object' || value === null) return value;
  const ref = fromSchema.safeParse(value);
  if (ref.success) {
    const { step, pointer } = ref.data.$from;
    const target = step < stepData.length ? resolvePointer(stepData[step], pointer) : undefined;
    if (target === undefined) throw new UnresolvedReference(step, pointer);
    return target;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, stepData)]));
}
