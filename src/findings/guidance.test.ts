import { describe, expect, it } from 'vitest';
import { FILESYSTEM_TOOLS } from '../../test/support/filesystem-tools.js';
import { ToolDescriptor } from '../suite/surface.js';
import { toolGuidance } from './guidance.js';

const NAMES = FILESYSTEM_TOOLS.map((t) => t.name);
const fsTool = (name: string) => {
  const tool = FILESYSTEM_TOOLS.find((t) => t.name === name);
  if (tool === undefined) throw new Error(`the fixture lists no ${name}`);
  return tool;
};
const tool = (description: string, extra: Record<string, unknown> = {}) =>
  ToolDescriptor.parse({ name: 'old_search', description, inputSchema: { type: 'object' }, ...extra });
const OTHERS = ['old_search', 'search_v2', 'read_file'];

describe("a server's own guidance about its tools", () => {
  it('the real filesystem server: read_file is deprecated and defers to read_text_file, in its own words', () => {
    expect(toolGuidance(fsTool('read_file'), NAMES)).toEqual({
      deprecated: 'DEPRECATED: Use read_text_file instead.',
      useInstead: [{ tool: 'read_text_file', text: 'DEPRECATED: Use read_text_file instead.' }],
    });
  });

  it('the real filesystem server: no other tool is deprecated or defers to another', () => {
    for (const t of FILESYSTEM_TOOLS.filter((x) => x.name !== 'read_file'))
      expect(toolGuidance(t, NAMES), t.name).toEqual({ useInstead: [] });
  });

  it.each([
    ['Legacy, use `search_v2` instead.', true, ['search_v2']],
    ['This tool is deprecated and will be removed; use search_v2.', true, ['search_v2']],
    ['Deprecated in favour of search_v2.', true, ['search_v2']],
    ['Searches notes. Superseded by search_v2.', true, ['search_v2']],
    ['Searches notes. For large folders use search_v2 instead.', false, ['search_v2']],
    ['Reads legacy .xls files.', false, []],
    ['Use this tool instead of read_file when possible.', false, []],
    ['This tool is not deprecated.', false, []],
    ['Searches notes; deprecated fields are ignored.', false, []],
  ])('%s → deprecated %s, use instead %j', (description, deprecated, instead) => {
    const g = toolGuidance(tool(description), OTHERS);
    expect(g.deprecated !== undefined).toBe(deprecated);
    expect(g.useInstead.map((u) => u.tool)).toEqual(instead);
  });

  it('a deprecation in the title, the annotations or _meta counts as the server saying so', () => {
    expect(toolGuidance(tool('Searches notes.', { title: 'Search (Deprecated)' }), OTHERS).deprecated).toBe(
      'its title "Search (Deprecated)"',
    );
    expect(toolGuidance(tool('Searches notes.', { _meta: { deprecated: true } }), OTHERS).deprecated).toBe(
      'its deprecated flag',
    );
    expect(
      toolGuidance(tool('Searches notes.', { annotations: { deprecated: 'use search_v2' } }), OTHERS)
        .deprecated,
    ).toBe('its deprecated flag');
    expect(toolGuidance(tool('Searches notes.', { _meta: { deprecated: false } }), OTHERS)).toEqual({
      useInstead: [],
    });
  });
});
