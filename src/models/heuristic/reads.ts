import { terms } from './lexical.js';
import { readSchema } from './schema.js';
import { codeNames, type Form, widestForm } from './stated-form.js';

/**
 * Everything the offline runner reads of one tool, as data: the words of its description and
 * parameter names it ranks tools by (lexical.ts), and of each parameter the form its examples state
 * (stated-form.ts) and the fields its description names in code (fill.ts). A parameter's prose is
 * read for nothing else, so two descriptions with equal reads are the same tool to this runner.
 */
interface ToolReads {
  terms: string[];
  parameters: { name: string; form: Form | null; codeNames: string[] }[];
}

export function toolReads(tool: { description?: string | undefined; inputSchema: unknown }): ToolReads {
  const schema = readSchema(tool.inputSchema);
  return {
    terms: [...terms(tool.description ?? '')].sort(),
    parameters: schema.properties
      .map(([name, node]) => ({
        name,
        form: widestForm(node) ?? null,
        codeNames: [...new Set(codeNames(node.description))].sort(),
      }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
}
