import { z } from 'zod';
import type { Finding, Proposal, ProposalEdit, WithheldProposal } from '../record/findings.js';
import { FromHandle, type Task } from '../suite/schema.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { valueKind } from './arguments.js';
import { type ToolGuidance, toolGuidance } from './guidance.js';

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

/** The findings' own words, as the why of the change that answers them. */
const whyOf = (answered: readonly Finding[]) => answered.map((f) => f.summary).join(' ');

const edit = (
  target: ProposalEdit['target'],
  text: string,
  answered: readonly Finding[],
  parameter?: string,
): ProposalEdit => ({
  target,
  ...(parameter === undefined ? {} : { parameter }),
  text,
  why: whyOf(answered),
  answers: answered.map((f) => f.id),
});

interface Planned {
  edits: ProposalEdit[];
  withheld: WithheldProposal[];
}

/**
 * The changes one tool's findings call for, under the server's own guidance (guidance.ts):
 * - a deprecated tool is never made more attractive: no sentence steering agents to it and no
 *   parameter documentation for it, only changes to the server itself;
 * - "use this tool, not X" is never said of a tool whose description tells agents to use X instead;
 * - every change carries the exact text and the findings' own words as its why.
 */
function plan(
  name: string,
  mine: readonly Finding[],
  guidance: ToolGuidance,
  tasks: readonly Task[],
): Planned & { params: Proposal['parameters'] } {
  const edits: ProposalEdit[] = [];
  const withheld: WithheldProposal[] = [];
  const withhold = (answered: readonly Finding[], why: string) => {
    if (answered.length > 0) withheld.push({ tool: name, answers: answered.map((f) => f.id), why });
  };
  const deprecated = guidance.deprecated;
  const wrong = mine.filter((f) => f.kind === 'wrong-tool');
  const chosen = (f: Finding) => String(f.detail?.chosen ?? '');
  const deferred = (f: Finding) => guidance.useInstead.find((u) => u.tool === chosen(f));
  if (deprecated !== undefined)
    withhold(
      wrong,
      `${name} is deprecated by its server (${JSON.stringify(deprecated)}), so no sentence steers agents to it${wrong.some(deferred) ? '; the agent chose the tool it names instead' : ''}`,
    );
  else
    for (const f of wrong.filter(deferred))
      withhold(
        [f],
        `${name}'s description tells agents to use ${chosen(f)} instead (${JSON.stringify(deferred(f)?.text)}), so no sentence says to use ${name}, not ${chosen(f)}`,
      );
  const rivals = deprecated === undefined ? wrong.filter((f) => !deferred(f) && chosen(f) !== '') : [];
  if (rivals.length > 0)
    edits.push(
      edit(
        'description',
        `Use this tool, not ${[...new Set(rivals.map(chosen))].join(' or ')}, for this.`,
        rivals,
      ),
    );
  const misused = mine.filter((f) => f.kind === 'argument-misuse');
  const documented = deprecated === undefined ? misused.map((f) => ({ f, doc: parameterDoc(f, tasks) })) : [];
  const params = documented.map((d) => d.doc);
  if (deprecated !== undefined)
    withhold(
      misused,
      `${name} is deprecated by its server (${JSON.stringify(deprecated)}), so its parameters get no documentation that would draw agents to it`,
    );
  for (const { f, doc } of documented) edits.push(edit('parameter', paramSentence(doc), [f], doc.name));
  const changes = new Map<string, Finding[]>();
  for (const f of mine) {
    const change = serverChange(f, params);
    if (change !== undefined) changes.set(change, [...(changes.get(change) ?? []), f]);
  }
  for (const [text, answered] of changes) edits.push(edit('server', text, answered));
  return { edits, withheld, params };
}

const paramSentence = (p: Proposal['parameters'][number]) =>
  `Its ${p.name}${p.rename ? ` (better named ${p.rename})` : ''} is ${p.description[0]?.toLowerCase()}${p.description.slice(1)}`;

/** The tool's description with the description and parameter sentences of its edits. */
function descriptionFor(
  tool: ToolDescriptor | undefined,
  name: string,
  edits: readonly ProposalEdit[],
): string {
  const base = (tool?.description ?? '').trim().replace(/\.?$/, '.');
  const lead = edits.filter((e) => e.target === 'description').map((e) => e.text);
  const params = edits.filter((e) => e.target === 'parameter').map((e) => e.text);
  return [...lead, base === '.' ? `${name}.` : base, ...params].join(' ');
}

export interface RuleProposals {
  proposals: Proposal[];
  withheld: WithheldProposal[];
}

/**
 * Deterministic rewrite proposals (offline, no model): for each tool with a finding, a description
 * that names the tools it was confused with and documents the parameters agents got wrong (the form
 * the plan used, where the plan took it from, a rename when the name hides that form), plus the
 * changes a description cannot make, each change with its exact text and why. Nothing is proposed
 * against the server's own guidance (a deprecation, a "use X instead"); the findings it would have
 * answered are listed as withheld, with the server's words. Every proposal cites the findings it
 * answers.
 */
export function ruleProposals(
  findings: readonly Finding[],
  tools: ReadonlyMap<string, ToolDescriptor>,
  tasks: readonly Task[],
): RuleProposals {
  const byTool = new Map<string, Finding[]>();
  for (const f of findings) byTool.set(f.tool, [...(byTool.get(f.tool) ?? []), f]);
  const names = [...tools.keys()];
  const proposals: Proposal[] = [];
  const withheld: WithheldProposal[] = [];
  for (const [name, mine] of byTool) {
    const tool = tools.get(name);
    const guidance = tool === undefined ? { useInstead: [] } : toolGuidance(tool, names);
    const planned = plan(name, mine, guidance, tasks);
    withheld.push(...planned.withheld);
    if (planned.edits.length === 0) continue;
    proposals.push({
      tool: name,
      source: 'rules',
      generator: RULES_GENERATOR,
      description: descriptionFor(tool, name, planned.edits),
      parameters: planned.params,
      serverChanges: planned.edits.filter((e) => e.target === 'server').map((e) => e.text),
      answers: [...new Set(planned.edits.flatMap((e) => e.answers))],
      edits: planned.edits,
    });
  }
  return { proposals, withheld };
}
