import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { auditTable, reportPassed, yieldTable } from '../audit/index.js';
import { auditRunIds, runAudit } from '../audit/run-audit.js';
import { plain } from '../core/escape/terminal.js';
import { SETTING_MAX } from '../run/settings.js';
import type { Command, CommandIO } from './command.js';
import { describeError, UsageError } from './errors.js';
import { exitCodeHelp } from './exit-codes.js';
import { collect, type Flag, flagHelp, flagsFor, settingsFrom } from './flags.js';
import { type Display, initialDisplay, phaseLine, reduceDisplay } from './live/display.js';
import { integer } from './run-flags.js';
import { type OutSetting, outFlag } from './shared-flags.js';

interface AuditSettings extends OutSetting {
  only?: string[];
  plantedOnly?: boolean;
  parallel?: number;
  seed?: number;
  quiet?: boolean;
}

function parallel(t: string, flag: string): number {
  const n = Number(t);
  if (!/^\d+$/.test(t) || n < 1) throw new UsageError(`${flag} must be an integer ≥ 1`);
  if (n > SETTING_MAX.concurrency)
    throw new UsageError(`${flag} must be an integer ≤ ${SETTING_MAX.concurrency}, got ${n}`);
  return n;
}

const ids = (texts: readonly string[]) =>
  texts.flatMap((list) =>
    list
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  );

const on = flagsFor<AuditSettings>();
const AUDIT_FLAGS: readonly Flag<AuditSettings>[] = [
  outFlag({ help: 'parent of the run directories', default: 'a new directory under the system temp dir' }),
  on.list('only', {
    flag: '--only',
    arg: 'ID[,ID]',
    parse: ids,
    help: `run only these (repeatable): ${auditRunIds().join(', ')}`,
  }),
  on.switch('plantedOnly', { flag: '--planted-only', value: true, help: 'leave the real servers out' }),
  on.value('parallel', {
    flag: '--parallel',
    arg: 'N',
    parse: parallel,
    help: 'runs in flight at once',
    default: 'all',
    note: `at most ${SETTING_MAX.concurrency}`,
  }),
  on.value('seed', {
    flag: '--seed',
    arg: 'N',
    parse: integer,
    help: 'one seed for every run, to reproduce an audit',
    default: 'each run a fresh random seed',
  }),
  on.switch('quiet', {
    flag: '--quiet',
    value: true,
    help: "no progress lines (nor each run's phase counts as its live display counted them), only the table",
  }),
];

const USAGE = `Usage: fitness-report audit [--out DIR] [--only ID[,ID]] [--planted-only] [--parallel N] [--seed N] [--quiet]

Runs every planted-outcome server in examples/servers through the real pipeline (offline: heuristic
runner, explore/2 generator, default registration but for --extensions 0 on flaky-no-extensions and
--call-timeout 5000 on unanswered) and prints expected against obtained outcome,
with the refusing gate and reason, per run, and writes the same as JSON to <out>/audit.json (one
entry per run, each with "schema": "fitness-report.audit/1"). Each record's counts (trials, passes, tool calls, errors,
pending requests, tokens, suite fates, file digests) are re-derived from its tapes and suite; a
disagreement is a mismatch too. The real third-party servers of the e2e set (server-filesystem,
server-memory, server-everything, when installed) run too: their outcome is reported, not judged.
Then the yield figure: per run, candidates asked / produced / proposed / admitted / registered and
the outcome, so a generator change that costs a server its tasks shows as a number. On stderr (not
with --quiet): progress lines, then each run's phases as \`run\`'s live display counted them.

Options:
${flagHelp(AUDIT_FLAGS, {})}

${exitCodeHelp({ ok: 'every run produced its planted outcome and every count agreed with its files', finding: 'a mismatch' })}`;

interface AuditArgs {
  out: string | undefined;
  only: string[] | undefined;
  parallel: number | undefined;
  quiet: boolean;
  plantedOnly: boolean;
  seed: number | undefined;
}

function parseAuditArgs(argv: readonly string[]): AuditArgs {
  const s = settingsFrom(
    AUDIT_FLAGS,
    collect(argv, AUDIT_FLAGS, { command: 'audit', dashDash: false }).flags,
  );
  const args: AuditArgs = {
    out: s.out,
    only: s.only,
    parallel: s.parallel,
    quiet: s.quiet === true,
    plantedOnly: s.plantedOnly === true,
    seed: s.seed,
  };
  const known = new Set(auditRunIds());
  const unknown = (args.only ?? []).filter((id) => !known.has(id));
  if (unknown.length > 0) throw new UsageError(`no planted run named ${unknown.join(', ')}`);
  return args;
}

export async function audit(argv: readonly string[], io: CommandIO): Promise<number> {
  const args = parseAuditArgs(argv);
  const outDir = args.out ? resolve(io.cwd, args.out) : mkdtempSync(join(tmpdir(), 'fitness-audit-'));
  // Each run's phases as its live display counts them (the block `run` draws on a terminal).
  const live = new Map<string, Display>();
  const { reports, durationMs } = await runAudit({
    outDir,
    ...(args.only ? { only: args.only } : {}),
    plantedOnly: args.plantedOnly,
    ...(args.parallel ? { parallel: args.parallel } : {}),
    ...(args.seed === undefined ? {} : { seed: args.seed }),
    onPlan: ({ runs, skipped }) => {
      io.err(`audit: ${runs.length} run(s) into ${outDir}`);
      for (const line of skipped) io.err(`audit: left out ${line}`);
    },
    progress: args.quiet
      ? undefined
      : (id, line) => {
          if (/^(gate |record:|run )|: done$/.test(line)) io.err(`[${id}] ${line}`);
        },
    ...(args.quiet
      ? {}
      : { onEvent: (id, e) => live.set(id, reduceDisplay(live.get(id) ?? initialDisplay(0), e, 0)) }),
  });
  for (const r of reports)
    for (const p of Object.values(live.get(r.id)?.phases ?? {})) io.err(`[${r.id}] ${plain(phaseLine(p))}`);
  for (const line of auditTable(reports)) io.out(line);
  io.out('');
  io.out('Yield (candidates asked / produced by the generator / proposed / admitted / registered):');
  for (const line of yieldTable(reports)) io.out(`  ${line}`);
  const failed = reports.filter((r) => !reportPassed(r)).length;
  const seconds = Math.round(durationMs / 1000);
  io.out('');
  const reported = reports.filter((r) => r.expect === undefined).length;
  const planted = reports.length - reported;
  const realText =
    reported > 0 ? ` and ${reported} real-server run(s) were reported with their counts agreeing` : '';
  io.out(
    failed === 0
      ? `audit: all ${planted} runs produced their planted outcome${realText} (${seconds} s); runs in ${outDir}`
      : `audit: ${failed} of ${reports.length} runs did not match (${seconds} s); runs in ${outDir}`,
  );
  return failed === 0 ? 0 : 1;
}

export const auditCommand: Command = {
  name: 'audit',
  usage: USAGE,
  flags: AUDIT_FLAGS,
  async run(argv, io) {
    try {
      return await audit(argv, io);
    } catch (err) {
      if (err instanceof UsageError) {
        io.err(`fitness-report audit: ${plain(describeError(err))}`);
        return 2;
      }
      throw err;
    }
  },
};
