import { describe, expect, it } from 'vitest';
import type { ToolDescriptor } from '../surface.js';
import { schemaArguments } from './generated.js';

const tool = (properties: Record<string, unknown>): ToolDescriptor => ({
  name: 'convert_time',
  description: 'Convert a time between time zones',
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});

describe('made-up arguments', () => {
  it('a plain string whose name says a kind gets a value of that kind', async () => {
    const args = await schemaArguments(
      tool({
        sourceTimezone: { type: 'string' },
        target_tz: { type: 'string' },
        time: { type: 'string' },
        startDate: { type: 'string' },
        currency: { type: 'string' },
        note: { type: 'string' },
      }),
      7,
    );
    expect(args?.sourceTimezone).toMatch(/^[A-Z][a-z]+\/[A-Za-z_]+$/);
    expect(args?.target_tz).toMatch(/^[A-Z][a-z]+\/[A-Za-z_]+$/);
    expect(Number.isNaN(Date.parse(String(args?.time)))).toBe(false);
    expect(args?.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(args?.currency).toMatch(/^[A-Z]{3}$/);
    expect(typeof args?.note).toBe('string');
  });

  it('a kind the schema already constrains (an enum, a format, a pattern) is the schema’s', async () => {
    const args = await schemaArguments(
      tool({
        timezone: { type: 'string', enum: ['UTC'] },
        date: { type: 'string', pattern: '^[0-9]{8}$' },
        runtime: { type: 'string', minLength: 3 },
      }),
      7,
    );
    expect(args?.timezone).toBe('UTC');
    expect(args?.date).toMatch(/^[0-9]{8}$/);
    expect(args?.runtime).not.toMatch(/^\d{4}-/);
  });
});
