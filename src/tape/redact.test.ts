import { describe, expect, it } from 'vitest';
import { parseTape } from './reader.js';
import { REDACTED, Redactor, redactTapeText } from './redact.js';

describe('Redactor', () => {
  it('replaces every exact occurrence, longest secret first', () => {
    const r = new Redactor(['abcdefgh', 'abcdefghijkl']);
    expect(r.scrub('x abcdefghijkl y abcdefgh z')).toBe(`x ${REDACTED} y ${REDACTED} z`);
  });

  it('ignores values under 8 characters, which cannot be scrubbed without destroying unrelated text', () => {
    const r = new Redactor(['1', 'on', 'error', 'pass', 'seven77']);
    expect(r.empty).toBe(true);
    expect(r.scrub('version 1 is on; error; passenger seven77')).toBe(
      'version 1 is on; error; passenger seven77',
    );
  });

  it('scrubs string values only: keys and structure are never rewritten', () => {
    const r = new Redactor(['s3cr3t"x-long']);
    const value = r.scrubValue({
      error: { code: -32601, message: 'key s3cr3t"x-long' },
      list: ['s3cr3t"x-long', 1, null, { deep: 'pre-s3cr3t"x-long-post' }],
    });
    expect(value).toEqual({
      error: { code: -32601, message: `key ${REDACTED}` },
      list: [REDACTED, 1, null, { deep: `pre-${REDACTED}-post` }],
    });
  });

  it('finds a secret carried by an object key, and can drop that entry instead of renaming it', () => {
    const r = new Redactor(['tok-0123456789']);
    const value = { ok: 1, nested: [{ 'tok-0123456789': 'x', keep: 'tok-0123456789' }] };
    expect(r.keyLeaks(value)).toBe(true);
    expect(r.keyLeaks({ error: 'tok-0123456789' })).toBe(false);
    expect(r.scrubDroppingKeys(value)).toEqual({ ok: 1, nested: [{ keep: REDACTED }] });
  });

  it('redactTapeText scrubs a published copy line by line and keeps it a readable tape', () => {
    const text = [
      '{"v":1,"type":"meta","startedAt":"2026-01-01T00:00:00.000Z","label":"l","command":"srv --token tok-98765","kind":"mcp","source":"x","producer":{"name":"x","version":"1"}}',
      '{"t":"2026-01-01T00:00:00.000Z","dir":"in","raw":{"params":{"q":"tok-98765 and \\"quoted\\" tok-98765"}}}',
      'broken tok-98765 line',
      '',
    ].join('\n');
    const out = redactTapeText(text, ['tok-98765']);
    expect(out).not.toContain('tok-98765');
    const tape = parseTape(out);
    expect(tape.records.map((r) => r.type)).toEqual(['meta', 'message']);
    expect(tape.skipped).toEqual([{ line: 3, reason: 'not-json' }]);
    expect(out.split('\n')[2]).toBe(`broken ${REDACTED} line`);
    expect(out.endsWith('\n')).toBe(true);
  });

  it('redactTapeText keeps the bytes of a line with no secret, and reads one hidden behind an escape', () => {
    const plain = '{"t":"2026-01-01T00:00:00.000Z","usage":{"outputTokens":1.50}}';
    const escaped = '{"q":"\\u0074ok-98765"}';
    const out = redactTapeText([plain, '{"q":"tok-98765"}', escaped].join('\n'), ['tok-98765']);
    expect(out.split('\n')).toEqual([plain, `{"q":"${REDACTED}"}`, `{"q":"${REDACTED}"}`]);
  });
});
