import { describe, expect, it } from 'vitest';
import type { CommandIO } from './command.js';
import {
  DISPLAY_FLAGS,
  OTLP_FLAGS,
  OUTPUT_FLAGS,
  OutputOptions,
  outputHelp,
  resultJsonFlag,
} from './output-flags.js';
import { probeCommand } from './probe.js';
import { runCommand } from './run.js';
import { parseRunCommand } from './run-args.js';
import { verifyCommand } from './verify.js';

const io = { cwd: '/work', env: {} };
const parse = (...argv: string[]) => parseRunCommand(argv, io);

function captured(): CommandIO & { stderr: string[] } {
  const stderr: string[] = [];
  return { stderr, out: () => {}, err: (l) => stderr.push(l), cwd: '/work', env: {} };
}

describe("run's output flags (--plain, --json, --otlp, --otlp-header, --otlp-content)", () => {
  it('are declared once against their schema, and run --help prints the declaration', () => {
    for (const f of OUTPUT_FLAGS) {
      expect(f.help, f.flag).toBe(OutputOptions.shape[f.key].description);
      expect(runCommand.usage).toContain(`  ${f.flag}`);
    }
    expect(runCommand.usage).toContain(outputHelp(DISPLAY_FLAGS));
    expect(runCommand.usage).toContain(outputHelp(OTLP_FLAGS));
    const line = (flag: string) => runCommand.usage.split('\n').find((l) => l.startsWith(`  ${flag} `)) ?? '';
    expect(line('--plain')).toMatch(/^ {2}--plain +plain progress lines only, even on a terminal/);
    expect(line('--json')).toMatch(
      /^ {2}--json +print the outcome and its exit code, the refusal or VOID block/,
    );
    expect(line('--otlp')).toMatch(/^ {2}--otlp URL +when the run is recorded, send it to this OTLP\/HTTP/);
    expect(line('--otlp-header')).toMatch(/--otlp-header 'K: V' +header for the OTLP endpoint \(repeatable/);
    expect(line('--otlp-content')).toContain('model text in the spans (default: off)');
  });

  it("are taken before --, never from the server's argv", () => {
    const { options, output } = parse(
      '--tasks',
      '8',
      '--otlp',
      'http://h:4318',
      '--otlp-header',
      'A: b',
      '--',
      'srv',
      '--otlp',
      'x',
      '--plain',
      '--json',
    );
    expect(output).toEqual({
      plain: false,
      json: false,
      otlp: 'http://h:4318',
      otlpHeaders: { A: 'b' },
      otlpContent: false,
    });
    expect(options.tasks).toBe(8);
    expect(options.target).toMatchObject({
      kind: 'stdio',
      argv: ['srv', '--otlp', 'x', '--plain', '--json'],
    });
    expect(
      parse('--plain', '--json', '--otlp-content', '--otlp', 'https://c/otel', '--', 'srv').output,
    ).toEqual({
      plain: true,
      json: true,
      otlp: 'https://c/otel',
      otlpHeaders: {},
      otlpContent: true,
    });
    expect(parse('--', 'srv').output).toEqual({
      plain: false,
      json: false,
      otlpHeaders: {},
      otlpContent: false,
    });
  });

  it('a bad value is a one-line usage error naming the flag', () => {
    expect(() => parse('--otlp', 'ftp://x', '--', 'srv')).toThrow(/^--otlp must be an http or https URL$/);
    expect(() => parse('--otlp', 'nope', '--', 'srv')).toThrow(/^--otlp must be an http or https URL$/);
    expect(() => parse('--otlp', 'http://h', '--otlp-header', 'no-colon', '--', 'srv')).toThrow(
      /^--otlp-header needs 'Name: value', got 'no-colon…'$/,
    );
    expect(() => parse('--otlp-content', '--', 'srv')).toThrow(/^--otlp-content needs --otlp URL$/);
    expect(() => parse('--otlp-header', 'A: b', '--', 'srv')).toThrow(/^--otlp-header needs --otlp URL$/);
    expect(() => parse('--otlp')).toThrow(/^--otlp needs a value$/);
  });

  it('through the command: exit 2 and one line on stderr, before anything runs', async () => {
    const err = captured();
    expect(await runCommand.run(['--otlp', 'ftp://x', '--', 'node', 'no-such-server.js'], err)).toBe(2);
    expect(err.stderr).toEqual(['fitness-report run: USAGE: --otlp must be an http or https URL']);
  });
});

describe('--json, declared once for run, verify and probe', () => {
  it("each command's --help has the one declaration's line, saying stdout is one document", () => {
    for (const command of [runCommand, verifyCommand, probeCommand]) {
      // Help wraps long lines: read it as one run of words.
      const words = command.usage.replace(/\s+/g, ' ');
      expect(words, command.name).toMatch(
        / --json print .*? on stdout as one JSON document \(schema fitness-report\.result\/1\); every other line goes to stderr/,
      );
    }
    expect(resultJsonFlag('x').help).toBe(
      'print x on stdout as one JSON document (schema fitness-report.result/1); every other line goes to stderr',
    );
  });
});
