// The hosted-latency model the bench wraps around the offline runner: wall times of hosted model
// steps and remote tool calls observed on published tapes (bench/data/latency-profile.json, its
// source inside), replayed as seeded draws. Everything here is injected at the edges by the bench
// (a wrapping model, a delaying session); nothing in src/ knows about it.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { summarize } from '../../../src/core/issues.js';

const Ms = z.number().finite().nonnegative();

const ModelSample = z.object({
  ms: Ms,
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
});
const ToolSample = z.object({ server: z.string(), tool: z.string(), ms: Ms });

const Block = <T extends z.ZodType>(sample: T) =>
  z.object({
    what: z.string().min(1),
    count: z.number().int().positive(),
    medianMs: Ms,
    p95Ms: Ms,
    samples: z.array(sample).min(1),
  });

export const LatencyProfile = z
  .object({
    schema: z.literal('latency-profile/1'),
    model: Block(ModelSample).extend({ model: z.string().min(1), source: z.string().min(1) }),
    tools: Block(ToolSample),
  })
  .superRefine((p, ctx) => {
    for (const key of ['model', 'tools'] as const) {
      if (p[key].samples.length !== p[key].count)
        ctx.addIssue({
          code: 'custom',
          path: [key, 'count'],
          message: `says ${p[key].count} samples, the file has ${p[key].samples.length}`,
        });
    }
  });
export type LatencyProfile = z.infer<typeof LatencyProfile>;

/** Reads and validates a profile; any fault is one line naming the file and the field. */
export function loadLatencyProfile(path: string): LatencyProfile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(
      `${path}: cannot read the latency profile (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${path}: not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const parsed = LatencyProfile.safeParse(json, { reportInput: true });
  if (!parsed.success) throw new Error(`${path}: ${summarize(parsed.error.issues)}`);
  return parsed.data;
}

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded draws (with replacement) from the observed wall times, each multiplied by `scale`. */
export interface LatencyDraws {
  modelMs(): number;
  toolMs(): number;
}

export function latencyDraws(profile: LatencyProfile, seed: number, scale = 1): LatencyDraws {
  const model = prng(seed);
  const tools = prng(seed ^ 0x9e3779b9);
  const pick = <T extends { ms: number }>(samples: readonly T[], u: number) =>
    (samples[Math.floor(u * samples.length)]?.ms ?? 0) * scale;
  return {
    modelMs: () => pick(profile.model.samples, model()),
    toolMs: () => pick(profile.tools.samples, tools()),
  };
}

/** Mean of the observed output tokens per hosted model step (the heuristic's own answers are terse). */
export function meanOutputTokens(profile: LatencyProfile): number {
  const s = profile.model.samples;
  return s.reduce((a, x) => a + x.outputTokens, 0) / s.length;
}
