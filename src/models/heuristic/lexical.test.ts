import type { LanguageModelV3FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { rankTools } from './lexical.js';

const tool = (
  name: string,
  description: string,
  inputSchema: LanguageModelV3FunctionTool['inputSchema'],
): LanguageModelV3FunctionTool => ({ type: 'function', name, description, inputSchema });

describe('rankTools', () => {
  it('ranks by name, description and parameter terms, the same on every step', () => {
    const schema = { type: 'object' as const, properties: { city: { type: 'string' as const } } };
    const tools = [tool('get_forecast', 'Weather forecast', schema), tool('list_ports', 'Ferry ports', {})];
    const first = rankTools('the forecast for a city', tools);
    expect(first.map((s) => s.tool.name)).toEqual(['get_forecast', 'list_ports']);
    // The next step offers fresh tool objects over the same schema objects.
    const again = rankTools(
      'the forecast for a city',
      tools.map((t) => ({ ...t })),
    );
    expect(again.map((s) => [s.tool.name, s.score])).toEqual(first.map((s) => [s.tool.name, s.score]));
  });

  it('a schema object shared by two tools never lends one tool the other tool terms', () => {
    const shared = { type: 'object' as const, properties: {} };
    const forecast = tool('get_forecast', 'Weather forecast', shared);
    const ports = tool('list_ports', 'Ferry ports', shared);
    expect(rankTools('weather forecast', [forecast, ports])[0]?.tool.name).toBe('get_forecast');
    expect(rankTools('ferry ports', [forecast, ports])[0]?.tool.name).toBe('list_ports');
    expect(rankTools('ferry ports', [ports, forecast])[0]?.tool.name).toBe('list_ports');
  });
});
