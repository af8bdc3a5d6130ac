import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../prng.js';
import { coerce } from './coerce.js';
import { harvestResult } from './harvest.js';
import { paramsOf } from './params.js';
import { suppliesFor } from './synthesis.js';

/**
 * A parameter with declared choices takes one of them (n8n-mcp: `search_nodes`' `mode` and
 * `source` were offered the tool names a listing held, and the call failed the tool's own schema
 * before it was sent, so the search was never made).
 */
describe('coerce', () => {
  const mode = {
    name: 'mode',
    required: false,
    type: 'string',
    enum: ['OR', 'AND'],
    pathLike: false,
    topic: false,
  };
  it('keeps a value among the declared choices, in the form the parameter takes', () => {
    expect(coerce('AND', mode)).toBe('AND');
    expect(coerce(4, { ...mode, type: 'integer', enum: [2, 4] })).toBe(4);
    expect(coerce('4', { ...mode, type: 'integer', enum: [2, 4] })).toBe(4);
    expect(coerce('notes', { ...mode, type: 'array', itemType: 'string', enum: ['notes', 'tasks'] })).toEqual(
      ['notes'],
    );
  });
  it('refuses one outside them, of another type, or blank', () => {
    expect(coerce('n8n_list_workflows', mode)).toBeUndefined();
    expect(coerce('or', mode)).toBeUndefined();
    expect(coerce('x', { ...mode, type: 'integer', enum: [2, 4] })).toBeUndefined();
    expect(coerce('  ', { ...mode, enum: undefined })).toBeUndefined();
  });
});

describe('a search whose optional mode declares its choices', () => {
  it('is offered listed values for its query, and for its mode only what the choices hold', () => {
    const tool = {
      name: 'search_nodes',
      description: 'Search nodes by keyword.',
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string' },
          mode: { type: 'string', enum: ['OR', 'AND', 'FUZZY'] },
        },
        required: ['query'],
      },
    };
    const pool = harvestResult({
      obs: 0,
      tool: 'tools_documentation',
      args: {},
      result: {
        content: [
          { type: 'text' as const, text: JSON.stringify({ mode: 'n8n_list_workflows', modes: ['AND'] }) },
        ],
      },
    });
    const [query, modeParam] = paramsOf(tool);
    if (query === undefined || modeParam === undefined) throw new Error('params');
    const values = suppliesFor(tool, modeParam, pool, [], mulberry32(1)).map((s) => s.value);
    expect(values).not.toContain('n8n_list_workflows');
    expect(values.every((v) => ['OR', 'AND', 'FUZZY'].includes(String(v)))).toBe(true);
  });
});
