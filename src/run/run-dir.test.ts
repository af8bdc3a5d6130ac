import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Target } from '../connect/target.js';
import { RunId, ServerSlug } from '../record/run-id.js';
import { Redactor } from '../tape/redact.js';
import { TapeWriter } from '../tape/writer.js';
import { createRunDir, renameRunDir, reportedSlug, SLUG_MAX, serverSlug, slugify } from './run-dir.js';

const http = (url: string): Target => ({ kind: 'http', url, headers: {}, publicHeaders: {} });
const stdio = (...argv: string[]): Target => ({ kind: 'stdio', argv, env: {}, secretEnv: {} });
const at = new Date('2026-11-01T12:00:00.000Z');
const scratch = () => mkdtempSync(join(tmpdir(), 'run-dir-'));

describe('serverSlug (before connecting)', () => {
  it('names a stdio target by its script, an HTTP one by host, port and path', () => {
    expect(serverSlug(stdio('node', 'examples/servers/well-made.js'))).toBe('well-made');
    expect(serverSlug(stdio('node', '/srv/acme-notes/dist/index.js'))).toBe('acme-notes');
    expect(serverSlug(stdio('npx', '-y', '@acme/notes-mcp'))).toBe('notes-mcp');
    expect(serverSlug(http('http://127.0.0.1:43121/mcp'))).toBe('127-0-0-1-43121');
    expect(serverSlug(http('https://mcp.example.com/v1/notes?key=secret'))).toBe('mcp-example-com-v1-notes');
  });
});

describe('reportedSlug (after initialize)', () => {
  it('names an HTTP target by its serverInfo.name, whatever port it listens on', () => {
    expect(reportedSlug(http('http://127.0.0.1:43121/mcp'), { name: 'Acme Notes' })).toBe('acme-notes');
    expect(reportedSlug(http('http://127.0.0.1:50007/mcp'), { name: 'Acme Notes' })).toBe('acme-notes');
  });

  it('falls back (undefined) when there is no usable name', () => {
    const target = http('http://127.0.0.1:43121/mcp');
    expect(reportedSlug(target, undefined)).toBeUndefined();
    expect(reportedSlug(target, {})).toBeUndefined();
    expect(reportedSlug(target, { name: 42 })).toBeUndefined();
    for (const name of ['', '   ', '..', '/', '🙂🙂', '---', '\u0000\n']) {
      expect(reportedSlug(target, { name })).toBeUndefined();
    }
  });

  it('names a stdio target by its reported name too, so stdio and HTTP runs of one server are linked', () => {
    expect(reportedSlug(stdio('node', 'server.js'), { name: 'Acme Notes' })).toBe('acme-notes');
    expect(reportedSlug(http('http://127.0.0.1:1/mcp'), { name: 'Acme Notes' })).toBe('acme-notes');
  });

  it('never lets a secret into the slug, whatever case, spacing or length the server names itself with', () => {
    const token = 'Tok_0123456789abcdefghijklmnopqrstuvwxyz0123456789';
    const redactor = new Redactor([token]);
    const target = http('http://h/mcp');
    for (const name of [token, `acme ${token}`, token.toUpperCase(), token.replaceAll('_', ' ')]) {
      const slug = reportedSlug(target, { name }, redactor, [token]) ?? '';
      expect(slug).not.toContain('0123456789');
      expect(slug).toMatch(/redacted/);
    }
  });

  it('keeps a hostile name inside the out dir: no dots, slashes or separators survive', () => {
    const out = join(tmpdir(), 'fitness-runs');
    const names = [
      '../../etc/passwd',
      '..\\..\\Windows\\System32',
      '/absolute/path',
      'a/../../b',
      'C:\\evil',
      'name\u0000with\nnul',
      '%2e%2e%2fescape',
      '.hidden',
    ];
    for (const name of names) {
      const slug = reportedSlug(http('http://h/mcp'), { name });
      if (slug === undefined) throw new Error(`${name}: no slug`);
      expect(ServerSlug.safeParse(slug).success).toBe(true);
      expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      const runDir = join(out, `${slug}-20261101T120000Z`);
      expect(dirname(runDir)).toBe(out);
      expect(relative(out, runDir)).not.toMatch(/^\.\.|[/\\]/);
    }
    expect(reportedSlug(http('http://h/mcp'), { name: '../../etc/passwd' })).toBe('etc-passwd');
  });

  it('caps the length and never ends on a hyphen', () => {
    const slug = reportedSlug(http('http://h/mcp'), {
      name: `${'a'.repeat(SLUG_MAX - 1)} b${'c'.repeat(500)}`,
    });
    expect(slug).toBe('a'.repeat(SLUG_MAX - 1));
    expect(slugify('x'.repeat(10_000))).toHaveLength(SLUG_MAX);
  });
});

