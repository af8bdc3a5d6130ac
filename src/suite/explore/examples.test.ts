import { describe, expect, it } from 'vitest';
import { exploreWith } from '../../../test/support/suite/explore.js';
import { text } from '../../../test/support/suite/facts.js';
import type { ToolCaller, ToolSurface } from '../surface.js';
import { exampleValues } from './examples.js';

describe('exampleValues', () => {
  it('reads the schema’s examples, its default, then what its description quotes or gives after e.g.', () => {
    expect(
      exampleValues({
        type: 'string',
        examples: ['nodes-base.slack'],
        description: 'Full node type: "nodes-base.httpRequest" or "nodes-langchain.agent"',
      }),
    ).toEqual(['nodes-base.slack', 'nodes-base.httpRequest', 'nodes-langchain.agent']);
    expect(
      exampleValues({
        type: 'string',
        description:
          'A local document name (e.g. vega_cli_commands_reference.md) or a URL (e.g., https://example.org/x.html)',
      }),
    ).toEqual(['vega_cli_commands_reference.md', 'https://example.org/x.html']);
    expect(exampleValues({ type: 'integer', default: 20 })).toEqual([20]);
    expect(exampleValues({ type: 'string', description: 'Search terms. Example: query="webhook"' })).toEqual([
      'webhook',
    ]);
  });
  it('lists every item after an introducer, without the quotes or brackets around it (semiotic)', () => {
    expect(
      exampleValues({
        type: 'string',
        description: "Chart component name, e.g. 'LineChart', 'Scatterplot', or 'BarChart'.",
      }),
    ).toEqual(['LineChart', 'Scatterplot', 'BarChart']);
    expect(exampleValues({ type: 'string', description: "GitHub labels, e.g. ['bug'] or 'bug'" })).toEqual([
      'bug',
    ]);
    expect(
      exampleValues({
        type: 'string',
        description:
          'Ranking intent. One of: trend, compare-series, rank, part-to-whole, distribution, correlation. Custom intents accepted.',
      }),
    ).toEqual(['trend', 'compare-series', 'rank', 'part-to-whole', 'distribution']);
    expect(
      exampleValues({
        type: 'string',
        description: "Issue title, e.g. 'Bug: BarChart tooltip shows undefined'",
      }),
    ).toEqual(['Bug: BarChart tooltip shows undefined']);
  });
  it('takes no apostrophe for a quote, and no phrase for a value', () => {
    expect(
      exampleValues({ type: 'string', description: "The user's name; don't include the domain" }),
    ).toEqual([]);
    expect(
      exampleValues({ type: 'string', description: 'Filters such as the owner of a record, or its age.' }),
    ).toEqual([]);
  });
  it('offers nothing from a description with no quote or example, and nothing over 64 characters', () => {
    expect(
      exampleValues({ type: 'string', description: 'Search terms. Use quotes for exact phrase.' }),
    ).toEqual([]);
    expect(exampleValues({ type: 'string', examples: ['x'.repeat(65)] })).toEqual([]);
  });
});

describe('explore/2 on a tool nothing listed a value for', () => {
  const surface: ToolSurface = {
    tools: [
      {
        name: 'get_node',
        description: 'Get node info.',
        inputSchema: {
          type: 'object',
          properties: {
            nodeType: { type: 'string', description: 'Full node type: "nodes-base.httpRequest"' },
          },
          required: ['nodeType'],
        },
        annotations: { readOnlyHint: true },
      },
    ],
  };
  it('calls it with the value its own schema gives as an example before any made-up one, and reads the answer', async () => {
    const asked: unknown[] = [];
    const caller: ToolCaller = async (_name, args) => {
      asked.push(args.nodeType);
      if (args.nodeType !== 'nodes-base.httpRequest')
        return {
          kind: 'result',
          result: { ...text(`Node ${String(args.nodeType)} not found`), isError: true },
        };
      return {
        kind: 'result',
        result: text(
          JSON.stringify({
            nodeType: 'nodes-base.httpRequest',
            displayName: 'Outbound Call Relay',
            category: 'Core Nodes',
          }),
        ),
      };
    };
    const result = await exploreWith(surface, caller);
    expect(asked[0]).toBe('nodes-base.httpRequest');
    expect(result.candidates.map((c) => c.observedKey)).toContain('Outbound Call Relay');
    expect(result.ledger.tools.find((t) => t.tool === 'get_node')?.generatedOnly).toBeUndefined();
  });
});
