import { describe, expect, it } from 'vitest';
import { parseTape } from './reader.js';
import { REDACTED, Redactor, redactTapeText } from './redact.js';

describe('Redactor', () => {
  it('replaces every exact occurrence, longest secret first', () => {
    const r = new Redactor(['abcd', 'abcdefgh']);
    expect(r.scrub('x abcdefgh y abcd z')).toBe(`x ${REDACTED} y ${REDACTED} z`);
  });

  it('ignores values too short to scrub without destroying unrelated text', () => {
    const r = new Redactor(['1', 'on']);
    expect(r.empty).toBe(true);
    expect(r.scrub('version 1 is on')).toBe('version 1 is on');
  });

  it('scrubs keys and values of JSON without changing its structure', () => {
    const r = new Redactor(['s3cr3t"x']);
    const value = r.scrubValue({ 's3cr3t"x': ['s3cr3t"x', 1, null, { deep: 'pre-s3cr3t"x-post' }] });
    expect(value).toEqual({ [REDACTED]: [REDACTED, 1, null, { deep: `pre-${REDACTED}-post` }] });
  });

  it('redactTapeText scrubs a published copy line by line and keeps it a readable tape', () => {
    const text = [
      '{"v":1,"type":"meta","startedAt":"2026-01-01T00:00:00.000Z","label":"l","command":"srv --token tok-9876","kind":"mcp","source":"x","producer":{"name":"x","version":"1"}}',
      '{"t":"2026-01-01T00:00:00.000Z","dir":"in","raw":{"params":{"q":"tok-9876 and \\"quoted\\" tok-9876"}}}',
      'broken tok-9876 line',
      '',
    ].join('\n');
    const out = redactTapeText(text, ['tok-9876']);
    expect(out).not.toContain('tok-9876');
    const tape = parseTape(out);
    expect(tape.records.map((r) => r.type)).toEqual(['meta', 'message']);
    expect(tape.skipped).toEqual([{ line: 3, reason: 'not-json' }]);
    expect(out.split('\n')[2]).toBe(`broken ${REDACTED} line`);
    expect(out.endsWith('\n')).toBe(true);
  });
});

describe('publishTape', () => {
  it('writes a scrubbed copy beside the untouched original, and never overwrites', async () => {
    const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { publishTape } = await import('./publish.js');
    const dir = mkdtempSync(join(tmpdir(), 'publish-'));
    try {
      const source = join(dir, 'wire.jsonl');
      const original = '{"t":"2026-01-01T00:00:00.000Z","dir":"in","raw":{"key":"pk-secret-77"}}\n';
      writeFileSync(source, original);
      const dest = join(dir, 'published.jsonl');
      await publishTape(source, dest, ['pk-secret-77']);
      expect(readFileSync(dest, 'utf8')).toBe(
        `{"t":"2026-01-01T00:00:00.000Z","dir":"in","raw":{"key":"${REDACTED}"}}\n`,
      );
      expect(readFileSync(source, 'utf8')).toBe(original);
      await expect(publishTape(source, dest, [])).rejects.toThrow(/cannot write the published tape/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
