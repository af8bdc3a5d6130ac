import { z } from 'zod';
import type { ToolDescriptor, ToolSurface } from './surface.js';

/** What a judge model inferred about one tool (untrusted: parsed before use). */
export const DestructiveInference = z.looseObject({
  tool: z.string().min(1),
  readOnly: z.boolean(),
  destructive: z.boolean(),
  reason: z.string(),
});
export type DestructiveInference = z.infer<typeof DestructiveInference>;

/** Why a tool may be explored, or `none` (the policy is explorable.ts's). */
export const SafetyBasis = z.enum(['declared', 'asserted', 'inferred', 'allow-destructive', 'none']);
export type SafetyBasis = z.infer<typeof SafetyBasis>;

export const ToolSafety = z.looseObject({
  tool: z.string(),
  declared: z.looseObject({ readOnlyHint: z.boolean().optional(), destructiveHint: z.boolean().optional() }),
  /** From annotations with the spec defaults applied. */
  byAnnotations: z.looseObject({ readOnly: z.boolean(), destructive: z.boolean() }),
  inferred: DestructiveInference.optional(),
  disagreement: z.boolean(),
  /** What the run acts on. */
  readOnly: z.boolean(),
  destructive: z.boolean(),
  /** explore/2's explorable-tools policy (absent on suites written before it). */
  explorable: z.boolean().optional(),
  basis: SafetyBasis.optional(),
  basisDetail: z.string().optional(),
  /** An inferred tool's reason: it reads what the server holds, or computes from its arguments (absent before it). */
  basisReason: z.enum(['reads', 'computes']).optional(),
  /** Its answer depends on the current time (a clock): none of its values is a key (absent when not). */
  timeDependent: z.boolean().optional(),
});
export type ToolSafety = z.infer<typeof ToolSafety>;

/**
 * MCP annotation defaults: readOnlyHint false, destructiveHint true, so an unannotated tool is
 * destructive. destructiveHint only means something when readOnlyHint is false: a read-only tool
 * is never destructive.
 */
export function byAnnotations(tool: ToolDescriptor): { readOnly: boolean; destructive: boolean } {
  const readOnly = tool.annotations?.readOnlyHint ?? false;
  return { readOnly, destructive: !readOnly && (tool.annotations?.destructiveHint ?? true) };
}

/**
 * Combines the declared signal with an optional judge inference. Both directions fail closed:
 * a tool is read-only only if both say so and destructive if either says so, because a wrong
 * "safe" costs a mutated server and a wrong "unsafe" only costs a candidate.
 */
export function toolSafety(tool: ToolDescriptor, inferred?: DestructiveInference): ToolSafety {
  const declaredSignal = byAnnotations(tool);
  const declared: ToolSafety['declared'] = {};
  if (tool.annotations?.readOnlyHint !== undefined) declared.readOnlyHint = tool.annotations.readOnlyHint;
  if (tool.annotations?.destructiveHint !== undefined)
    declared.destructiveHint = tool.annotations.destructiveHint;
  const safety: ToolSafety = {
    tool: tool.name,
    declared,
    byAnnotations: declaredSignal,
    disagreement: false,
    readOnly: declaredSignal.readOnly,
    destructive: declaredSignal.destructive,
  };
  if (inferred === undefined) return safety;
  return {
    ...safety,
    inferred,
    disagreement:
      inferred.readOnly !== declaredSignal.readOnly || inferred.destructive !== declaredSignal.destructive,
    readOnly: declaredSignal.readOnly && inferred.readOnly && !inferred.destructive,
    destructive: declaredSignal.destructive || inferred.destructive,
  };
}

/** One entry per tool of the surface, in surface order; inferences for unknown tools are ignored. */
export function surfaceSafety(
  surface: ToolSurface,
  inferences: readonly DestructiveInference[] = [],
): ToolSafety[] {
  const byTool = new Map(inferences.map((inference) => [inference.tool, inference]));
  return surface.tools.map((tool) => toolSafety(tool, byTool.get(tool.name)));
}

export function safetyIndex(safety: readonly ToolSafety[]): Map<string, ToolSafety> {
  return new Map(safety.map((entry) => [entry.tool, entry]));
}
