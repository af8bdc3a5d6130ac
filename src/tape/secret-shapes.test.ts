import { describe, expect, it } from 'vitest';
import { redactForPublication } from './publish-redact.js';
import { type MarkerCounts, redactShapes } from './secret-shapes.js';

// Fake credentials of each provider's shape, assembled here so no scanner flags this file.
const fake = {
  openai: `sk-${'proj-'}Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z`,
  openaiOld: `sk-${'T3BlbkFJ'}a1b2c3d4e5f6g7h8i9j0`,
  anthropic: `sk-${'ant-'}api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe`,
  aws: `AKIA${'IOSFODNN7EXAMPLE'}`,
  github: `ghp_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}`,
  githubPat: `github_pat_${'11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz'}`,
  slack: `xoxb-${'1234567890-0987654321-AbCdEfGhIjKl'}`,
  google: `AIza${'SyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY'}`,
  stripe: `sk_live_${'51H8aBcDeFgHiJkLmNoPqRsT'}`,
  jwt: `eyJ${'hbGciOiJIUzI1NiJ9'}.eyJ${'zdWIiOiIxMjM0NTY3ODkwIn0'}.${'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'}`,
};

const shapes = (s: string) => {
  const counts: MarkerCounts = {};
  return { out: redactShapes(s, counts), counts };
};

describe('redactShapes', () => {
  it.each([
    ['openai-key', fake.openai],
    ['openai-key', fake.openaiOld],
    ['anthropic-key', fake.anthropic],
    ['aws-key', fake.aws],
    ['github-token', fake.github],
    ['github-token', fake.githubPat],
    ['slack-token', fake.slack],
    ['google-key', fake.google],
    ['stripe-key', fake.stripe],
    ['jwt', fake.jwt],
  ])('replaces a %s with a marker naming it', (kind, secret) => {
    const { out, counts } = shapes(`token: ${secret}, then more text`);
    expect(out).toBe(`token: [REDACTED:${kind}], then more text`);
    expect(counts).toEqual({ [kind]: 1 });
  });

  it('keeps the Bearer scheme and URL host, drops the token and the userinfo', () => {
    expect(shapes('Authorization: Bearer abc123DEF456ghi789').out).toBe(
      'Authorization: Bearer [REDACTED:bearer]',
    );
    expect(shapes('postgres://admin:hunter2pw@db.internal:5432/app').out).toBe(
      'postgres://[REDACTED:url-userinfo]@db.internal:5432/app',
    );
  });

  it('removes a PEM private key block whole, and the rest of the text when it has no END line', () => {
    const block = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIB\n-----END PRIVATE KEY-----';
    expect(shapes(`key:\n${block}\nafter`).out).toBe('key:\n[REDACTED:private-key]\nafter');
    expect(shapes('x -----BEGIN RSA PRIVATE KEY-----\nMIIE').out).toBe('x [REDACTED:private-key]');
    const cert = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    expect(shapes(cert).out).toBe(cert);
  });

  it('leaves ordinary text alone: words containing a prefix, prose about tokens, plain URLs, hashes', () => {
    for (const text of [
      'risk-assessment-framework-for-the-2026-q1-review',
      'task_live_0123456789abcdefghij',
      'send a Bearer token in the Authorization header',
      'https://example.com:8443/path?q=1',
      'sha256 0e5235d1c4b1f0e2a9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6',
      'ed25519:0e5235d1c4b1f0e2a9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6',
      '2026-12-01T18:05:16.123Z',
      'sk-short',
    ])
      expect(shapes(text).out).toBe(text);
  });

  it('reads a 50 MB single-line tape string to the end (linear: no backtracking)', () => {
    // Near-misses of every trigger, back to back: a backtracking matcher retries each of them.
    const huge = [
      'sk-'.repeat(6_000_000),
      'eyJa.'.repeat(2_000_000),
      'x://a:b'.repeat(2_000_000),
      '-----BEGIN '.repeat(500_000),
      'Bearer '.repeat(500_000),
      fake.aws,
    ].join('');
    expect(huge.length).toBeGreaterThan(50_000_000);
    const { text, markers } = redactForPublication(`${JSON.stringify({ raw: { text: huge } })}\n`, [], true);
    expect(markers).toEqual({ 'aws-key': 1 });
    expect(text.endsWith('[REDACTED:aws-key]"}}\n')).toBe(true);
  });
});

