import * as z from 'zod/mini';

/**
 * The names a run's stages and trial phases go by, each list declared once, here: the lowest layer
 * that needs them (a tape line's corr id names a stage or a trial's phase; the record, the gates,
 * the pipeline, the board and the viewer read them from here, through `.options` and the inferred
 * types). zod/mini, with no node-only import: the viewer bundles this module too, and classic zod
 * schemas take these enums as they are.
 */

/** The three null phases, in the order they run: no tools, tools that answer empty, random arguments. */
export const NullPhase = z.enum(['null-no-tools', 'null-stubbed-empty', 'null-random-args']);
export type NullPhase = z.infer<typeof NullPhase>;

/** The phases a trial can run in, in pipeline order. */
export const Phase = z.enum(['screen', ...NullPhase.options, 'construct', 'drive']);
export type Phase = z.infer<typeof Phase>;

/** The pipeline's stages, in the order they complete (a run's `void.completed.stages`, the live display). */
export const Stage = z.enum([
  'connect',
  'probes',
  'surface',
  'policy',
  'generate',
  'admit',
  'screen',
  'register',
  'prereg',
  'nulls',
  'construct',
  'drive',
  'findings',
]);
export type Stage = z.infer<typeof Stage>;

/**
 * What the harness's own lines carry as corr id: the stages that tag theirs with the stage's name,
 * in pipeline order, and `health`, the fresh session that checks a failing target is still there.
 */
export const CorrStage = z.enum(['connect', 'surface', 'generate', 'admit', 'register', 'prereg', 'health']);
export type CorrStage = z.infer<typeof CorrStage>;

/** One value per null phase, in their order: `f` of each (the loop fills every key the type names). */
export function perNullPhase<T>(f: (phase: NullPhase) => T): Record<NullPhase, T> {
  const out = {} as Record<NullPhase, T>;
  for (const phase of NullPhase.options) out[phase] = f(phase);
  return out;
}
