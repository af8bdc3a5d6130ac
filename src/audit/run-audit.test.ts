import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PLANTED } from './catalogue.js';
import { auditRunIds, runAudit } from './run-audit.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('auditRunIds', () => {
  it('names every planted server, then every real server of the e2e set (all installed here)', () => {
    expect(auditRunIds()).toEqual([
      ...PLANTED.map((p) => p.id),
      'server-filesystem',
      'server-memory',
      'server-everything-stdio',
      'server-everything-http',
    ]);
  });
});

describe('runAudit', () => {
  it('announces its plan before running and writes audit.json beside the runs', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'run-audit-'));
    dirs.push(parent);
    const outDir = join(parent, 'out');
    const plans: { runs: string[]; skipped: string[] }[] = [];
    const result = await runAudit({ outDir, only: [], plantedOnly: true, onPlan: (p) => plans.push(p) });
    expect(plans).toEqual([{ runs: [], skipped: [] }]);
    expect(result.summaryPath).toBe(join(outDir, 'audit.json'));
    expect(JSON.parse(readFileSync(result.summaryPath, 'utf8'))).toEqual([]);
    expect(result).toMatchObject({ reports: [], skipped: [], ok: true });
  });
});
