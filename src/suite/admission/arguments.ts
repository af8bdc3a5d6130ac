import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ToolSurface } from '../surface.js';

// ajv-formats is CommonJS: under NodeNext the default import is module.exports, whose `default`
// property is the plugin itself (both at runtime and in the typings).
const addFormats = addFormatsModule.default;

type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; detail: string };

/**
 * Validates plan arguments against each tool's inputSchema with ajv (+ formats). MCP schemas
 * default to JSON Schema 2020-12; servers built on older generators still declare draft-07, so
 * the dialect follows `$schema`. strict: false because real servers carry unknown keywords and an
 * unknown keyword is the server's business, not a reason to reject a candidate.
 */
export class ArgumentValidator {
  private readonly draft7 = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  private readonly draft2020 = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly cache = new Map<string, Compiled>();

  constructor(private readonly surface: ToolSurface) {
    addFormats(this.draft7);
    addFormats(this.draft2020);
  }

  /** undefined when valid; otherwise a one-line reason. */
  check(tool: string, args: Record<string, unknown>): string | undefined {
    const compiled = this.compiled(tool);
    if (!compiled.ok) return compiled.detail;
    if (compiled.validate(args)) return undefined;
    const error = compiled.validate.errors?.[0];
    return error === undefined
      ? 'arguments fail the inputSchema'
      : `arguments fail the inputSchema: ${error.instancePath || '/'} ${error.message ?? 'is invalid'}`;
  }

  private compiled(tool: string): Compiled {
    const cached = this.cache.get(tool);
    if (cached !== undefined) return cached;
    const compiled = this.compile(tool);
    this.cache.set(tool, compiled);
    return compiled;
  }

  private compile(tool: string): Compiled {
    const descriptor = this.surface.tools.find((t) => t.name === tool);
    if (descriptor === undefined) return { ok: false, detail: `unknown tool ${tool}` };
    const schema = descriptor.inputSchema;
    const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
    const ajv = /draft-0[4-7]/.test(dialect) ? this.draft7 : this.draft2020;
    // Drop $schema/$id: the dialect is chosen above, and a server's $id must not collide across tools.
    const { $schema: _schema, $id: _id, ...body } = schema;
    try {
      return { ok: true, validate: ajv.compile(body) };
    } catch (err) {
      return {
        ok: false,
        detail: `inputSchema of ${tool} does not compile: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
  }
}
