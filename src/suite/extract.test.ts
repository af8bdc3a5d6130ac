import { describe, expect, it } from 'vitest';
import { readResult, saidFailure } from './extract.js';

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

describe('a result that says it failed in its JSON text is an error', () => {
  it.each([
    '{"isError": true, "message": "table books does not exist"}',
    '{"success": false, "message": "no such vault"}',
    '{"ok": false}',
    '{"error": "SQLITE_ERROR: no such table: cSx7nW"}',
    '{"error": {"code": 404, "message": "not found"}}',
    '{"status": "error", "message": "Request not found"}',
    '{"status": "fail", "data": {"requestId": "is not known"}}',
    '{"status": "task_not_found", "message": "No such task found"}',
    '{"status": "INVALID_ARGUMENT"}',
  ])('%s', (body) => {
    const read = readResult(text(body));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.detail).toMatch(/^tool said it failed in its JSON text/);
  });
  it.each([
    '{"results": [{"id": 1}], "error": null}',
    '{"errors": [], "rows": 3}',
    '{"success": true, "rows": []}',
    '{"status": "success", "data": {"id": 4}}',
    '{"status": "already_completed", "message": "Every task of req-3 is done"}',
    '{"status": "found", "id": 7}',
    '{"jobs": [{"name": "build", "status": "failed"}]}',
    '["authors", "books"]',
    'plain text that mentions "error": nothing else',
  ])('%s is an answer', (body) => {
    expect(readResult(text(body)).ok).toBe(true);
  });
  it("an entry's failed status is data; only its own error fields make it a failure report", () => {
    expect(saidFailure({ name: 'build', status: 'failed' }, 'entry')).toBeUndefined();
    expect(saidFailure({ name: 'build', error: 'exit 2' }, 'entry')).toBe('exit 2');
  });
  it('reads only objects', () => {
    expect(saidFailure(['error'])).toBeUndefined();
    expect(saidFailure('error')).toBeUndefined();
  });
});

describe('a text that is itself a tool result (a server that wrapped its answer twice)', () => {
  const wrapped = (inner: object) => text(JSON.stringify(inner));
  it('is read as the inner result: its text, and its isError', () => {
    const log = '43ba142 Skip sheets already catalogued\n083e400 Azores field sheet';
    const read = readResult(
      wrapped({ content: [{ type: 'text', text: log }], isError: false, metadata: { duration: 83 } }),
    );
    expect(read.ok && read.result.content).toEqual([{ type: 'text', text: log }]);
    const twice = readResult(
      wrapped({
        content: [{ type: 'text', text: JSON.stringify({ content: [{ type: 'text', text: 'x' }] }) }],
      }),
    );
    expect(twice.ok && twice.result.content).toEqual([{ type: 'text', text: 'x' }]);
    const failed = readResult(
      wrapped({ content: [{ type: 'text', text: '❌ Blame failed' }], isError: true }),
    );
    expect(failed.ok).toBe(false);
    expect(!failed.ok && failed.detail).toMatch(/^tool returned isError: ❌ Blame failed/);
  });
  it('a chat message or a record with content blocks is data, not a result', () => {
    const message = { role: 'assistant', content: [{ type: 'text', text: 'Plan: herbarium labels' }] };
    const read = readResult(wrapped(message));
    expect(read.ok && read.result.content[0]?.text).toBe(JSON.stringify(message));
  });
});
