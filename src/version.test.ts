import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VERSION } from './version.js';

describe('version', () => {
  it('matches package.json', () => {
    const pkg = z.object({ version: z.string() }).parse(JSON.parse(readFileSync('package.json', 'utf8')));
    expect(VERSION).toBe(pkg.version);
  });
});
