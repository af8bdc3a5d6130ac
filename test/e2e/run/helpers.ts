import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serverArgv, serverScript } from '../../../src/audit/fixture.js';
import type { CommandIO } from '../../../src/cli/command.js';
import { runParsed } from '../../../src/cli/run.js';
import { parseRunCommand } from '../../../src/cli/run-args.js';
import type { Target } from '../../../src/connect/target.js';
import { readRecord } from '../../../src/record/io.js';
import { readTape, type Tape } from '../../../src/tape/reader.js';
import { suiteOf } from '../../support/run/run-files.js';

export const ROOT = resolve(import.meta.dirname, '../../..');
/**
 * The arguments after `node` that start a planted server as the demo and the audit start it
 * (src/audit/fixture.ts): from the startup snapshot of its build in dist/servers (made from
 * examples/servers), the same code started faster, in a fresh process of its own.
 */
export const server = (name: string): string[] => serverArgv(`${name}.js`);
/** A planted server's built file, for what takes one file (an HTTP fixture, a spawned script). */
export const serverFile = (name: string): string => serverScript(`${name}.js`);

/**
 * `fitness-report run FLAGS` against a target held in this process (an in-memory server): the
 * command's own parse of its flags and its own run, the target given in code where the command
 * line would name a process. For what the command does with a run (gate, CI formats, output); the
 * process itself is other tests' subject.
 */
export function runCommandOn(target: Target, flags: readonly string[], io: CommandIO): Promise<number> {
  const parsed = parseRunCommand([...flags, '--', 'in-memory'], io);
  return runParsed({ ...parsed, options: { ...parsed.options, target } }, io);
}

export function outDir(): string {
  return mkdtempSync(join(tmpdir(), 'fitness-run-'));
}

/** The CLI's IO captured in memory, with no model key in its environment (offline). */
export function captureIO(cwd = ROOT): CommandIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), cwd, env: {} };
}

export async function loadRun(dir: string) {
  const record = await readRecord(join(dir, 'record.json'));
  const tapes: Record<'wire' | 'agent' | 'judge', Tape> = {
    wire: await readTape(join(dir, 'wire.jsonl')),
    agent: await readTape(join(dir, 'agent.jsonl')),
    judge: await readTape(join(dir, 'judge.jsonl')),
  };
  return { record, tapes, suite: suiteOf(dir) };
}
