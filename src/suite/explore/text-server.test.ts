import { describe, expect, it } from 'vitest';
import { admitCandidates } from '../admission/admit.js';
import { surfaceSafety } from '../destructive.js';
import type { ToolCaller, ToolSurface } from '../surface.js';
import { schemaArguments } from './args.js';
import { explore } from './explore.js';

/** A prose-only server: no structuredContent, "Label: value" lines, and a lookup by code. */
const surface: ToolSurface = {
  tools: [
    {
      name: 'station_status',
      description: 'Reports the current status of the weather station.',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true },
    },
    {
      name: 'lookup_code',
      description: 'Looks up a sensor by its four-letter code.',
      inputSchema: {
        type: 'object',
        properties: { code: { type: 'string', pattern: '^[A-Z]{4}$' } },
        required: ['code'],
      },
      annotations: { readOnlyHint: true },
    },
  ],
};

const caller: ToolCaller = async (name, args) => {
  if (name === 'station_status') {
    return {
      kind: 'result',
      result: { content: [{ type: 'text', text: 'Station: Kestrel Ridge\nFirmware: v9.4.17-b\nMode: ok' }] },
    };
  }
  if (name === 'lookup_code') {
    return {
      kind: 'result',
      result: {
        content: [
          { type: 'text', text: `Sensor ${String(args.code)}\nSerial: QX-${String(args.code)}-7731` },
        ],
      },
    };
  }
  return { kind: 'error', message: 'unknown tool' };
};

describe('explore/1 on a text-only server', () => {
  it('extracts "Label: value" lines with a regex and skips values too short to be a test', async () => {
    const safety = surfaceSafety(surface);
    const result = await explore({ surface, safety, caller, seed: 4, count: 10 });
    const status = result.candidates.filter((c) => c.plan[0]?.tool === 'station_status');
    expect(status.map((c) => c.extract)).toEqual(
      expect.arrayContaining([
        { kind: 'regex', pattern: '^\\s*Station\\s*:\\s*(.+?)\\s*$', flags: 'm', group: 1 },
        { kind: 'regex', pattern: '^\\s*Firmware\\s*:\\s*(.+?)\\s*$', flags: 'm', group: 1 },
      ]),
    );
    expect(status.some((c) => c.prompt.includes('the mode'))).toBe(false);
    const lookup = result.candidates.filter((c) => c.plan[0]?.tool === 'lookup_code');
    expect(lookup.length).toBeGreaterThan(0);
    expect(lookup[0]?.prompt).toMatch(/with code "[A-Z]{4}"/);

    const entries = await admitCandidates(result.candidates, {
      surface,
      safety,
      allowDestructive: false,
      caller,
    });
    expect(entries.filter((e) => !e.verdict.admitted)).toEqual([]);
    expect(entries.map((e) => (e.verdict.admitted ? e.verdict.task.answerKey : undefined))).toContain(
      'Kestrel Ridge',
    );
  });

  it('derives schema-valid arguments deterministically from the seed', async () => {
    const tool = surface.tools[1];
    if (tool === undefined) throw new Error('fixture');
    const a = await schemaArguments(tool, 99);
    expect(a).toEqual(await schemaArguments(tool, 99));
    expect(String(a?.code)).toMatch(/^[A-Z]{4}$/);
  });
});
