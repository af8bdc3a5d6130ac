import { compileSchema } from '../core/json-schema.js';
import { finding, isFrame, refsOf, unlistedTools } from './frames.js';
import type { Probe } from './types.js';

/** Compiles one inputSchema under ajv in the dialect it declares (see compileSchema); the error, if any. */
export function compileProblem(schema: unknown): string | undefined {
  if (!isFrame(schema)) return 'inputSchema is not an object';
  if (schema.type !== 'object') return `inputSchema type is ${JSON.stringify(schema.type)}, not "object"`;
  const compiled = compileSchema(schema, { allErrors: true });
  return compiled.ok ? undefined : (compiled.error.split('\n')[0]?.slice(0, 200) ?? 'does not compile');
}

/** Every tool's inputSchema is an object schema that compiles, so arguments can be validated. */
export const inputSchemas: Probe = {
  id: 'input-schemas',
  summary: 'every tool inputSchema is an object schema that compiles under ajv',
  async run({ tools }) {
    const unlisted = unlistedTools(this.id, tools);
    if (unlisted) return unlisted;
    const refs = refsOf(tools.step);
    const failures: { tool: string; problem: string }[] = [];
    for (const tool of tools.tools) {
      const problem = compileProblem(tool.inputSchema);
      if (problem !== undefined) failures.push({ tool: String(tool.name), problem });
    }
    const evidence = { tools: tools.tools.length, failures };
    if (failures.length === 0)
      return finding(this.id, true, true, `all ${tools.tools.length} input schemas compile`, evidence, refs);
    const first = failures.slice(0, 3).map((f) => `${f.tool}: ${f.problem}`);
    return finding(
      this.id,
      true,
      false,
      `${failures.length} of ${tools.tools.length} input schemas do not compile (${first.join('; ')})`,
      evidence,
      refs,
    );
  },
};
