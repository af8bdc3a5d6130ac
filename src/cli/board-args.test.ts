import { describe, expect, it } from 'vitest';
import { UsageError } from '../core/errors.js';
import { parseBoardArgs } from './board.js';
import { parseServeArgs } from './serve.js';

const io = { cwd: '/work', env: { TOKEN: 'sekrit-value', EMPTY: '' } };

describe('board arguments', () => {
  it('defaults to fitness-runs and fitness-site under the working directory', () => {
    expect(parseBoardArgs([], io)).toEqual({
      runs: ['/work/fitness-runs'],
      out: '/work/fitness-site',
      secrets: [],
    });
  });
  it('takes several run directories after one --runs, and --runs again', () => {
    expect(parseBoardArgs(['--runs', 'a', 'b', '--site', 'site', '--runs', '/abs'], io)).toEqual({
      runs: ['/work/a', '/work/b', '/abs'],
      out: '/work/site',
      secrets: [],
    });
  });
  it('reads secrets from named environment variables and refuses unset ones', () => {
    expect(parseBoardArgs(['--scrub-env', 'TOKEN'], io).secrets).toEqual(['sekrit-value']);
    expect(() => parseBoardArgs(['--scrub-env', 'EMPTY'], io)).toThrow(
      '--scrub-env EMPTY: the variable is not set',
    );
    expect(() => parseBoardArgs(['--secret-env', 'EMPTY'], io)).toThrow(UsageError);
    expect(() => parseBoardArgs(['--runs'], io)).toThrow(/at least one/);
    expect(() => parseBoardArgs(['--site', 'a', 'b'], io)).toThrow(/unexpected argument 'b'/);
    expect(() => parseBoardArgs(['--bogus'], io)).toThrow(/unknown option '--bogus'/);
  });
});

describe('serve arguments', () => {
  it('takes a site and a port', () => {
    expect(parseServeArgs([], io)).toEqual({ site: '/work/fitness-site', port: 8080 });
    expect(parseServeArgs(['out', '--port', '0'], io)).toEqual({ site: '/work/out', port: 0 });
    expect(() => parseServeArgs(['--port', '70000'], io)).toThrow(/port/);
    expect(() => parseServeArgs(['a', 'b'], io)).toThrow(/unexpected/);
  });
});
