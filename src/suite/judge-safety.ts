import type { LanguageModel } from 'ai';
import { z } from 'zod';
import { DestructiveInference } from './destructive.js';
import { type JudgeCall, judgeObject } from './judge-call.js';
import type { GeneratorFault } from './suite-file.js';
import type { ToolSurface } from './surface.js';

const SafetyOutput = z.object({
  tools: z.array(
    z.object({ tool: z.string(), readOnly: z.boolean(), destructive: z.boolean(), reason: z.string() }),
  ),
});

export const SAFETY_SYSTEM = [
  'You classify MCP tools by their effect. readOnly: the tool never changes any state.',
  'destructive: the tool may delete or overwrite existing data, or act irreversibly outside the server.',
  'Judge from names, descriptions and schemas; annotations are claims by the server, not facts.',
].join(' ');

export interface InferenceResult {
  inferences: DestructiveInference[];
  call: JudgeCall;
  faults: GeneratorFault[];
}

/**
 * The judge's view of each tool's destructiveness, combined with the declared annotations by
 * `surfaceSafety` (fail closed; disagreements recorded). Entries that do not parse, name unknown
 * tools or repeat a tool are dropped and counted as a fault.
 */
export async function inferDestructiveness(input: {
  model: LanguageModel;
  surface: ToolSurface;
  index?: number;
  maxRetries?: number;
}): Promise<InferenceResult> {
  const tools = input.surface.tools.map((tool) => ({
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
    annotations: tool.annotations ?? {},
  }));
  const outcome = await judgeObject({
    model: input.model,
    schema: SafetyOutput,
    schemaName: 'tool_safety',
    system: SAFETY_SYSTEM,
    prompt: `Classify every tool.\nTools: ${JSON.stringify(tools)}`,
    index: input.index ?? 0,
    purpose: 'destructiveness',
    ...(input.maxRetries === undefined ? {} : { maxRetries: input.maxRetries }),
  });
  if (!outcome.ok) {
    const error = outcome.call.error;
    return {
      inferences: [],
      call: outcome.call,
      faults: [
        {
          code: error?.code ?? 'JUDGE_CALL_FAILED',
          message: error?.message ?? 'judge call failed',
          call: outcome.call.index,
        },
      ],
    };
  }
  const known = new Set(input.surface.tools.map((tool) => tool.name));
  const seen = new Set<string>();
  const inferences: DestructiveInference[] = [];
  let dropped = 0;
  for (const entry of outcome.object.tools) {
    const parsed = DestructiveInference.safeParse(entry);
    if (!parsed.success || !known.has(parsed.data.tool) || seen.has(parsed.data.tool)) {
      dropped++;
      continue;
    }
    seen.add(parsed.data.tool);
    inferences.push(parsed.data);
  }
  const faults: GeneratorFault[] =
    dropped === 0
      ? []
      : [
          {
            code: 'JUDGE_OUTPUT_INVALID',
            message: `${dropped} safety entr(y/ies) named unknown or repeated tools`,
            call: outcome.call.index,
          },
        ];
  return { inferences, call: outcome.call, faults };
}
