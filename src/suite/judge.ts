import type { LanguageModel } from 'ai';
import { z } from 'zod';
import type { ToolSafety } from './destructive.js';
import { type JudgeCall, judgeObject } from './judge-call.js';
import type { GeneratorFault } from './suite-file.js';
import type { ToolSurface } from './surface.js';

export const JUDGE = { name: 'judge', version: '1' } as const;

/**
 * What the judge is asked to return. The shape guides the model; it is not trusted: every item
 * is re-parsed and admitted like any other candidate, and ids are assigned by the harness.
 */
const JudgeExtract = z.union([
  z.object({ kind: z.literal('pointer'), pointer: z.string(), source: z.enum(['structured', 'text-json']) }),
  z.object({ kind: z.literal('regex'), pattern: z.string(), flags: z.string(), group: z.number() }),
]);
const JudgeAnswerCheck = z.union([
  z.object({ kind: z.literal('contains') }),
  z.object({ kind: z.literal('matches'), pattern: z.string(), flags: z.string() }),
  z.object({ kind: z.literal('number'), tolerance: z.number() }),
  z.object({ kind: z.literal('json'), pointer: z.string() }),
]);
const JudgeCheck = z.union([
  JudgeAnswerCheck,
  z.object({
    kind: z.literal('state'),
    call: z.object({ tool: z.string(), arguments: z.record(z.string(), z.unknown()) }),
    extract: JudgeExtract,
    expect: JudgeAnswerCheck,
  }),
]);
export const JudgeCandidate = z.object({
  prompt: z.string().describe('The task as a user would ask it. Never contains the answer.'),
  expectedTools: z.array(z.string()),
  plan: z.array(z.object({ tool: z.string(), arguments: z.record(z.string(), z.unknown()) })),
  extract: JudgeExtract,
  check: JudgeCheck,
  destructive: z.boolean(),
  serverRequiredBecause: z.string(),
});
export const JudgeOutput = z.object({ candidates: z.array(JudgeCandidate) });

export interface JudgeOptions {
  model: LanguageModel;
  surface: ToolSurface;
  safety: readonly ToolSafety[];
  /** Candidates asked: ceil((tasks + reserve) × overGeneration). */
  count: number;
  allowDestructive: boolean;
  /** Judge calls at most (each asks for what is still missing). */
  maxCalls?: number;
  maxRetries?: number;
  /** Called after every judge call, for the judge plane. */
  onCall?: (call: JudgeCall) => void;
}

export interface JudgeResult {
  /** Raw proposals with harness-assigned ids; admission decides what they are. */
  proposals: unknown[];
  calls: JudgeCall[];
  faults: GeneratorFault[];
}

export const JUDGE_SYSTEM = [
  'You write evaluation tasks for an MCP server. Each task must need the server: its answer is a value',
  'that only the server returns, never general knowledge, and never written in the task, the tool',
  'descriptions or the server instructions. For each task give the exact call plan a reference agent',
  'would make (arguments valid against the input schema; a later step may use',
  '{"$from": {"step": <earlier step index>, "pointer": "<JSON pointer into that result>"}}), where the answer',
  'sits in the last result (`extract`: a JSON pointer into structuredContent, or a regex group over the',
  'text), and how the final answer is checked. Leave literals out of checks: the harness runs the plan',
  'and binds the check to the value the server actually returns. Answers must be at least 4 characters',
  '(no yes/no, no small counts). Prompts name every input value the agent needs and contain no',
  'placeholders.',
].join(' ');

/** The judge/1 generator: candidates from the judge model as structured output. */
export async function judgeCandidates(options: JudgeOptions): Promise<JudgeResult> {
  const proposals: unknown[] = [];
  const calls: JudgeCall[] = [];
  const faults: GeneratorFault[] = [];
  const maxCalls = options.maxCalls ?? 2;
  for (let index = 0; index < maxCalls && proposals.length < options.count; index++) {
    const outcome = await judgeObject({
      model: options.model,
      schema: JudgeOutput,
      schemaName: 'candidates',
      system: JUDGE_SYSTEM,
      prompt: judgePrompt(options, options.count - proposals.length, proposals),
      index,
      purpose: 'candidates',
      ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    });
    calls.push(outcome.call);
    options.onCall?.(outcome.call);
    const items = outcome.ok ? outcome.object.candidates : salvage(outcome.salvage);
    if (!outcome.ok) {
      const error = outcome.call.error;
      faults.push({
        code: error?.code ?? 'JUDGE_CALL_FAILED',
        message: `${error?.message ?? 'judge call failed'}${items.length > 0 ? ` (${items.length} item(s) salvaged for admission)` : ''}`,
        call: index,
      });
      if (error?.code === 'JUDGE_CALL_FAILED') break;
    }
    for (const item of items.slice(0, options.count - proposals.length)) {
      proposals.push(withId(item, proposals.length + 1));
    }
  }
  return { proposals, calls, faults };
}

/** Items of an output that failed the schema as a whole: each still goes to admission on its own. */
function salvage(raw: unknown): unknown[] {
  if (raw !== null && typeof raw === 'object' && 'candidates' in raw && Array.isArray(raw.candidates)) {
    return raw.candidates;
  }
  return [];
}

function withId(item: unknown, n: number): unknown {
  const id = `j${String(n).padStart(3, '0')}`;
  return item !== null && typeof item === 'object' && !Array.isArray(item)
    ? { ...item, id }
    : { id, raw: item };
}

function judgePrompt(options: JudgeOptions, wanted: number, already: readonly unknown[]): string {
  const safety = new Map(options.safety.map((s) => [s.tool, s]));
  const tools = options.surface.tools.map((tool) => ({
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    annotations: tool.annotations ?? {},
    destructive: safety.get(tool.name)?.destructive ?? true,
  }));
  const lines = [
    `Write ${wanted} distinct tasks.`,
    options.allowDestructive
      ? 'Destructive tools may be used.'
      : 'Do not use tools marked destructive: such tasks are excluded in this run.',
    `Server instructions: ${JSON.stringify(options.surface.instructions ?? '')}`,
    `Tools: ${JSON.stringify(tools)}`,
  ];
  const prompts = already.flatMap((p) =>
    p !== null && typeof p === 'object' && 'prompt' in p && typeof p.prompt === 'string' ? [p.prompt] : [],
  );
  if (prompts.length > 0) lines.push(`Already proposed (do not repeat): ${JSON.stringify(prompts)}`);
  return lines.join('\n');
}
