import { resolve } from 'node:path';
import { FitnessError } from '../core/errors.js';
import { plain } from '../core/escape/terminal.js';
import { onStopSignals } from '../core/signals.js';
import { RERUN_ALPHA } from '../record/rerun.js';
import { rerunWithRewrites } from '../run/rerun.js';
import { configEnv } from '../tape/publisher.js';
import { loadTrust } from '../tape/trust.js';
import type { Command } from './command.js';
import { describeError, UsageError } from './errors.js';
import { EXIT, exitCodeHelp } from './exit-codes.js';
import { parseRerunArgs, RERUN_ARGS, rerunFlagHelp } from './rerun-args.js';
import { targetFlagHelp } from './target-flags.js';

const USAGE = `Usage: fitness-report rerun RUN_DIR --with-rewrites [options] [target flags as for run]

Measures whether the rewrite proposals of RUN_DIR (see \`fitness-report findings RUN_DIR\`) help:
drives the SAME registered suite of RUN_DIR again (its suite.json tasks, the drive reps, seed, runner
and agent limits from its policy.json) with each proposed description, parameter documentation and
parameter rename shown to the runner in place of the server's. The server is untouched: it receives
its own tool and parameter names, and the override (tool → description shown, and the proposals it
came from) is recorded. Writes a new directory <out>/<server>-rerun-<UTC time>/ with rerun.json,
rerun-policy.json, wire/agent/judge.jsonl and signature.json; RUN_DIR is never modified (rerun.json
names its run id, record sha256 and suite hash, and the board shows the rerun with it).

What is re-run: the drive only. Generation, admission, the screen and the validity gates are not:
the suite is the same bytes over the same surface, so the original's gate decisions stand for it.

Trials are paired per trial (task id × rep), and the test is per task: reps of one task share its
prompt, key and tools, so the task is the unit. Each task's difference is its first-try successes
with the rewrites minus originally, summed over its paired reps; the verdict follows an exact
two-sided sign-flip permutation test of those differences at alpha ${RERUN_ALPHA}, pre-registered in
rerun-policy.json before the first model call ("no measurable effect" when it does not reject). The
record also carries both first-try rates with Wilson 95% intervals and the exact McNemar test on the
discordant trial pairs (b: first try passed only originally, c: only with the rewrites), as a
description only. With the offline heuristic runner the effect is the effect on a lexical agent, and
the record says so.

A run from elsewhere is data until you say otherwise. Before anything is contacted, RUN_DIR must
verify as \`fitness-report verify\` checks it (signature, every file, every verdict re-derived) and be
signed by a key you trust (your own, the trust file, or --trust). The target is then taken from the
verified record only when every copy of it agrees (record.json and the wire tape's meta line); it is
printed, and started only when you answer yes on a terminal or passed --target-from-record. Piped,
with neither and no target given again, the rerun refuses in one line and nothing starts.

Refusals:
  RUN_DIR does not verify, or its signer is not   one line, exit 1, nothing contacted
  trusted (--allow-untrusted accepts the signer)
  the recorded target, not confirmed               one line, exit 2, nothing contacted
  a run that never drove, or has no proposals     one line, exit 1, nothing written
  the server's surface changed since the run       exit 1, recorded as a REFUSED rerun with both
                                                   surface digests

Options:
${rerunFlagHelp()}

Target (default: the one RUN_DIR recorded, when it recorded it without secrets; env and cwd of a
stdio server are never recorded): the same flags as run, e.g. -- <command> [args], --url URL
[--header 'K: V'], --config FILE --server NAME, --env K=V, --secret-env K=V, --cwd DIR, --credential:
${targetFlagHelp()}

Signals: Ctrl-C (SIGINT), SIGTERM or SIGHUP (the terminal closing) stops the rerun; its servers are stopped and it is recorded (and signed)
as VOID aborted.

${exitCodeHelp({ ok: 'MEASURED: the paired effect is recorded (whatever it is)', finding: 'refused: never drove, no proposals, or the surface changed' })}`;

export const rerunCommand: Command = {
  name: 'rerun',
  usage: USAGE,
  flags: RERUN_ARGS,
  async run(argv, io) {
    let options: Parameters<typeof rerunWithRewrites>[0];
    try {
      const { trustValues, ...parsed } = parseRerunArgs(argv, io);
      const trust = loadTrust(trustValues, configEnv(io.env), (p) => resolve(io.cwd, p));
      options = { ...parsed, trust, ...(io.confirm ? { confirm: io.confirm } : {}) };
    } catch (err) {
      io.err(`fitness-report rerun: ${plain(describeError(err))}`);
      return EXIT.usage;
    }
    // A stop signal ends the rerun as a VOID record (aborted), its servers stopped, like `run`.
    const abort = new AbortController();
    const unsubscribe = onStopSignals((sig) => {
      io.err(`fitness-report rerun: ${sig}: stopping; finishing the record (VOID aborted)…`);
      abort.abort();
    }, 'once');
    try {
      const result = await rerunWithRewrites({
        ...options,
        signal: abort.signal,
        progress: (line) => io.err(plain(line)),
      });
      const r = result.record;
      if (r.outcome === 'MEASURED' && r.effect) io.out(`MEASURED ${r.effect.verdict}: ${r.effect.statement}`);
      else if (r.outcome === 'REFUSED' && r.refusal) io.out(`REFUSED surface_changed: ${r.refusal.detail}`);
      else io.out(`VOID ${r.void?.reason ?? ''}: ${r.void?.detail ?? ''}`);
      io.out(`rerun: ${result.dir}`);
      return result.exitCode;
    } catch (err) {
      io.err(`fitness-report rerun: ${plain(describeError(err))}`);
      if (err instanceof UsageError) return EXIT.usage;
      if (
        err instanceof FitnessError &&
        (err.code === 'RERUN_NEVER_DROVE' ||
          err.code === 'RERUN_NO_PROPOSALS' ||
          err.code === 'RERUN_UNVERIFIED')
      )
        return EXIT.finding;
      if (err instanceof FitnessError && err.code === 'RERUN_UNCONFIRMED') return EXIT.usage;
      return err instanceof FitnessError && err.code === 'RERUN_ORIGINAL' ? EXIT.usage : EXIT.crash;
    } finally {
      unsubscribe();
    }
  },
};
