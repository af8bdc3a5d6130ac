import { join } from 'node:path';
import { openWireTape } from '../connect/tape.js';
import type { Target } from '../connect/target.js';
import { RUN_FILES } from '../tape/file-names.js';
import { TapeWriter } from '../tape/writer.js';
import { PRODUCER } from '../version.js';

export interface RunTapes {
  wire: TapeWriter;
  agent: TapeWriter;
  judge: TapeWriter;
}

/** The three planes of a run: wire (kind mcp), agent (kind llm, the runner), judge (kind llm). */
export function openTapes(
  dir: string,
  target: Target,
  runner: string,
  judge: string,
  secrets: string[],
  maxSessionBytes?: number,
): RunTapes {
  const cap = maxSessionBytes === undefined ? {} : { maxSessionBytes };
  const wire = openWireTape(join(dir, RUN_FILES.wire), target, cap);
  wire.addSecrets(secrets);
  // A model plane records no server: its command is the harness argv that names its model.
  const llm = (file: string, role: 'runner' | 'judge', model: string) =>
    TapeWriter.open({
      path: join(dir, file),
      meta: { label: `${role} ${model}`, command: [PRODUCER, 'run', `--${role}`, model], kind: 'llm' },
      secrets,
      ...cap,
    });
  return { wire, agent: llm(RUN_FILES.agent, 'runner', runner), judge: llm(RUN_FILES.judge, 'judge', judge) };
}

/**
 * Closes every plane with its end line, which carries the suite hash once the suite was registered
 * (the meta line was written before the suite existed; nothing is rewritten). A plane that fails to
 * flush is reported, not thrown.
 */
export async function closeTapes(tapes: RunTapes, reason: string, configHash?: string): Promise<string[]> {
  const problems: string[] = [];
  const fields = configHash === undefined ? {} : { configHash };
  for (const tape of [tapes.wire, tapes.agent, tapes.judge]) {
    await tape.close(reason, fields).catch((err: Error) => problems.push(err.message));
  }
  return problems;
}
