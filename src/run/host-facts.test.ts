import { release, totalmem, type } from 'node:os';
import { describe, expect, it } from 'vitest';
import { keyEnvironmental } from '../suite/admission/key-information.js';
import { hostFacts, packagesIn } from './host-facts.js';

describe('the facts this machine reports about itself', () => {
  const target = { kind: 'stdio' as const, argv: ['node', 'server.js'], env: {}, secretEnv: {} };
  const facts = hostFacts(target, { TERM: 'xterm-256color', FITNESS_REPORT_SESSION: 'abc123', X: '1' });

  it('hold the operating system, the runtime and the environment, a variable never quoted', () => {
    const values = new Map(facts.map((f) => [f.what, f]));
    expect(values.get("the kernel's release")?.value).toBe(release());
    expect(values.get("the operating system's type")?.value).toBe(type());
    expect(values.get("the machine's memory in bytes")?.value).toBe(String(totalmem()));
    expect(values.get("the runtime's version")?.value).toBe(process.version);
    expect(values.get("the value of the harness's environment variable TERM")).toMatchObject({
      value: 'xterm-256color',
      unquoted: true,
    });
    // Too short to be told from data; and our own variable is named as before.
    expect([...values.keys()].some((w) => w.endsWith('variable X'))).toBe(false);
    expect(values.get("the harness's variable FITNESS_REPORT_SESSION")?.value).toBe('abc123');
  });

  it('mark what the machine says of its own software and hardware, and only that', () => {
    const machine = new Set(facts.filter((f) => f.machine === true).map((f) => f.what));
    for (const what of ["the runtime's version", "the kernel's release", "the machine's architecture"])
      expect(machine.has(what), what).toBe(true);
    for (const what of ['the home folder', "the harness's working folder", 'the host name'])
      expect(machine.has(what), what).toBe(false);
    expect(facts.some((f) => f.unquoted === true && f.machine === true)).toBe(false);
  });

  it('turn the host’s answers about itself away as keys', () => {
    for (const key of [
      release(),
      type(),
      `${process.platform} ${process.arch}`,
      `Node.js ${process.version}`,
    ])
      expect(keyEnvironmental(key, facts)?.rule, key).toBe('key-environmental');
    expect(keyEnvironmental('Brackwater Pride', facts)).toBeUndefined();
  });
});

describe('the package a registration starts is the user’s input, not the server’s data', () => {
  it.each([
    [
      ['node', '/srv/corpus/node_modules/@mrnitro360/react-native-mcp-guide/build/index.js'],
      ['@mrnitro360/react-native-mcp-guide'],
    ],
    [['node', 'node_modules/mcp-cli/dist/index.js', '/data'], ['mcp-cli']],
    [['npx', '-y', '@scope/tool-server@1.2.3', '--root', '.'], ['@scope/tool-server']],
    [['/usr/bin/npx', 'plain-server'], ['plain-server']],
    [['python', 'server.py'], []],
  ])('%j → %j', (argv, names) => expect(packagesIn(argv)).toEqual(names));

  it('a key that is that package is rejected, naming where it comes from', () => {
    const argv = ['node', '/srv/corpus/node_modules/@mrnitro360/react-native-mcp-guide/build/index.js'];
    const facts = hostFacts({ kind: 'stdio', argv, env: {}, secretEnv: {} }, {});
    expect(keyEnvironmental('@mrnitro360/react-native-mcp-guide', facts)?.detail).toBe(
      'the key is the package the registration starts ("@mrnitro360/react-native-mcp-guide"), not the server\'s data',
    );
    expect(keyEnvironmental('react-native-gesture-handler', facts)).toBeUndefined();
  });
});
