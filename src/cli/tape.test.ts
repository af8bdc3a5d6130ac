import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from './main.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-tape-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
const wire = [
  {
    v: 1,
    type: 'meta',
    startedAt: at(0),
    label: 'srv',
    command: ['node', 'srv.js'],
    kind: 'mcp',
    source: 'x@1',
    producer: { name: 'x', version: '1' },
  },
  { t: at(1), dir: 'in', raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo' } } },
  { t: at(4), dir: 'out', raw: { jsonrpc: '2.0', id: 1, result: { content: [] } } },
  { t: at(5), dir: 'in', raw: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo' } } },
  { t: at(9), type: 'end', reason: 'done', durationMs: 9 },
];
const agent = [
  {
    v: 1,
    type: 'meta',
    startedAt: at(0),
    label: 'runner',
    command: ['fitness-report', 'run', '--runner', 'x'],
    kind: 'llm',
    source: 'x@1',
    producer: { name: 'x', version: '1' },
  },
  {
    t: at(2),
    type: 'turn',
    role: 'assistant',
    blocks: [],
    model: 'anthropic:claude-haiku-4-5',
    usage: { input_tokens: 1000, output_tokens: 100 },
    corr_id: 't',
  },
];

function write(name: string, lines: unknown[]): string {
  const file = join(dir, name);
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return file;
}

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), cwd: dir, env: {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('fitness-report tape stats', () => {
  it('prints mcp-tape.stats/1 JSON with per-plane blocks and priced models', async () => {
    write('wire.jsonl', wire);
    write('agent.jsonl', agent);
    const { code, out } = await run(['tape', 'stats', 'wire.jsonl', 'agent.jsonl', '--json']);
    expect(code).toBe(0);
    const stats = JSON.parse(out);
    expect(stats.schema).toBe('mcp-tape.stats/1');
    expect(stats.tools).toEqual([
      expect.objectContaining({
        name: 'echo',
        calls: 2,
        errors: 0,
        pending: 1,
        p50Ms: 3,
        p95Ms: 3,
        origin: 'mcp',
      }),
    ]);
    expect(stats.planes.map((p: { plane: string }) => p.plane)).toEqual(['wire', 'agent']);
    // claude-haiku-4-5: $1 in / $5 out per million tokens.
    expect(stats.models.perModel[0]).toMatchObject({ model: 'anthropic:claude-haiku-4-5', priced: true });
    expect(stats.models.perModel[0].estCostUsd).toBeCloseTo(0.0015, 10);
  });

  it('prints a readable table', async () => {
    write('wire.jsonl', wire);
    const { code, out } = await run(['tape', 'stats', 'wire.jsonl']);
    expect(code).toBe(0);
    expect(out).toContain('echo: calls 2  errors 0 (isError 0, rpc 0)  pending 1  p50 3 ms  p95 3 ms  [mcp]');
    expect(out).toContain('tools/call unanswered ×1');
    expect(out).toContain('end: done');
  });

  it('bad usage and unreadable files are one-line faults', async () => {
    expect((await run(['tape', 'stats'])).err).toBe(
      'fitness-report tape: USAGE: tape stats: give at least one tape file',
    );
    expect((await run(['tape', 'frobnicate'])).code).toBe(2);
    const missing = await run(['tape', 'stats', 'nope.jsonl']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^fitness-report tape: USAGE: tape stats: .*nope\.jsonl: no such tape file$/);
  });
});

describe('fitness-report tape validate', () => {
  it('passes a valid tape, fails one that breaks the format, and says where', async () => {
    write('wire.jsonl', wire);
    const good = await run(['tape', 'validate', 'wire.jsonl']);
    expect(good.code).toBe(0);
    expect(good.out).toContain('wire.jsonl: valid mcp-tape v1: 5 lines, 0 errors');
    write('old.jsonl', [{ ...wire[0], command: 'node srv.js' }, ...wire.slice(1)]);
    const bad = await run(['tape', 'validate', 'old.jsonl', '--profile', 'fitness-report']);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('old.jsonl:1: error meta.fields: command: ');
    expect(bad.out).toContain('old.jsonl:1: error fr.meta: source is fitness-report@<version>');
    const json = JSON.parse((await run(['tape', 'validate', 'old.jsonl', '--json'])).out);
    expect(json).toMatchObject({ ok: false, profile: 'mcp-tape' });
    expect((await run(['tape', 'validate', 'wire.jsonl', '--profile', 'strict'])).err).toBe(
      "fitness-report tape: USAGE: tape validate: --profile takes mcp-tape or fitness-report (got 'strict')",
    );
  });
});

describe('a hostile tape', () => {
  const evil = '\n::add-mask::x\n##[error]y \x1b[31m\x1b]8;;https://evil.example\x07\x9b2J \u202e\u2066\x7f';
  const hostile = [
    {
      ...wire[0],
      label: `srv${evil}`,
      command: ['node', `srv.js${evil}`],
      producer: { name: evil, version: '1' },
    },
    {
      t: at(1),
      dir: 'in',
      raw: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: `echo${evil}` } },
    },
    { t: at(4), dir: 'out', raw: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: `bad${evil}` } } },
    { t: at(5), dir: 'in', raw: { jsonrpc: '2.0', id: 2, method: `m${evil}` } },
    { t: at(9), type: 'end', reason: `done${evil}`, durationMs: 9 },
  ];
  /** C0 but the newline between lines, DEL, C1, bidi controls. */
  const acting = (s: string) =>
    [...s].filter((c) => /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u.test(c) && c !== '\n');

  it('tape stats prints its strings inert: no control character, no forged line, no workflow command', async () => {
    write('evil.jsonl', hostile);
    const { code, out } = await run(['tape', 'stats', 'evil.jsonl']);
    expect(code).toBe(0);
    expect(acting(out)).toEqual([]);
    for (const line of out.split('\n')) {
      expect(line.trimStart().startsWith('::')).toBe(false);
      expect(line).not.toContain('##[');
    }
    expect(out).toContain(
      'echo\\n::add-mask::x\\n#\\#[error]y \\x1b[31m\\x1b]8;;https://evil.example\\x07\\x9b2J',
    );
    const json = await run(['tape', 'stats', 'evil.jsonl', '--json']);
    expect(acting(json.out)).toEqual([]);
    expect(json.out).not.toContain('##[');
    expect(JSON.parse(json.out).tools[0].name).toBe(`echo${evil}`);
  });

  it('tape validate prints a hostile file name inert', async () => {
    const name = 'evil\n::add-mask::x\x1b]0;title\x07\u202e.jsonl';
    write(name, wire);
    const { code, out } = await run(['tape', 'validate', name]);
    expect(code).toBe(0);
    expect(acting(out)).toEqual([]);
    expect(out.split('\n')).toEqual([
      'evil\\n::add-mask::x\\x1b]0;title\\x07\\u202e.jsonl: valid mcp-tape v1: 5 lines, 0 errors, 0 warnings',
    ]);
  });
});
