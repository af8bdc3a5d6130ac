import { describe, expect, it } from 'vitest';
import type { Candidate } from '../schema.js';
import { ArgumentValidator } from './arguments.js';
import { malformed } from './static-rules.js';
import type { RuleContext } from './types.js';

const candidate = (prompt: string, args: Record<string, unknown>): Candidate => ({
  id: 'c1',
  prompt,
  expectedTools: ['get_net'],
  plan: [{ tool: 'get_net', arguments: args }],
  extract: { kind: 'pointer', pointer: '/pins', source: 'structured' },
  check: { kind: 'contains' },
  serverRequiredBecause: 'nets are only in the design',
  destructive: false,
});

describe('malformed: a slot we forgot to fill', () => {
  it('is found in the prompt’s own words, never in a value the plan sends (the server’s own text)', () => {
    const surface = { tools: [] };
    const context: RuleContext = {
      surface,
      safety: new Map(),
      allowDestructive: false,
      validator: new ArgumentValidator(surface),
    };
    const sent = candidate('Using the tool that reads a net with variant "<Default>", how many pins?', {
      variant: '<Default>',
    });
    expect(malformed(sent, context)).toBeUndefined();
    const forgot = candidate('Using the tool that reads a net with variant <variant>, how many pins?', {
      variant: '<Default>',
    });
    expect(malformed(forgot, context)?.detail).toMatch(/unbound placeholder <variant>/);
  });
});
