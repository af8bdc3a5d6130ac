import { finding, refsOf, unlistedTools } from './frames.js';
import type { Probe } from './types.js';

/** The MCP tool naming rule (SEP-986): 1–128 chars of A–Z, a–z, 0–9, `_`, `-`, `.`; unique per server. */
export const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export const toolNames: Probe = {
  id: 'tool-names',
  summary: 'every tool name is 1-128 chars of [A-Za-z0-9_.-] and unique',
  async run({ tools }) {
    const unlisted = unlistedTools(this.id, tools);
    if (unlisted) return unlisted;
    const refs = refsOf(tools.step);
    const names = tools.tools.map((t) => t.name);
    const invalid = names
      .filter((n) => typeof n !== 'string' || !TOOL_NAME.test(n))
      .map((n) => JSON.stringify(n));
    const seen = new Set<unknown>();
    const duplicates: string[] = [];
    for (const name of names) {
      if (seen.has(name)) duplicates.push(JSON.stringify(name));
      seen.add(name);
    }
    const evidence = { tools: names.length, invalid, duplicates };
    if (invalid.length === 0 && duplicates.length === 0) {
      return finding(
        this.id,
        true,
        true,
        `all ${names.length} tool names follow the naming rule`,
        evidence,
        refs,
      );
    }
    const parts = [
      invalid.length > 0 ? `outside [A-Za-z0-9_.-]{1,128}: ${invalid.slice(0, 5).join(', ')}` : '',
      duplicates.length > 0 ? `duplicated: ${duplicates.slice(0, 5).join(', ')}` : '',
    ].filter((p) => p !== '');
    return finding(
      this.id,
      true,
      false,
      `${invalid.length + duplicates.length} of ${names.length} tool names break the rule (${parts.join('; ')})`,
      evidence,
      refs,
    );
  },
};
