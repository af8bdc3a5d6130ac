import { describeTarget, openSession, type Target, tapeCommand, targetSecrets } from '../connect/index.js';
import { describeError, FitnessError } from '../core/errors.js';
import { ProbeResult } from '../record/probe.js';
import { ProbeReport } from '../record/probe-report.js';
import { RESULT_SCHEMA } from '../record/result.js';
import { Redactor, TapeWriter } from '../tape/index.js';
import { type ExpectedFailures, judgeBaseline, probeExitCode } from './expected-failures.js';
import { summarize } from './report.js';
import { probeTarget } from './target.js';
import type { ProbeTape, SessionFacts } from './types.js';

export interface ProbeServerOptions {
  target: Target;
  /** Write every frame and HTTP exchange to this file (mcp-tape v1); findings then cite its lines. */
  tapePath?: string;
  /** How long one probe request may wait for its answer. */
  timeoutMs?: number;
  /** A baseline of probes expected to fail (`readExpectedFailures`). */
  expectedFailures?: ExpectedFailures;
}

/**
 * `fitness-report probe` as a job: opens a session (what it negotiated), runs every zero-token
 * probe, and returns the report `probe --json` prints, with the baseline's verdict when one is
 * given. Every string in it is scrubbed of the target's secrets (server text can echo what it was
 * sent). A server that cannot be reached at all throws its connect fault, the message scrubbed too.
 */
export async function probeServer(options: ProbeServerOptions): Promise<ProbeReport> {
  const { target } = options;
  const secrets = targetSecrets(target);
  const redactor = new Redactor(secrets);
  const label = describeTarget(target);
  const tape = options.tapePath
    ? TapeWriter.open({
        path: options.tapePath,
        meta: { label: `probe ${label}`, command: tapeCommand(target, 'probe'), kind: 'mcp' },
        secrets,
      })
    : undefined;
  let session: SessionFacts & { transportShape?: string };
  try {
    const opened = await openSession(target, { tape });
    session = {
      protocolVersion: opened.protocolVersion,
      era: opened.era,
      transportShape: opened.transportShape,
    };
    await opened.close();
  } catch (err) {
    await tape?.close('unreachable').catch(() => undefined);
    throw err instanceof FitnessError
      ? new FitnessError(err.code, redactor.scrub(err.message))
      : new FitnessError('CONNECT_FAILED', redactor.scrub(describeError(err)));
  }
  const results = await probeTarget(target, tape ?? new UnrecordedTape(), {
    session,
    ...(options.timeoutMs === undefined ? {} : { stepTimeoutMs: options.timeoutMs }),
  });
  await tape?.close('probes-complete');
  const probes = results.map((r) => ProbeResult.parse(tape ? r : { ...r, tapeRefs: [] }));
  const baseline = options.expectedFailures && judgeBaseline(probes, options.expectedFailures);
  const report: ProbeReport = {
    schema: RESULT_SCHEMA,
    command: 'probe',
    exitCode: probeExitCode(probes, baseline),
    target: label,
    session,
    summary: summarize(probes),
    probes,
    tape: tape?.path ?? null,
    ...(baseline === undefined ? {} : { baseline }),
  };
  return ProbeReport.parse(redactor.scrubValue(report));
}

/** Without a tape the probes still need line numbers; nothing is written and no reference is shown. */
class UnrecordedTape implements ProbeTape {
  private lines = 0;
  private sessions = 0;
  message(): number {
    this.lines += 1;
    return this.lines;
  }
  event(): number {
    this.lines += 1;
    return this.lines;
  }
  newSession(): string {
    this.sessions += 1;
    return `s${this.sessions}`;
  }
}
