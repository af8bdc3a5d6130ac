import { generateObject, type LanguageModel, type LanguageModelUsage, NoObjectGeneratedError } from 'ai';
import type { z } from 'zod';

/** One judge model call, as the judge plane records it. */
export interface JudgeCall {
  index: number;
  purpose: 'candidates' | 'destructiveness' | 'proposals';
  system: string;
  prompt: string;
  startedAt: string;
  durationMs: number;
  /** The output: the parsed object re-serialised on success, the raw model text on invalid output. */
  text?: string;
  usage?: LanguageModelUsage;
  finishReason?: string;
  /** Why the call produced no valid object: invalid output or an API failure. */
  error?: { code: 'JUDGE_OUTPUT_INVALID' | 'JUDGE_CALL_FAILED'; message: string };
}

export type JudgeOutcome<T> =
  | { ok: true; object: T; call: JudgeCall }
  | { ok: false; call: JudgeCall; salvage?: unknown };

/**
 * generateObject with the failure modes kept as data: output that does not match the schema is a
 * recorded fault (its raw JSON, when it parses, is handed back for salvage), and an API failure
 * is a recorded fault too. Nothing here throws for a misbehaving model.
 */
export async function judgeObject<T>(input: {
  model: LanguageModel;
  schema: z.ZodType<T>;
  schemaName: string;
  system: string;
  prompt: string;
  index: number;
  purpose: JudgeCall['purpose'];
  maxRetries?: number;
}): Promise<JudgeOutcome<T>> {
  const started = Date.now();
  const base = {
    index: input.index,
    purpose: input.purpose,
    system: input.system,
    prompt: input.prompt,
    startedAt: new Date(started).toISOString(),
  };
  try {
    const result = await generateObject({
      model: input.model,
      schema: input.schema,
      schemaName: input.schemaName,
      system: input.system,
      prompt: input.prompt,
      maxRetries: input.maxRetries ?? 2,
    });
    const call: JudgeCall = {
      ...base,
      durationMs: Date.now() - started,
      usage: result.usage,
      finishReason: result.finishReason,
      text: JSON.stringify(result.object),
    };
    return { ok: true, object: result.object, call };
  } catch (err) {
    const durationMs = Date.now() - started;
    if (NoObjectGeneratedError.isInstance(err)) {
      const call: JudgeCall = {
        ...base,
        durationMs,
        error: { code: 'JUDGE_OUTPUT_INVALID', message: oneLine(err.cause ?? err) },
      };
      if (err.text !== undefined) call.text = err.text;
      if (err.usage !== undefined) call.usage = err.usage;
      if (err.finishReason !== undefined) call.finishReason = err.finishReason;
      return { ok: false, call, salvage: parseJson(err.text) };
    }
    return {
      ok: false,
      call: { ...base, durationMs, error: { code: 'JUDGE_CALL_FAILED', message: oneLine(err) } },
    };
  }
}

function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s+/g, ' ').slice(0, 500);
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
