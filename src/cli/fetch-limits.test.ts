import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FETCH_LIMITS, fetchLimitsHelp, formatBytes, formatMs } from '../run/fetch-limits.js';
import { verifyCommand } from './verify.js';

const ROOT = join(import.meta.dirname, '../..');
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the fetch limits of verify SITE_URL, declared once', () => {
  it('print as whole units', () => {
    expect([formatBytes(256 * 1024 * 1024), formatBytes(1024 ** 3), formatBytes(1500)]).toEqual([
      '256 MiB',
      '1 GiB',
      '1,500 bytes',
    ]);
    expect([formatMs(60_000), formatMs(300_000), formatMs(45_000), formatMs(700)]).toEqual([
      '1 min',
      '5 min',
      '45 s',
      '700 ms',
    ]);
  });

  it('are listed in verify --help, the README and docs/design.md as the table declares them', () => {
    const lines = fetchLimitsHelp(DEFAULT_FETCH_LIMITS);
    expect(lines).toEqual([
      '256 MiB per file (16 MiB for signature.json, redaction.json and files.json), 1 GiB in all',
      '1,000 files, 4 requests at a time',
      '1 min per request (its last byte included), 5 min in all',
    ]);
    const docs = ['README.md', 'docs/design.md'].map((f) => [f, flat(readFileSync(join(ROOT, f), 'utf8'))]);
    for (const line of lines) {
      expect(verifyCommand.usage).toContain(line);
      for (const [file, text] of docs) expect(text, file).toContain(line);
    }
  });
});
