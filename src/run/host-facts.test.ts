import { release, totalmem, type } from 'node:os';
import { describe, expect, it } from 'vitest';
import { keyEnvironmental } from '../suite/admission/key-information.js';
import { hostFacts } from './host-facts.js';

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
