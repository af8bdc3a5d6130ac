import type { ValidateFunction } from 'ajv';
import { compileSchema } from '../../core/json-schema.js';
import type { ToolSurface } from '../surface.js';

type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; detail: string };

/**
 * Validates plan arguments against each tool's inputSchema with ajv (+ formats), in the dialect
 * the schema declares (see compileSchema). An unknown keyword is the server's business, not a
 * reason to reject a candidate.
 */
export class ArgumentValidator {
  private readonly cache = new Map<string, Compiled>();

  constructor(private readonly surface: ToolSurface) {}

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
    const compiled = compileSchema(descriptor.inputSchema);
    return compiled.ok
      ? compiled
      : { ok: false, detail: `inputSchema of ${tool} does not compile: ${compiled.error}` };
  }
}
