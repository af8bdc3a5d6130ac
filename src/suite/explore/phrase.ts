import type { ToolDescriptor } from '../surface.js';

/**
 * Prompts are phrased from the tool's own description, never from the answer: the agent is told
 * what the tool does and which inputs to use, and has to find the tool and read the value itself.
 */

/** "Lists every book in the catalogue." → "lists every book in the catalogue". */
export function toolClause(tool: ToolDescriptor): string {
  // The first sentence, up to a colon that starts a list of what it returns.
  const first = (tool.description ?? '').split(/(?<=[.!?])\s|\n|:\s/)[0]?.trim() ?? '';
  // Braces and angle brackets in server text would read as unbound template slots.
  const clean = first
    .replace(/[{}<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/[.!?:;,]+$/, '')
    .trim();
  if (clean.length < 8) return `the ${tool.name} tool`;
  return `the tool that ${thirdPerson(clean.charAt(0).toLowerCase() + clean.slice(1))}`;
}

// Descriptions often start in the imperative ("Get a listing…"); the clause reads "the tool that gets…".
const IMPERATIVE =
  /^(get|read|list|search|find|fetch|show|return|retrieve|look|query|describe|open|view|count|check|convert|compute|calculate|give|provide|tell|browse|inspect|report|resolve|translate|lookup|execute|run)\b/;

function thirdPerson(clause: string): string {
  const verb = IMPERATIVE.exec(clause)?.[1];
  if (verb === undefined) return clause;
  const s = /(?:s|sh|ch|x|z)$/.test(verb)
    ? `${verb}es`
    : /[^aeiou]y$/.test(verb)
      ? `${verb.slice(0, -1)}ies`
      : `${verb}s`;
  return `${s}${clause.slice(verb.length)}`;
}

/**
 * A value as the prompt writes it: a string in double quotes, or, when it holds double quotes of its
 * own (an SQL statement quotes its identifiers), in single quotes, so that the quotes read as its
 * own; one that holds both kinds is written as JSON.
 */
export function renderValue(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  if (!value.includes('"')) return `"${value}"`;
  return value.includes("'") ? JSON.stringify(value) : `'${value}'`;
}

/** "id 4103 and format "json"" */
export function renderArguments(args: Record<string, unknown>): string {
  const parts = Object.entries(args).map(([name, value]) => `${name} ${renderValue(value)}`);
  return parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export const ANSWER_FORMAT = 'Reply with the value itself.';
