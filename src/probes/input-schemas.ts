import { Ajv, type AnySchema } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { finding, isFrame, refsOf, unlistedTools } from './frames.js';
import type { Probe } from './types.js';

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

// ajv-formats is CommonJS: under NodeNext the default import is module.exports, whose `default`
// property is the plugin itself.
const addFormats = addFormatsModule.default;

// One instance per draft: building an Ajv and adding the formats costs far more than compiling a
// tool's schema, and a probe run compiles every tool's.
let draft07Ajv: Ajv | undefined;
let draft2020Ajv: Ajv2020 | undefined;

function ajvFor(draft07: boolean): Ajv | Ajv2020 {
  if (draft07) {
    if (draft07Ajv === undefined) {
      draft07Ajv = new Ajv({ strict: false, allErrors: true });
      addFormats(draft07Ajv);
    }
    return draft07Ajv;
  }
  if (draft2020Ajv === undefined) {
    draft2020Ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(draft2020Ajv);
  }
  return draft2020Ajv;
}

/** Compiles one inputSchema under ajv (draft 2020-12 unless it declares draft-07); the error, if any. */
export function compileProblem(schema: unknown): string | undefined {
  if (!isFrame(schema)) return 'inputSchema is not an object';
  if (schema.type !== 'object') return `inputSchema type is ${JSON.stringify(schema.type)}, not "object"`;
  const draft07 = typeof schema.$schema === 'string' && DRAFT_07.test(schema.$schema);
  const ajv = ajvFor(draft07);
  try {
    ajv.compile(schema as AnySchema);
    return undefined;
  } catch (err) {
    return (err as Error).message.split('\n')[0]?.slice(0, 200) ?? 'does not compile';
  } finally {
    // Schemas are judged one at a time: a `$id` one tool shares with another must not collide.
    try {
      ajv.removeSchema(schema as AnySchema);
    } catch {
      // A schema that never compiled may have nothing to remove.
    }
  }
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
