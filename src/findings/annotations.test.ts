import { describe, expect, it } from 'vitest';
import { surfaceSafety } from '../suite/destructive.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { annotationFindings } from './annotations.js';

const tool = (
  name: string,
  description: string,
  annotations: ToolDescriptor['annotations'],
): ToolDescriptor => ({
  name,
  description,
  inputSchema: { type: 'object', properties: {} },
  annotations,
});

function conflicts(tools: ToolDescriptor[]) {
  const listed = tools.map((t, i) => ({ tool: t, line: i + 2 }));
  return annotationFindings(listed, surfaceSafety({ tools })).filter((f) => f.kind === 'annotation-conflict');
}

describe('annotation conflicts read the description by the sentence rule of read-only inference', () => {
  it('a negated verb is not a write verb: "won\'t stop the entire operation" flags nothing', () => {
    const found = conflicts([
      tool(
        'read_multiple_files',
        "Read the contents of multiple files simultaneously. Failed reads for individual files won't stop the entire operation.",
        { readOnlyHint: true },
      ),
      tool('git_log', 'Shows the commit logs', { readOnlyHint: true }),
    ]);
    expect(found).toEqual([]);
  });

  it('a write verb as the verb of a clause about the tool flags a declared read-only tool, quoting the clause', () => {
    const [found] = conflicts([tool('get_log', 'Deletes the log after reading it.', { readOnlyHint: true })]);
    expect(found?.summary).toContain('"Deletes" in "Deletes the log" is a write verb');
  });

  it('a tool declared destructive whose sentences only read or compute is flagged as such', () => {
    const found = conflicts([
      tool('git_show', 'Shows the contents of a commit', { readOnlyHint: false }),
      tool('convert_time', 'Convert time between timezones', { destructiveHint: true }),
    ]);
    expect(found.map((f) => f.tool)).toEqual(['git_show', 'convert_time']);
    expect(found[1]?.summary).toMatch(/pure computation/);
  });
});
