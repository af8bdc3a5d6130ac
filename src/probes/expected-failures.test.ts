import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../test/support/thrown.js';
import { UsageError } from '../core/errors.js';
import type { ProbeResult } from '../record/probe.js';
import { baselineLines, judgeBaseline, probeExitCode, readExpectedFailures } from './expected-failures.js';

const dir = mkdtempSync(join(tmpdir(), 'expected-failures-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const result = (id: string, pass: boolean | null): ProbeResult => ({
  id,
  applies: pass !== null,
  pass,
  detail: '',
  evidence: {},
  tapeRefs: [],
});

/** The usage error a file gives, as its one line. */
function fault(path: string): string {
  const { message } = thrownBy(UsageError, () => readExpectedFailures(path, 'base.yml'));
  expect(message.split('\n')).toHaveLength(1);
  return message;
}

describe('readExpectedFailures', () => {
  it("reads the conformance suite's shape: probe ids under server", () => {
    const path = file(
      'ok.yml',
      '# known\nserver:\n  - unknown-method\n  - header-mismatch-name\n  - unknown-method\n',
    );
    expect(readExpectedFailures(path, 'ok.yml')).toEqual({
      file: 'ok.yml',
      ids: ['unknown-method', 'header-mismatch-name'],
    });
  });

  it('an empty file and an empty list list nothing', () => {
    expect(readExpectedFailures(file('empty.yml', ''), 'e').ids).toEqual([]);
    expect(readExpectedFailures(file('none.yml', 'server: []\n'), 'e').ids).toEqual([]);
  });

  it('an unknown probe id names the id, the file and its line', () => {
    const message = fault(file('unknown.yml', 'server:\n  - unknown-method\n  - no-such-probe\n'));
    expect(message).toMatch(
      /^--expected-failures base\.yml:3: unknown probe id "no-such-probe" \(known: spec-currency, /,
    );
  });

  it('YAML that does not parse names the file and the line', () => {
    expect(fault(file('broken.yml', 'server:\n  - unknown-method\n  - [unclosed\n'))).toMatch(
      /^--expected-failures base\.yml:[34]: not YAML \(/,
    );
    expect(fault(file('dup.yml', 'server: []\nserver: []\n'))).toMatch(
      /^--expected-failures base\.yml:2: not YAML \(/,
    );
  });

  it('a shape other than `server: [ids]` names the file, the line and the field', () => {
    expect(fault(file('scalar.yml', 'server:\n  unknown-method\n'))).toMatch(
      /^--expected-failures base\.yml:2: server: expected array, got "unknown-method"/,
    );
    expect(fault(file('client.yml', 'server: []\nclient:\n  - sse-retry\n'))).toMatch(
      /^--expected-failures base\.yml:3: \(root\): Unrecognized key: "client"/,
    );
    expect(fault(file('number.yml', 'server:\n  - unknown-method\n  - 12\n'))).toMatch(
      /^--expected-failures base\.yml:3: server\[1\]: expected string, got 12/,
    );
    expect(fault(file('list.yml', '- unknown-method\n'))).toMatch(/^--expected-failures base\.yml:1: /);
  });

  it('a file that cannot be read is a usage error naming it', () => {
    expect(fault(join(dir, 'missing.yml'))).toBe('--expected-failures base.yml: no such file');
  });
});

describe('judgeBaseline and the exit code', () => {
  const results = [
    result('unknown-method', false),
    result('header-mismatch-name', false),
    result('tool-names', true),
    result('origin-check', null),
    result('input-schemas', true),
  ];

  it('without a baseline any failure fails the command', () => {
    expect(probeExitCode(results)).toBe(1);
    expect(probeExitCode([result('tool-names', true), result('origin-check', null)])).toBe(0);
  });

  it('every failure listed, nothing stale: passes, with the listed failures named expected', () => {
    const b = judgeBaseline(results, { file: 'b.yml', ids: ['unknown-method', 'header-mismatch-name'] });
    expect(b).toEqual({
      file: 'b.yml',
      expectedFailures: ['unknown-method', 'header-mismatch-name'],
      unexpectedFailures: [],
      staleEntries: [],
      notChecked: [],
    });
    expect(probeExitCode(results, b)).toBe(0);
  });

  it('a failure not listed fails the command', () => {
    const b = judgeBaseline(results, { file: 'b.yml', ids: ['unknown-method'] });
    expect(b.unexpectedFailures).toEqual(['header-mismatch-name']);
    expect(probeExitCode(results, b)).toBe(1);
    expect(baselineLines(b).join('\n')).toContain(
      'UNEXPECTED failures (not listed in b.yml): header-mismatch-name',
    );
  });

  it('a listed probe that now passes is stale and fails the command; one that could not be checked is neither', () => {
    const b = judgeBaseline(results, {
      file: 'b.yml',
      ids: ['unknown-method', 'header-mismatch-name', 'tool-names', 'origin-check'],
    });
    expect(b.staleEntries).toEqual(['tool-names']);
    expect(b.notChecked).toEqual(['origin-check']);
    expect(probeExitCode(results, b)).toBe(1);
    expect(baselineLines(b).join('\n')).toContain(
      'STALE (listed, now passing: remove from b.yml): tool-names',
    );
    const unchecked = judgeBaseline(results, {
      file: 'b.yml',
      ids: ['unknown-method', 'header-mismatch-name', 'origin-check'],
    });
    expect(probeExitCode(results, unchecked)).toBe(0);
  });
});
