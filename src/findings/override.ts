import { presentTool } from '../agents/tools.js';
import type { Proposal } from '../record/findings.js';
import type { Override } from '../record/rerun.js';
import type { ToolDescriptor } from '../suite/surface.js';

/**
 * What the rerun's runner is shown, one entry per tool with a proposal: the proposal's description,
 * its parameter docs and renames. With both a judge and a rules proposal for a tool, the judge's
 * (listed first) is shown; every proposal is still named in `proposals`.
 */
export function overridesFrom(
  proposals: readonly Proposal[],
  tools: ReadonlyMap<string, ToolDescriptor>,
): Override[] {
  const byTool = new Map<string, Proposal[]>();
  for (const p of proposals) if (tools.has(p.tool)) byTool.set(p.tool, [...(byTool.get(p.tool) ?? []), p]);
  return [...byTool].map(([tool, mine]) => {
    const shown = mine.find((p) => p.source === 'judge') ?? mine[0];
    const server = tools.get(tool)?.description;
    return {
      tool,
      description: shown?.description ?? tool,
      ...(server === undefined ? {} : { serverDescription: server }),
      parameters: shown?.parameters ?? [],
      proposals: mine.map((p) => ({ tool: p.tool, generator: p.generator, answers: p.answers })),
    };
  });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The input schema the runner is shown: each documented parameter's description replaced, and a
 * renamed one listed (and required) under its new name. A rename onto a name the schema already
 * has is not applied (the documentation still is).
 */
function presentedSchema(schema: Record<string, unknown>, override: Override) {
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [];
  const renames = new Map<string, string>();
  const next: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(props)) {
    const doc = override.parameters.find((p) => p.name === name);
    if (doc === undefined) {
      next[name] = prop;
      continue;
    }
    const shownAs = doc.rename !== undefined && !(doc.rename in props) ? doc.rename : name;
    if (shownAs !== name) renames.set(shownAs, name);
    next[shownAs] = { ...(isObject(prop) ? prop : {}), description: doc.description };
  }
  const back = new Map([...renames].map(([shown, server]) => [server, shown]));
  return {
    inputSchema: {
      ...schema,
      properties: next,
      ...(required.length > 0 ? { required: required.map((r) => back.get(r) ?? r) } : {}),
    },
    renames,
  };
}

/** The server's tools with the overrides applied for the runner's eyes; the server is never told. */
export function presentedTools(
  tools: readonly ToolDescriptor[],
  overrides: readonly Override[],
): ToolDescriptor[] {
  return tools.map((tool) => {
    const override = overrides.find((o) => o.tool === tool.name);
    if (override === undefined) return tool;
    return presentTool(tool, {
      description: override.description,
      ...presentedSchema(tool.inputSchema, override),
    });
  });
}
