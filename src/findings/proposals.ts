import { z } from 'zod';
import type { Finding, Proposal } from '../record/findings.js';
import { FromHandle, type Task } from '../suite/schema.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { valueKind } from './arguments.js';

/** The offline generator's name, on every proposal it writes. */
export const RULES_GENERATOR = 'rules/1';

/** Where a plan got a parameter's value: `{$from: {step, pointer}}` resolved to the step's tool and field. */
interface Source {
  tool: string;
  field: string;
  example: unknown;
}

function sourceOf(tasks: readonly Task[], tool: string, param: string): Source | undefined {
  for (const task of tasks) {
    for (const [i, step] of task.plan.entries()) {
      if (step.tool !== tool) continue;
      const handle = FromHandle.safeParse(step.arguments[param]);
      if (!handle.success) continue;
      const from = handle.data.$from;
      const example = task.boundArguments[i]?.[param];
      const origin = task.plan[from.step]?.tool;
      const field = from.pointer.split('/').at(-1) ?? '';
      if (origin !== undefined && field !== '' && !/^\d+$/.test(field))
        return { tool: origin, field, example };
    }
  }
  return undefined;
}

function exampleOf(tasks: readonly Task[], tool: string, param: string): unknown {
  for (const task of tasks)
    for (const [i, step] of task.plan.entries())
      if (step.tool === tool && task.boundArguments[i]?.[param] !== undefined)
        return task.boundArguments[i]?.[param];
  return undefined;
}

const Examples = z.array(z.looseObject({ sent: z.string().optional() }));

const KIND_WORDS: Record<string, string> = {
  integer: 'numeric id',
  digits: 'numeric id written as digits',
  uuid: 'UUID',
  code: 'code',
  path: 'path',
  text: 'name',
};

function parameterDoc(f: Finding, tasks: readonly Task[]) {
  const param = f.parameter ?? '';
  const source = sourceOf(tasks, f.tool, param);
  const example = source?.example ?? exampleOf(tasks, f.tool, param);
  const kind = example === undefined ? undefined : valueKind(example);
  const what = kind === undefined ? 'value its schema describes' : (KIND_WORDS[kind] ?? kind);
  const parsed = Examples.safeParse(f.detail?.examples);
  const sentKinds = parsed.success ? parsed.data.map((e) => e.sent) : [];
  const not = kind !== undefined && kind !== 'text' && sentKinds.length > 0 ? ', not its name' : '';
  const from = source ? `, as ${source.tool} returns it in \`${source.field}\`` : '';
  const eg = example === undefined ? '' : ` (for example ${JSON.stringify(example)})`;
  const description = `The ${what}${from}${eg}${not}.`;
  const renamed =
    source &&
    source.field.toLowerCase() !== param.toLowerCase() &&
    source.field.toLowerCase().includes(param.toLowerCase())
      ? source.field
      : kind !== undefined && kind !== 'text' && !/id$/i.test(param)
        ? `${param}Id`
        : undefined;
  return { name: param, description, ...(renamed === undefined ? {} : { rename: renamed }) };
}

function serverChange(f: Finding, params: Proposal['parameters']): string | undefined {
  const param = params[0];
  switch (f.kind) {
    case 'error-text':
      return `Make its error texts say what was wrong and what to do: name the parameter, the form expected${param ? ` (for example "${param.name}: ${param.description.replace(/\.$/, '')}")` : ''} and the tool that gives valid values.`;
    case 'output-schema':
      return 'Return structuredContent that conforms to the declared outputSchema (or correct the schema to what the tool returns).';
    case 'annotation-missing':
      return 'Declare annotations (readOnlyHint, destructiveHint, idempotentHint, openWorldHint) as the tool really behaves.';
    case 'annotation-conflict':
      return 'Correct the declared hints so that they agree with what the tool does.';
    case 'latency-outlier':
      return "Look at why this tool is slow at the tail (its p95 is far above the run's median tool).";
    case 'server-error':
      return 'Look at the errors it answered in the drive (quoted in the finding): a call the task needed failed on the server.';
    case 'unread-result':
      return 'Return the answer where an agent looks for it: a named field (structuredContent, or one labelled line) rather than a blob the agent did not read.';
    case 'timeout':
      return 'Answer within the call deadline, or say in the description what makes a call slow and how to keep it small.';
    default:
      return undefined;
  }
}

function descriptionFor(
  tool: ToolDescriptor | undefined,
  name: string,
  mine: readonly Finding[],
  params: Proposal['parameters'],
): string {
  const base = (tool?.description ?? '').trim().replace(/\.?$/, '.');
  const sentences: string[] = [base === '.' ? `${name}.` : base];
  const rivals = [
    ...new Set(mine.filter((f) => f.kind === 'wrong-tool').map((f) => String(f.detail?.chosen ?? ''))),
  ].filter((r) => r !== '');
  if (rivals.length > 0) sentences.unshift(`Use this tool, not ${rivals.join(' or ')}, for this.`);
  for (const p of params)
    sentences.push(
      `Its ${p.name}${p.rename ? ` (better named ${p.rename})` : ''} is ${p.description[0]?.toLowerCase()}${p.description.slice(1)}`,
    );
  return sentences.join(' ');
}

/**
 * Deterministic rewrite proposals (offline, no model): for each tool with a finding, a description
 * that names the tools it was confused with and documents the parameters agents got wrong (the form
 * the plan used, where the plan took it from, a rename when the name hides that form), plus the
 * changes a description cannot make. Every proposal cites the findings it answers.
 */
export function ruleProposals(
  findings: readonly Finding[],
  tools: ReadonlyMap<string, ToolDescriptor>,
  tasks: readonly Task[],
): Proposal[] {
  const byTool = new Map<string, Finding[]>();
  for (const f of findings) byTool.set(f.tool, [...(byTool.get(f.tool) ?? []), f]);
  return [...byTool].map(([name, mine]) => {
    const params = mine.filter((f) => f.kind === 'argument-misuse').map((f) => parameterDoc(f, tasks));
    const changes = [...new Set(mine.map((f) => serverChange(f, params)).filter((c) => c !== undefined))];
    return {
      tool: name,
      source: 'rules',
      generator: RULES_GENERATOR,
      description: descriptionFor(tools.get(name), name, mine, params),
      parameters: params,
      serverChanges: changes,
      answers: mine.map((f) => f.id),
    };
  });
}
