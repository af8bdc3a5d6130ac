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
