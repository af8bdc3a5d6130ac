import { describe, expect, it } from 'vitest';
import { FitnessError } from '../cli/errors.js';
import { describeTarget, parseTarget, targetSecrets } from './target.js';

describe('targets', () => {
  it('parses stdio and http targets with defaults', () => {
    expect(parseTarget({ kind: 'stdio', argv: ['node', 'srv.js'] })).toEqual({
      kind: 'stdio',
      argv: ['node', 'srv.js'],
      env: {},
    });
    expect(parseTarget({ kind: 'http', url: 'http://127.0.0.1:1/mcp' })).toEqual({
      kind: 'http',
      url: 'http://127.0.0.1:1/mcp',
      headers: {},
      credential: 'anonymous',
    });
  });

  it('rejects bad targets with a typed one-line fault naming the field', () => {
    const cases: [unknown, string][] = [
      [{ kind: 'stdio', argv: [] }, 'invalid target: argv: argv needs a command'],
      [{ kind: 'stdio', argv: ['  '] }, 'invalid target: argv: the command is empty'],
      [{ kind: 'http', url: 'not a url' }, 'invalid target: url: not a URL'],
      [{ kind: 'http', url: 'ftp://example.com/mcp' }, 'invalid target: url: only http and https URLs'],
      [{ kind: 'http', url: 'http://x/mcp', credential: 'root' }, 'invalid target: credential:'],
      [{ kind: 'smoke' }, 'invalid target: kind:'],
    ];
    for (const [input, message] of cases) {
      let caught: unknown;
      try {
        parseTarget(input);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(FitnessError);
      expect((caught as FitnessError).code).toBe('TARGET_INVALID');
      expect((caught as FitnessError).message.startsWith(message)).toBe(true);
    }
  });

  it('knows the secrets of a target and never shows them in its description', () => {
    const http = parseTarget({
      kind: 'http',
      url: 'https://user:p%40ss@mcp.example.com/mcp?api_key=k-123&region=eu',
      headers: { Authorization: 'Bearer tok' },
    });
    expect(targetSecrets(http)).toEqual(
      expect.arrayContaining(['Bearer tok', 'user', 'p@ss', 'p%40ss', 'k-123']),
    );
    expect(targetSecrets(http)).not.toContain('eu');
    expect(describeTarget(http)).toBe('https://mcp.example.com/mcp?api_key=REDACTED&region=eu');
    const stdio = parseTarget({
      kind: 'stdio',
      argv: ['npx', '-y', 'my server'],
      env: { TOKEN: 'env-value' },
    });
    expect(targetSecrets(stdio)).toEqual(['env-value']);
    expect(describeTarget(stdio)).toBe("npx -y 'my server'");
  });
});