describe('run directories', () => {
  it('createRunDir never overwrites an existing run: a run in the same second takes a millisecond id', () => {
    const out = scratch();
    const first = createRunDir(out, 'acme', at);
    const second = createRunDir(out, 'acme', at);
    const third = createRunDir(out, 'acme', at);
    expect(first.runId).toBe('acme-20261101T120000Z');
    expect(second.runId).toBe('acme-20261101T120000000Z');
    expect(third.runId).toBe('acme-20261101T120000001Z');
    for (const r of [first, second, third]) expect(RunId.safeParse(r.runId).success).toBe(true);
  });

  it('renameRunDir moves a run whose tapes are open; later lines land in the new directory', async () => {
    const out = scratch();
    const { dir } = createRunDir(out, '127-0-0-1-43121', at);
    const tape = TapeWriter.open({
      path: join(dir, 'wire.jsonl'),
      meta: { label: 'w', command: ['w'], kind: 'mcp' },
    });
    tape.event('before', {});
    tape.flush();
    const moved = renameRunDir(dir, 'acme-notes', at);
    expect(moved).toEqual({
      runId: 'acme-notes-20261101T120000Z',
      dir: join(out, 'acme-notes-20261101T120000Z'),
    });
    tape.event('after', {});
    await tape.close('SCORED');
    expect(existsSync(dir)).toBe(false);
    const text = readFileSync(join(moved?.dir ?? '', 'wire.jsonl'), 'utf8');
    expect(text).toContain('"before"');
    expect(text).toContain('"after"');
    expect(text).toContain('"type":"end"');
  });

  it('renameRunDir takes the next free id when the name is taken, touching neither run', () => {
    const out = scratch();
    const { dir } = createRunDir(out, '127-0-0-1-43121', at);
    writeFileSync(join(dir, 'wire.jsonl'), 'mine\n');
    const other = join(out, 'acme-notes-20261101T120000Z');
    mkdirSync(other);
    writeFileSync(join(other, 'record.json'), 'theirs\n');
    const moved = renameRunDir(dir, 'acme-notes', at);
    expect(moved?.runId).toBe('acme-notes-20261101T120000000Z');
    expect(readFileSync(join(moved?.dir ?? '', 'wire.jsonl'), 'utf8')).toBe('mine\n');
    expect(readdirSync(other)).toEqual(['record.json']);
    expect(readFileSync(join(other, 'record.json'), 'utf8')).toBe('theirs\n');
  });

  it('an empty directory under the new name is taken too: a run just created is never replaced', () => {
    const out = scratch();
    const { dir } = createRunDir(out, '127-0-0-1-43121', at);
    const other = createRunDir(out, 'acme-notes', at);
    const moved = renameRunDir(dir, 'acme-notes', at);
    expect(moved?.runId).not.toBe(other.runId);
    expect(existsSync(other.dir)).toBe(true);
    expect(existsSync(moved?.dir ?? '')).toBe(true);
  });

  it('renameRunDir to the same slug is a no-op', () => {
    const out = scratch();
    const { dir } = createRunDir(out, 'acme', at);
    expect(renameRunDir(dir, 'acme', at)).toBeUndefined();
    expect(existsSync(dir)).toBe(true);
  });
});
