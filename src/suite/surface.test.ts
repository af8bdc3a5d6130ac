import { describe, expect, it } from 'vitest';
import { parseSurface, resultText } from './surface.js';

describe('parseSurface', () => {
  it('keeps valid tools and drops malformed or repeated ones with a reason', () => {
    const { surface, dropped } = parseSurface({
      tools: [
        { name: 'a', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, extra: 1 },
        { name: '', inputSchema: {} },
        { name: 'b' },
        { name: 'a', inputSchema: { type: 'object' } },
        { name: 'c', inputSchema: { type: 'object' }, annotations: { readOnlyHint: 'yes' } },
      ],
      instructions: 'hello',
    });
    expect(surface.tools.map((t) => t.name)).toEqual(['a']);
    expect(surface.tools[0]).toMatchObject({ extra: 1 });
    expect(surface.instructions).toBe('hello');
    expect(dropped.map((d) => d.index)).toEqual([1, 2, 3, 4]);
    expect(dropped[2]?.reason).toBe('duplicate tool name a');
  });

  it('reports a tool list that is not an array and ignores non-string instructions', () => {
    const { surface, dropped } = parseSurface({ tools: { a: 1 }, instructions: 5 });
    expect(surface).toEqual({ tools: [] });
    expect(dropped).toEqual([{ index: -1, reason: 'tools is not an array' }]);
  });

  it('reads the text view of a result from text blocks only', () => {
    expect(
      resultText({
        content: [
          { type: 'text', text: 'one' },
          { type: 'image', data: 'x' },
          { type: 'text', text: 'two' },
        ],
      }),
    ).toBe('one\ntwo');
  });
});
