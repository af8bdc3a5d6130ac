import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../test/support/thrown.js';
import { FitnessError, UsageError } from '../core/errors.js';
import { tapeCommand } from './tape.js';
import {
  checkSecrets,
  describeTarget,
  parseTarget,
  sendsCredential,
  type TargetInput,
  targetSecrets,
} from './target.js';

describe('targets', () => {
  it('parses stdio and http targets with defaults', () => {
    expect(parseTarget({ kind: 'stdio', argv: ['node', 'srv.js'] })).toEqual({
      kind: 'stdio',
      argv: ['node', 'srv.js'],
      env: {},
      secretEnv: {},
    });
    expect(parseTarget({ kind: 'http', url: 'http://127.0.0.1:1/mcp' })).toEqual({
      kind: 'http',
      url: 'http://127.0.0.1:1/mcp',
      headers: {},
      publicHeaders: {},
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
      const caught = thrownBy(FitnessError, () => parseTarget(input));
      expect(caught.code).toBe('TARGET_INVALID');
      expect(caught.message.startsWith(message)).toBe(true);
    }
  });

  it('knows every secret form of a target and never shows them in its description', () => {
    const http = parseTarget({
      kind: 'http',
      url: 'https://user:p%40ss-word@mcp.example.com/mcp?api_key=k-1234567&region=eu',
      headers: { Authorization: 'Bearer tok-0123456789' },
      publicHeaders: { 'Accept-Language': 'en' },
    });
    const basic = Buffer.from('user:p@ss-word').toString('base64');
    expect(targetSecrets(http)).toEqual(
      expect.arrayContaining([
        'Bearer tok-0123456789',
        'tok-0123456789',
        'p@ss-word',
        'p%40ss-word',
        'user:p@ss-word',
        basic,
        `Basic ${basic}`,
        'k-1234567',
      ]),
    );
    expect(targetSecrets(http)).not.toContain('eu');
    expect(targetSecrets(http)).not.toContain('en');
    expect(sendsCredential(http)).toBe(true);
    expect(describeTarget(http)).toBe('https://mcp.example.com/mcp?api_key=REDACTED&region=eu');
    const stdio = parseTarget({
      kind: 'stdio',
      argv: ['npx', '-y', 'my server'],
      env: { MCP_TRANSPORT_TYPE: 'stdio', MCP_LOG_LEVEL: 'error' },
      secretEnv: { TOKEN: 'env-value-123' },
    });
    expect(targetSecrets(stdio)).toEqual(['env-value-123']);
    expect(describeTarget(stdio)).toBe("npx -y 'my server'");
    const plain = parseTarget({ kind: 'stdio', argv: ['node'], env: { DEBUG: '1' } });
    expect(targetSecrets(plain)).toEqual([]);
    expect(sendsCredential(plain)).toBe(false);
  });

  it('refuses a secret under 8 characters as a usage error naming where it was given', () => {
    const cases: [TargetInput, RegExp][] = [
      [
        { kind: 'http', url: 'http://x/mcp', headers: { 'Accept-Language': 'en' } },
        /^--header Accept-Language: .*--public-header/,
      ],
      [{ kind: 'http', url: 'http://x/mcp', headers: { Authorization: 'Bearer abc' } }, /after its scheme/],
      [{ kind: 'http', url: 'http://bob:pass@x/mcp' }, /^the URL password: a secret of 4 character/],
      [{ kind: 'stdio', argv: ['node'], secretEnv: { TOKEN: 'pass' } }, /^--secret-env TOKEN: .*--env/],
    ];
    for (const [input, message] of cases) {
      const caught = thrownBy(UsageError, () => checkSecrets(parseTarget(input)));
      expect(caught.message).toMatch(message);
      expect(caught.message).not.toContain('\n');
    }
    expect(() =>
      checkSecrets(parseTarget({ kind: 'stdio', argv: ['node'], env: { DEBUG: '1' } })),
    ).not.toThrow();
  });
});

describe("a worker's secret variables on a target", () => {
  const v = (name: string) => ['${', name, '}'].join('');
  const secretVars = { TOKEN: 'tok-12345678/x', HOST_KEY: 'hostkey-abcdefgh' };

  it('are secrets, and the argv or URL is described with each value named, never shown', () => {
    const stdio = parseTarget({
      kind: 'stdio',
      argv: ['node', 's.js', '--token=tok-12345678/x'],
      secretVars,
    });
    expect(describeTarget(stdio)).toBe(`node s.js '--token=${v('TOKEN')}'`);
    expect(tapeCommand(stdio)).toEqual(['node', 's.js', `--token=${v('TOKEN')}`]);
    expect(targetSecrets(stdio)).toEqual(expect.arrayContaining(['tok-12345678/x', 'hostkey-abcdefgh']));
    expect(sendsCredential(stdio)).toBe(false);
    const http = parseTarget({ kind: 'http', url: 'http://127.0.0.1:1/mcp/tok-12345678%2Fx', secretVars });
    expect(describeTarget(http)).toBe(`http://127.0.0.1:1/mcp/${v('TOKEN')}`);
    expect(tapeCommand(http).at(-1)).toBe(`http://127.0.0.1:1/mcp/${v('TOKEN')}`);
  });

  it('a value too short to scrub is refused before anything runs, naming the variable', () => {
    const short = parseTarget({ kind: 'stdio', argv: ['node'], secretVars: { REGION: 'eu' } });
    expect(thrownBy(UsageError, () => checkSecrets(short)).message).toMatch(
      /^\$\{REGION\}: a secret of 2 character/,
    );
  });
});
