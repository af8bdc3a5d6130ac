import { describe, expect, it } from 'vitest';
import { readToolOutput } from './results.js';

const wrapped = (inner: object) => ({
  type: 'json' as const,
  value: { content: [{ type: 'text', text: JSON.stringify(inner) }] },
});

describe('the offline runner reads a result wrapped twice as the suite does', () => {
  it('its document and text are the inner result’s, so a plan’s pointer resolves', () => {
    const log = '43ba142 Skip sheets already catalogued\n083e400 Azores field sheet';
    const out = readToolOutput(wrapped({ content: [{ type: 'text', text: log }], isError: false }));
    expect(out.ok).toBe(true);
    expect(out.text).toBe(log);
    expect(JSON.stringify(out.data)).toContain('083e400');
    expect(JSON.stringify(out.data)).not.toContain('isError');
  });

  it('an inner isError is a failed call', () => {
    const out = readToolOutput(wrapped({ content: [{ type: 'text', text: 'Blame failed' }], isError: true }));
    expect(out.ok).toBe(false);
  });
});
