// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the tests are about literal ${VAR} placeholders in config files
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadServerConfig } from './config.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function config(json: unknown): string {
  const file = join(dir, 'mcp.json');
  writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json));
  return file;
}

describe('loadServerConfig', () => {
  it('reads stdio and http entries of an mcpServers config, expanding ${VAR}, ${VAR:-default} and ${env:VAR}', () => {
    const file = config({
      mcpServers: {
        memory: {
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-memory', '${DATA:-/tmp/x}'],
          env: { MEMORY_FILE_PATH: '${env:HOME}/mem.json' },
          cwd: 'sub',
        },
        remote: {
          type: 'http',
          url: 'https://mcp.example.com/mcp',
          headers: { Authorization: 'Bearer ${TOKEN}' },
        },
      },
    });
    const env = { HOME: '/home/u', TOKEN: 't-1' };
    expect(loadServerConfig(file, 'memory', env)).toEqual({
      kind: 'stdio',
      argv: ['npx', '-y', '@modelcontextprotocol/server-memory', '/tmp/x'],
      env: { MEMORY_FILE_PATH: '/home/u/mem.json' },
      secretEnv: {},
      cwd: join(dir, 'sub'),
    });
    expect(loadServerConfig(file, 'remote', env)).toEqual({
      kind: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer t-1' },
      publicHeaders: {},
    });
  });

  it('treats env and header entries as secrets by name (key, token, secret, password), overridably', () => {
    const file = config({
      mcpServers: {
        gh: {
          command: 'npx',
          env: {
            GITHUB_TOKEN: 'ghp-0123456789',
            LOG_LEVEL: 'error',
            DB_PASSWORD: 'hunter2-long',
            REGION: 'eu',
          },
        },
        remote: { url: 'https://x/mcp', headers: { 'X-Api-Key': 'k-0123456789', 'Accept-Language': 'en' } },
      },
    });
    expect(loadServerConfig(file, 'gh', {})).toMatchObject({
      env: { LOG_LEVEL: 'error', REGION: 'eu' },
      secretEnv: { GITHUB_TOKEN: 'ghp-0123456789', DB_PASSWORD: 'hunter2-long' },
    });
    expect(loadServerConfig(file, 'remote', {})).toMatchObject({
      headers: { 'X-Api-Key': 'k-0123456789' },
      publicHeaders: { 'Accept-Language': 'en' },
    });
    expect(
      loadServerConfig(file, 'gh', {}, { secret: ['region'], notSecret: ['GITHUB_TOKEN'] }),
    ).toMatchObject({
      env: { LOG_LEVEL: 'error', GITHUB_TOKEN: 'ghp-0123456789' },
      secretEnv: { DB_PASSWORD: 'hunter2-long', REGION: 'eu' },
    });
  });

  it('accepts the VS Code `servers` key', () => {
    const file = config({ servers: { s: { command: 'node', args: ['a.js'] } } });
    expect(loadServerConfig(file, 's', {})).toMatchObject({ kind: 'stdio', argv: ['node', 'a.js'] });
  });

  it('fails with one line naming the file and what is wrong', () => {
    const file = config({
      mcpServers: { a: { command: 'x' }, b: { url: 'https://x/mcp', type: 'sse' }, c: { args: [] } },
    });
    expect(() => loadServerConfig(file, 'zzz', {})).toThrow(`${file}: no server named 'zzz' (have: a, b, c)`);
    expect(() => loadServerConfig(file, 'b', {})).toThrow(/deprecated HTTP\+SSE transport/);
    expect(() => loadServerConfig(file, 'c', {})).toThrow(
      `${file}: server 'c' has neither "command" nor "url"`,
    );
    const needsVar = config({ mcpServers: { a: { command: '${MISSING_BIN}' } } });
    expect(() => loadServerConfig(needsVar, 'a', {})).toThrow(
      `server 'a' needs environment variable MISSING_BIN`,
    );
    expect(() => loadServerConfig(config('{nope'), 'a', {})).toThrow(/not JSON/);
    expect(() => loadServerConfig(join(dir, 'absent.json'), 'a', {})).toThrow(/cannot read config/);
    expect(() => loadServerConfig(config({ mcpServers: { a: { args: 'x' } } }), 'a', {})).toThrow(
      /server 'a': args:/,
    );
  });
});