describe('redactForPublication', () => {
  it('rewrites string values only: keys, numbers and line structure keep their bytes', () => {
    const line1 = `{"t":"2026-12-01T00:00:00Z","usage":{"inputTokens":12345678901234567890,"outputTokens":1.50},"${fake.jwt}":"${fake.jwt}"}`;
    const line2 = '{"n":  7 ,"text":"nothing here"}';
    const { text, markers } = redactForPublication(`${line1}\n${line2}\n`, [], true);
    expect(text).toBe(
      `{"t":"2026-12-01T00:00:00Z","usage":{"inputTokens":12345678901234567890,"outputTokens":1.50},"${fake.jwt}":"[REDACTED:jwt]"}\n${line2}\n`,
    );
    expect(markers).toEqual({ jwt: 1 });
  });

  it('notes MCP image content and data: URIs by type and size, and known secrets exactly', () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]), Buffer.alloc(600)]);
    const b64 = png.toString('base64');
    const content = {
      content: [
        { type: 'image', data: b64, mimeType: 'image/png' },
        { type: 'text', text: `see data:image/png;base64,${b64} and tok-4f9a1c77e2 and ${fake.openai}` },
      ],
    };
    const { text, markers } = redactForPublication(`${JSON.stringify(content)}\n`, ['tok-4f9a1c77e2'], true);
    const copy = JSON.parse(text) as typeof content;
    expect(copy.content[0]?.data).toBe(`[media image/png ${png.length} bytes]`);
    expect(copy.content[1]?.text).toBe(
      `see [media image/png ${png.length} bytes] and [REDACTED] and [REDACTED:openai-key]`,
    );
    expect(markers).toEqual({ media: 2, 'known-secret': 1, 'openai-key': 1 });
  });

  it('returns the text itself when there is nothing to redact', () => {
    const text = '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}\n';
    expect(redactForPublication(text, [], true)).toEqual({ text, markers: {} });
  });

  it('reads URLs whose slashes are escaped (`:\\/\\/`, as PHP writes them) and userinfo behind an escape', () => {
    const escaped = String.raw`{"dsn":"postgres:\/\/admin:hunter2pw@db\/app"}`;
    expect(redactForPublication(`${escaped}\n`, [], true).text).toBe(
      `${JSON.stringify({ dsn: 'postgres://[REDACTED:url-userinfo]@db/app' })}\n`,
    );
    const behind = JSON.stringify({ u: 'https://user:p\\w0rd@host/x', plain: 'https://example.com/a' });
    expect(JSON.parse(redactForPublication(behind, [], true).text)).toEqual({
      u: 'https://[REDACTED:url-userinfo]@host/x',
      plain: 'https://example.com/a',
    });
  });

  it('keeps a media type declared lines before its blob, across lines it skips unread', () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(600)]).toString('base64');
    const pretty = [
      '{',
      '  "outer": {',
      '    "n":  1.50,',
      '    "inner": {',
      '      "mimeType": "image/webp",',
      '      "note": {',
      '        "m": {}',
      '      },',
      `      "data": "${png}"`,
      '    },',
      `    "data": "${png}",`,
      '    "blob":',
      `    "${png}"`,
      '  }',
      '}',
    ].join('\n');
    const { text, markers } = redactForPublication(pretty, [], true);
    const bytes = 604;
    const lines = pretty.split('\n');
    lines[8] = `      "data": "[media image/webp ${bytes} bytes]"`;
    lines[10] = `    "data": "[media image/png ${bytes} bytes]",`;
    lines[12] = `    "[media image/png ${bytes} bytes]"`;
    expect(text.split('\n')).toEqual(lines);
    expect(markers).toEqual({ media: 3 });
  });

  it('scans a broken JSON line as text', () => {
    const { text } = redactForPublication(`{"a":"x ${fake.github}\n{"b":1}\n`, [], true);
    expect(text).toBe('{"a":"x [REDACTED:github-token]\n{"b":1}\n');
  });
});
