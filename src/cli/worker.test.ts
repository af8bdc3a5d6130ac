import { describe, expect, it } from 'vitest';
import { workerLog } from './worker.js';

describe('the worker’s log', () => {
  it('prints each line inert: a job key from the queue cannot forge a line, colour the terminal or run a workflow command', () => {
    const err: string[] = [];
    const log = workerLog({ out: () => {}, err: (l) => err.push(l), cwd: '/', env: {} });
    log('::add-mask::x\n::error::y: try 1 started');
    log('a\x1b]8;;https://evil.example\x07b\u202e: try 1 measuring ##[error]z');
    expect(err).toEqual([
      '\\::add-mask::x\\n::error::y: try 1 started',
      'a\\x1b]8;;https://evil.example\\x07b\\u202e: try 1 measuring #\\#[error]z',
    ]);
  });
});
